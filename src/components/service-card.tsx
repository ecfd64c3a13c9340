import * as React from "react";
import { graphql } from "gatsby";
import { isContentIconName } from "../lib/icon-paths";
import { Icon } from "./icon";
import { Paragraphs } from "./paragraphs";
import * as styles from "./service-card.module.css";

interface ServiceCardProps {
  service: Queries.ServiceCardFragment;
}

export function ServiceCard({ service }: ServiceCardProps) {
  return (
    <article className={styles.card}>
      {isContentIconName(service.icon) && (
        <span className={styles.icon}>
          <Icon name={service.icon} />
        </span>
      )}
      <h2 className={styles.title}>{service.title}</h2>
      <Paragraphs text={service.text} className={styles.text} />
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
