import * as React from "react";
import { graphql } from "gatsby";
import { CheckAvailabilityLink } from "./check-availability-link";
import { Paragraphs } from "./paragraphs";
import { WholeWords } from "./whole-words";
import * as styles from "./about-sections.module.css";

interface AboutSectionsProps {
  content: Queries.AboutSectionsFragment;
  /** The words of the "check availability" link under the sections. */
  availabilityLabel: string;
}

/** Who we are, Vision, Mission and Values, then a way to ask whether the company can help. */
export function AboutSections({ content, availabilityLabel }: AboutSectionsProps) {
  return (
    <div className={styles.sections}>
      {content.sections.map((section, index) => {
        const id = `about-section-${index + 1}`;
        return (
          <section key={section.title} aria-labelledby={id} className={index === 0 ? styles.lead : styles.section}>
            <h2 id={id} className={styles.title}>
              <WholeWords text={section.title} />
            </h2>
            <Paragraphs text={section.text} className={styles.text} />
          </section>
        );
      })}
      <p className={styles.action}>
        <CheckAvailabilityLink label={availabilityLabel} />
      </p>
    </div>
  );
}

export const aboutSectionsFragment = graphql`
  fragment AboutSections on AboutYaml {
    sections {
      title
      text
    }
  }
`;
