import * as React from "react";
import { useFocusInView } from "../hooks/use-focus-in-view";
import { useLayoutContent } from "../hooks/use-layout-content";
import { ChatLink } from "./chat-link";
import { CheckAvailability } from "./check-availability";
import { ErrorBoundary } from "./error-boundary";
import { NavBar } from "./nav-bar";
import { SiteFooter } from "./site-footer";
import type { PageLocation } from "../types/page-location";
import * as styles from "./layout.module.css";

interface LayoutProps {
  location: PageLocation;
  /** The page says the address is unknown: its language link leads to the other language's home page. */
  notFound?: boolean;
  children: React.ReactNode;
}

/** The frame of every page: skip link, navigation, the page itself, footer, chat link and the availability popup. */
export function Layout({ location, notFound = false, children }: LayoutProps) {
  const { site, otherLanguages, contact, errorHeading, privacyLinkLabel, buildYear } = useLayoutContent();
  useFocusInView();
  return (
    <>
      <a className={styles.skipLink} href="#main">
        {site.skipLink}
      </a>
      <NavBar
        companyName={site.companyName}
        logo={site.logo?.childImageSharp?.gatsbyImageData}
        menuLabel={site.menuLabel}
        otherLanguages={otherLanguages}
        links={site.navigation}
        location={location}
        notFound={notFound}
      />
      <main id="main" tabIndex={-1} className={styles.main}>
        {/* Keyed by page, so a failed page does not keep its error after navigating away. */}
        <ErrorBoundary key={location.pathname} heading={errorHeading} companyName={site.companyName}>
          {children}
        </ErrorBoundary>
      </main>
      <SiteFooter site={site} contact={contact} privacyLinkLabel={privacyLinkLabel} buildYear={buildYear}>
        <ChatLink url={contact.chatUrl} label={contact.chatLabel} />
      </SiteFooter>
      <CheckAvailability location={location} />
    </>
  );
}
