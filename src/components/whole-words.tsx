import * as React from "react";
import { wholeRuns } from "../lib/whole-runs";
import * as styles from "./whole-words.module.css";

interface WholeWordsProps {
  text: string;
  /**
   * Keeps the last two words on one line where they fit (a headline's last line never holds one word alone):
   * `text-wrap: balance` leaves a long last word by itself, as in "… src=x onerror=alert(1)>".
   */
  lastPair?: boolean;
}

/** A content text that breaks across lines only where it may: never inside "25 years", "Building 5" or "Wi-Fi". */
export function WholeWords({ text, lastPair = false }: WholeWordsProps) {
  const pairAt = lastPair ? text.trimEnd().search(/\S+\s+\S+$/) : -1;
  if (pairAt > 0) {
    return (
      <>
        <WholeWords text={text.slice(0, pairAt)} />
        {/* An inline block moves to the next line whole, and wraps inside only when wider than the line. */}
        <span className={styles.pair}>
          <WholeWords text={text.slice(pairAt)} />
        </span>
      </>
    );
  }
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
