import * as React from "react";
import { wholeRuns } from "../lib/whole-runs";
import * as styles from "./whole-words.module.css";

/** A content text that breaks across lines only where it may: never inside "25 years", "Building 5" or "Wi-Fi". */
export function WholeWords({ text }: { text: string }) {
  return (
    <>
      {wholeRuns(text).map((run, index) =>
        run.whole ? (
          <span key={index} className={styles.whole}>
            {run.text}
          </span>
        ) : (
          <React.Fragment key={index}>{run.text}</React.Fragment>
        ),
      )}
    </>
  );
}
