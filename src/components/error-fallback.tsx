import * as React from "react";
import { Helmet } from "react-helmet";
import { useLanguage } from "../hooks/use-language";
import * as styles from "./error-fallback.module.css";

interface ErrorFallbackProps {
  heading: string;
  message: string;
  /** Ends the tab's title, as on every page. */
  companyName: string;
}

/**
 * What a page that failed in the browser shows in its place. The failed page's
 * head went with it, so the fallback sets its own: the page's language and
 * direction (an Arabic page stays right to left) and a title of its own.
 */
export function ErrorFallback({ heading, message, companyName }: ErrorFallbackProps) {
  const language = useLanguage();
  return (
    <div role="alert" className={styles.fallback}>
      <Helmet htmlAttributes={{ lang: language.code, dir: language.dir }}>
        <title>{`${heading} | ${companyName}`}</title>
      </Helmet>
      <h1>{heading}</h1>
      {/* The technical message is the browser's, in English whatever the page's language: it keeps its own
          direction, so its full stop stays at its end on a right-to-left page. */}
      <p className={styles.message} dir="auto">
        {message}
      </p>
    </div>
  );
}
