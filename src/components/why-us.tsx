import * as React from "react";
import { graphql } from "gatsby";
import { isContentIconName } from "../lib/icon-paths";
import { EvenLines } from "./even-lines";
import { Icon } from "./icon";
import { Paragraphs } from "./paragraphs";
import { WholeWords } from "./whole-words";
import * as styles from "./why-us.module.css";

interface WhyUsProps {
  content: Queries.WhyUsFragment;
}

/** "Why Choose Us": the company's promise and its four reasons. */
export function WhyUs({ content }: WhyUsProps) {
  return (
    <section className={styles.whyUs} aria-labelledby="why-us-heading">
      <div className={styles.intro}>
        <h2 id="why-us-heading">
          <WholeWords text={content.heading} />
        </h2>
        <Paragraphs text={content.text} className={styles.text} />
      </div>
      <EvenLines count={content.points.length} most={{ base: 1, sm: 2, lg: 4 }} gap="space-4" parts={3}>
        {content.points.map((point) => (
          <li key={point.title} className={styles.point}>
            <span className={styles.icon}>{isContentIconName(point.icon) && <Icon name={point.icon} />}</span>
            <h3 className={styles.title}>
              <WholeWords text={point.title} />
            </h3>
            <div>
              <Paragraphs text={point.text} className={styles.pointText} />
            </div>
          </li>
        ))}
      </EvenLines>
    </section>
  );
}

export const whyUsFragment = graphql`
  fragment WhyUs on WhyUsYaml {
    heading
    text
    points {
      title
      text
      icon
    }
  }
`;
