import * as React from "react";
import { graphql } from "gatsby";
import { ContactLink } from "./contact-link";
import { PhoneLine } from "./phone-line";

interface ContactListProps {
  phones: readonly { readonly number: string; readonly label: string }[];
  email: string;
  /** The messaging chat, last, where it is offered. */
  chat?: { url: string; label: string };
  className?: string;
}

/** Every phone number with what it is for, then the e-mail address, then the chat if given, one per line. */
export function ContactList({ phones, email, chat, className }: ContactListProps) {
  return (
    <ul className={className}>
      {phones.map((phone) => (
        <li key={phone.number}>
          <PhoneLine phone={phone} />
        </li>
      ))}
      <li>
        <ContactLink kind="email" value={email} />
      </li>
      {chat && (
        <li>
          <a href={chat.url} target="_blank" rel="noopener noreferrer">
            {chat.label}
          </a>
        </li>
      )}
    </ul>
  );
}

/** The phones and the e-mail address, as every list of the ways to reach the company reads them. */
export const contactListFragment = graphql`
  fragment ContactList on ContactYaml {
    phones {
      number
      label
    }
    salesEmail
  }
`;
