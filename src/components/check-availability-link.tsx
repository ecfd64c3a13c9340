import * as React from "react";
import { useLanguage } from "../hooks/use-language";
import { AVAILABILITY_HASH } from "../lib/availability";
import * as styles from "./check-availability-link.module.css";

interface CheckAvailabilityLinkProps {
  /** Its words (enquiry-form.yaml's checkAvailabilityLabel), from the page's query. */
  label: string;
  /** The id of what the link is about (a service card's title), read out after its words. */
  describedBy?: string;
}

/**
 * "Check availability": opens the availability popup on the page it is on,
 * its first field ready to type in. It is a link to the Contact page's popup,
 * so that it leads somewhere before the page's scripts have come, and without
 * JavaScript (the Contact page then gives the phones and e-mail); once React
 * runs, it opens the popup where the visitor is, through the popup's own
 * address (#check-availability), which closing it takes off again.
 */
export function CheckAvailabilityLink({ label, describedBy }: CheckAvailabilityLinkProps) {
  const language = useLanguage();
  return (
    <a
      href={`${language.path("/contact")}${AVAILABILITY_HASH}`}
      className={styles.link}
      aria-describedby={describedBy}
      onClick={(event) => {
        event.preventDefault();
        window.location.hash = AVAILABILITY_HASH;
      }}
    >
      {label}
    </a>
  );
}
