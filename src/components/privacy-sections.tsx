import * as React from "react";
import { graphql } from "gatsby";
import { useLanguage } from "../hooks/use-language";
import { countWords } from "../lib/count-words";
import { fillTemplate, splitTemplate } from "../lib/fill-template";
import { ContactLink } from "./contact-link";
import { TemplateText } from "./template-text";
import { WholeWords } from "./whole-words";
import * as styles from "./privacy-sections.module.css";

/** What the notice states about the mail service as deployed (plugins/build-settings.ts, mailServiceFacts). */
export interface MailServiceFacts {
  retentionDays: number;
  /** Days an enquiry held as possible spam is kept for review. */
  spamRetentionDays: number;
  wayOut: string;
  /** Where the database is kept, named in the page's language. */
  databaseRegion: string;
  /** Days a deleted enquiry can be restored from the database's past. */
  restoreDays: number;
  /** Who hosts the site itself. */
  siteHost: string;
}

interface PrivacySectionsProps {
  content: Queries.PrivacySectionsFragment;
  companyName: string;
  salesEmail: string;
  facts: MailServiceFacts;
}

/**
 * The privacy notice's sections, then the date it last changed. The editors'
 * texts name every fact by placeholder, so the notice says what the site and
 * the mail service actually do: the retentions, the way out, the database's
 * region and how long it keeps what is deleted, and who hosts the site come
 * from the deployment's settings, the controller from the notice's own
 * fields. Addresses become links; names keep their own
 * direction.
 */
export function PrivacySections({ content, companyName, salesEmail, facts }: PrivacySectionsProps) {
  const { locale } = useLanguage();
  const { controller } = content;
  const names: Readonly<Record<string, string>> = {
    company: companyName,
    legalName: controller.legalName,
    legalForm: controller.legalForm,
    licence: controller.licence,
    address: controller.address,
    mailbox: content.mailboxProvider,
    wayOut: facts.wayOut,
    databaseRegion: facts.databaseRegion,
    siteHost: facts.siteHost,
  };
  const links: Readonly<Record<string, string>> = { email: salesEmail, privacyEmail: content.privacyEmail };
  const paragraph = (text: string) =>
    // The numbers of days are put in first, so that each stays with its word ("90 days").
    splitTemplate(
      fillTemplate(text, {
        days: countWords(content.dayCount, facts.retentionDays, locale),
        restoreDays: countWords(content.dayCount, facts.restoreDays, locale),
        spamDays: countWords(content.dayCount, facts.spamRetentionDays, locale),
      }),
    ).map((part, index) => {
      if (index % 2 === 0) return <WholeWords key={index} text={part} />;
      const link = links[part];
      if (link !== undefined) return <ContactLink key={index} kind="email" value={link} />;
      const name = names[part];
      if (name !== undefined)
        return (
          <bdi key={index}>
            <WholeWords text={name} />
          </bdi>
        );
      return <React.Fragment key={index}>{`{${part}}`}</React.Fragment>;
    });
  const changed = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${content.lastChanged}T00:00:00Z`),
  );
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
      <p className={styles.changed}>
        <TemplateText
          template={content.lastChangedLine}
          values={{
            date: (
              <time dateTime={content.lastChanged} className={styles.date}>
                {changed}
              </time>
            ),
          }}
        />
      </p>
    </div>
  );
}

export const privacySectionsFragment = graphql`
  fragment PrivacySections on PrivacyYaml {
    controller {
      legalName
      legalForm
      licence
      address
    }
    privacyEmail
    mailboxProvider
    dayCount {
      one
      two
      few
      many
      other
    }
    sections {
      title
      text
    }
    lastChanged
    lastChangedLine
  }
`;
