import * as React from "react";
import { ContactLink } from "./contact-link";

interface ContactListProps {
  phones: readonly string[];
  email: string;
  className?: string;
}

/** Every phone number, then the e-mail address, one per line, each a link. */
export function ContactList({ phones, email, className }: ContactListProps) {
  return (
    <ul className={className}>
      {phones.map((phone) => (
        <li key={phone}>
          <ContactLink kind="phone" value={phone} />
        </li>
      ))}
      <li>
        <ContactLink kind="email" value={email} />
      </li>
    </ul>
  );
}
