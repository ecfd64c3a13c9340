import * as React from "react";
import { graphql } from "gatsby";
import { AVAILABILITY_HASH } from "../lib/availability";
import { chatIcon } from "../lib/chat-icon";
import { Icon } from "./icon";
import { AddressLines } from "./address-lines";
import { ContactLink } from "./contact-link";
import { PhoneLine } from "./phone-line";
import { WholeWords } from "./whole-words";
import * as styles from "./contact-details.module.css";

interface ContactDetailsProps {
  contact: Queries.ContactDetailsFragment;
}

/**
 * The Contact page's panel: address and the way there, office hours, phone numbers, e-mail and chat.
 * It carries the availability popup's address as its id: "Check availability" links here, so that before
 * (or without) the page's scripts the visitor lands on the phones and e-mail instead of the page's top.
 */
export function ContactDetails({ contact }: ContactDetailsProps) {
  return (
    <section id={AVAILABILITY_HASH.slice(1)} className={styles.panel} aria-labelledby="contact-details-heading">
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
          {contact.mapUrl && (
            <dd>
              <a href={contact.mapUrl} target="_blank" rel="noopener noreferrer">
                {contact.directionsLabel}
              </a>
            </dd>
          )}
        </div>
        {contact.officeHours && (
          <div className={styles.item}>
            <dt>
              <Icon name="clock" className={styles.icon} />
              {contact.hoursLabel}
            </dt>
            <dd>
              <WholeWords text={contact.officeHours} />
            </dd>
          </div>
        )}
        <div className={styles.item}>
          <dt>
            <Icon name="phone" className={styles.icon} />
            {contact.phoneLabel}
          </dt>
          {contact.phones.map((phone) => (
            <dd key={phone.number}>
              <PhoneLine phone={phone} />
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
            <Icon name={chatIcon(contact.chatUrl)} className={styles.icon} />
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
    ...AddressLines
    ...ContactList
    officeHours
    hoursLabel
    mapUrl
    directionsLabel
    chatUrl
    chatPanelLink
  }
`;
