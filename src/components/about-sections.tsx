import * as React from "react";
import { graphql } from "gatsby";
import { Paragraphs } from "./paragraphs";
import { WholeWords } from "./whole-words";
import * as styles from "./about-sections.module.css";

interface AboutSectionsProps {
  content: Queries.AboutSectionsFragment;
}

/** Who we are, Vision, Mission and Values. */
export function AboutSections({ content }: AboutSectionsProps) {
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
