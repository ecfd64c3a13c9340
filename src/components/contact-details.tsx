import * as React from "react";
import { graphql } from "gatsby";
import { Icon } from "./icon";
import { AddressLines } from "./address-lines";
import { ContactLink } from "./contact-link";
import * as styles from "./contact-details.module.css";

interface ContactDetailsProps {
  contact: Queries.ContactDetailsFragment;
}

/** The Contact page's panel: address, phone numbers, e-mail and chat. */
export function ContactDetails({ contact }: ContactDetailsProps) {
  return (
    <section className={styles.panel} aria-labelledby="contact-details-heading">
      <h2 id="contact-details-heading" className={styles.heading}>
        {contact.panelHeading}
      </h2>
      <dl className={styles.list}>
        <div className={styles.item}>
          <dt>
            <Icon name="location" className={styles.icon} />
            {contact.addressLabel}
          </dt>
          <dd>
            <AddressLines {...contact} />
          </dd>
        </div>
        <div className={styles.item}>
          <dt>
            <Icon name="phone" className={styles.icon} />
            {contact.phoneLabel}
          </dt>
          {contact.phones.map((phone) => (
            <dd key={phone}>
              <ContactLink kind="phone" value={phone} />
            </dd>
          ))}
        </div>
        <div className={styles.item}>
          <dt>
            <Icon name="mail" className={styles.icon} />
            {contact.emailLabel}
          </dt>
          <dd>
            <ContactLink kind="email" value={contact.salesEmail} />
          </dd>
        </div>
        <div className={styles.item}>
          <dt>
            <Icon name="chat" className={styles.icon} />
            {contact.chatPanelLabel}
          </dt>
          <dd>
            <a href={contact.chatUrl} target="_blank" rel="noopener noreferrer">
              {contact.chatPanelLink}
            </a>
          </dd>
        </div>
      </dl>
    </section>
  );
}

export const contactDetailsFragment = graphql`
  fragment ContactDetails on ContactYaml {
    panelHeading
    addressLabel
    phoneLabel
    emailLabel
    chatPanelLabel
    street
    city
    country
    localityLine
    phones
    salesEmail
    chatUrl
    chatPanelLink
  }
`;
