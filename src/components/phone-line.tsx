import * as React from "react";
import { ContactLink } from "./contact-link";
import * as styles from "./phone-line.module.css";

interface PhoneLineProps {
  phone: { readonly number: string; readonly label: string };
}

/**
 * A phone number as a link that calls it, after what it is for ("Office:").
 * The link's name is the number alone, which never breaks from its line.
 */
export function PhoneLine({ phone }: PhoneLineProps) {
  return (
    <>
      <span className={styles.label}>{phone.label}</span> <ContactLink kind="phone" value={phone.number} />
    </>
  );
}
