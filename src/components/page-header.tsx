import * as React from "react";
import { Paragraphs } from "./paragraphs";
import { WholeWords } from "./whole-words";
import * as styles from "./page-header.module.css";

interface PageHeaderProps {
  heading: string;
  intro?: string;
  children?: React.ReactNode;
}

/** The light-blue band with the page's main heading that opens every page but the home page. */
export function PageHeader({ heading, intro, children }: PageHeaderProps) {
  return (
    <div className={styles.band}>
      <div className={styles.inner}>
        <h1 className={styles.heading}>
          <WholeWords text={heading} />
        </h1>
        {intro && <Paragraphs text={intro} className={styles.intro} />}
        {children && <div className={styles.actions}>{children}</div>}
      </div>
    </div>
  );
}
