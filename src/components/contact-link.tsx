import * as React from "react";
import { phoneHref } from "../lib/phone-link";
import * as styles from "./contact-link.module.css";

interface ContactLinkProps {
  /** A phone number or e-mail address as the content writes it. */
  value: string;
  kind: "phone" | "email";
  className?: string;
}

/**
 * A phone number or e-mail address as a link that calls or writes to it. It
 * reads left to right in every language, so +971 stays in front on Arabic pages.
 */
export function ContactLink({ value, kind, className }: ContactLinkProps) {
  return (
    <a
      href={kind === "phone" ? phoneHref(value) : `mailto:${value}`}
      dir="ltr"
      className={className ? `${styles.link} ${className}` : styles.link}
    >
      {value}
    </a>
  );
}
