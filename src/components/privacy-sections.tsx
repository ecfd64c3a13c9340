import * as React from "react";
import { graphql } from "gatsby";
import { fillTemplate, splitTemplate } from "../lib/fill-template";
import { ContactLink } from "./contact-link";
import { WholeWords } from "./whole-words";
import * as styles from "./privacy-sections.module.css";

interface PrivacySectionsProps {
  content: Queries.PrivacySectionsFragment;
  companyName: string;
  salesEmail: string;
  /** How long the mail service keeps a delivered enquiry, as deployed. */
  retentionDays: number;
}

/**
 * The privacy notice's sections. The editors' texts name the company, the
 * sales address and the retention period by placeholder, so the notice says
 * what the site and the mail service actually do: the address becomes a
 * link, the company name keeps its own direction.
 */
export function PrivacySections({ content, companyName, salesEmail, retentionDays }: PrivacySectionsProps) {
  const paragraph = (text: string) =>
    // The number of days is put in first, so that it stays with the word that follows it ("90 days").
    splitTemplate(fillTemplate(text, { days: retentionDays })).map((part, index) => {
      if (index % 2 === 0) return <WholeWords key={index} text={part} />;
      if (part === "email") return <ContactLink key={index} kind="email" value={salesEmail} />;
      if (part === "company") return <bdi key={index}>{companyName}</bdi>;
      return <React.Fragment key={index}>{`{${part}}`}</React.Fragment>;
    });
  return (
    <div className={styles.sections}>
      {content.sections.map((section, index) => {
        const id = `privacy-section-${index + 1}`;
        return (
          <section key={section.title} aria-labelledby={id}>
            <h2 id={id} className={styles.title}>
              <WholeWords text={section.title} />
            </h2>
            {section.text
              .split(/\n\s*\n/)
              .map((text) => text.trim())
              .filter(Boolean)
              .map((text, paragraphIndex) => (
                <p key={paragraphIndex} className={styles.text}>
                  {paragraph(text)}
                </p>
              ))}
          </section>
        );
      })}
    </div>
  );
}

export const privacySectionsFragment = graphql`
  fragment PrivacySections on PrivacyYaml {
    sections {
      title
      text
    }
  }
`;
