import * as React from "react";
import * as styles from "./split-section.module.css";

interface SplitSectionProps {
  aside: React.ReactNode;
  children: React.ReactNode;
}

/** A narrow column beside a wide one on large screens; stacked on small ones. */
export function SplitSection({ aside, children }: SplitSectionProps) {
  return (
    <div className={styles.columns}>
      <div>{aside}</div>
      <div>{children}</div>
    </div>
  );
}
