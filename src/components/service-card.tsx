import * as React from "react";
import { graphql } from "gatsby";
import { isContentIconName } from "../lib/icon-paths";
import { CheckAvailabilityLink } from "./check-availability-link";
import { Icon } from "./icon";
import { Paragraphs } from "./paragraphs";
import { WholeWords } from "./whole-words";
import * as styles from "./service-card.module.css";

interface ServiceCardProps {
  service: Queries.ServiceCardFragment;
  /** The words of its "check availability" link. */
  availabilityLabel: string;
}

/** A service: its icon, title and text, and a way to ask whether the company can provide it. */
export function ServiceCard({ service, availabilityLabel }: ServiceCardProps) {
  const titleId = React.useId();
  return (
    <article className={styles.card}>
      <span className={styles.icon}>{isContentIconName(service.icon) && <Icon name={service.icon} />}</span>
      <h2 id={titleId} className={styles.title}>
        <WholeWords text={service.title} />
      </h2>
      <div>
        <Paragraphs text={service.text} className={styles.text} />
      </div>
      <CheckAvailabilityLink label={availabilityLabel} describedBy={titleId} />
    </article>
  );
}

export const serviceCardFragment = graphql`
  fragment ServiceCard on ServicesYamlServices {
    title
    text
    icon
  }
`;
