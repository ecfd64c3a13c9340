import * as React from "react";
import { graphql } from "gatsby";
import { isContentIconName } from "../lib/icon-paths";
import { Icon } from "./icon";
import { Paragraphs } from "./paragraphs";
import { WholeWords } from "./whole-words";
import * as styles from "./service-card.module.css";

interface ServiceCardProps {
  service: Queries.ServiceCardFragment;
}

export function ServiceCard({ service }: ServiceCardProps) {
  return (
    <article className={styles.card}>
      <span className={styles.icon}>{isContentIconName(service.icon) && <Icon name={service.icon} />}</span>
      <h2 className={styles.title}>
        <WholeWords text={service.title} />
      </h2>
      <div>
        <Paragraphs text={service.text} className={styles.text} />
      </div>
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
