import * as React from "react";
import { Link } from "gatsby";
import { useCurrentYear } from "../hooks/use-current-year";
import { useLanguage } from "../hooks/use-language";
import { TemplateText } from "./template-text";
import { AddressLines } from "./address-lines";
import { ContactList } from "./contact-list";
import { WholeWords } from "./whole-words";
import * as styles from "./site-footer.module.css";

interface SiteFooterProps {
  site: Pick<
    Queries.LayoutContentQuery["allSiteYaml"]["nodes"][number],
    | "companyName"
    | "blurb"
    | "navigation"
    | "quickLinksHeading"
    | "contactHeading"
    | "copyright"
    | "designerCredit"
    | "designerUrl"
  >;
  contact: Pick<
    Queries.LayoutContentQuery["allContactYaml"]["nodes"][number],
    "street" | "city" | "country" | "localityLine" | "phones" | "salesEmail"
  >;
  /** The link to the privacy notice, in the footer's bottom line. */
  privacyLinkLabel: string;
  buildYear: number;
  /** Shown last in the footer landmark, such as the floating chat link. */
  children?: React.ReactNode;
}

export function SiteFooter({ site, contact, privacyLinkLabel, buildYear, children }: SiteFooterProps) {
  const year = useCurrentYear(buildYear);
  const language = useLanguage();
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className={styles.heading}>
            {site.companyName}
          </h2>
          <p className={styles.blurb}>
            <WholeWords text={site.blurb} />
          </p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            {site.quickLinksHeading}
          </h2>
          <ul className={styles.list}>
            {site.navigation.map((link) => (
              <li key={link.path}>
                <Link to={language.path(link.path)}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            {site.contactHeading}
          </h2>
          <address className={styles.address}>
            <p>
              <AddressLines {...contact} />
            </p>
            <ContactList className={styles.list} phones={contact.phones} email={contact.salesEmail} />
          </address>
        </section>
      </div>
      <div className={styles.bottom}>
        <p>
          <TemplateText template={site.copyright} values={{ year, company: site.companyName }} />
        </p>
        <p className={styles.bottomLinks}>
          <Link to={language.path("/privacy")}>{privacyLinkLabel}</Link>
          <a href={site.designerUrl} target="_blank" rel="noopener noreferrer">
            {site.designerCredit}
          </a>
        </p>
      </div>
      {children}
    </footer>
  );
}
