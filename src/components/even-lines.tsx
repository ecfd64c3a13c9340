import * as React from "react";
import { evenLines, type MostPerLine } from "../lib/even-lines";
import * as styles from "./even-lines.module.css";

interface EvenLinesProps {
  /** How many items the list holds: the lines are worked out from it. */
  count: number;
  /** The most items a line has room for below --sm, from --sm, and from --lg up. */
  most: MostPerLine;
  /** The room between items: one of the spacing tokens (tokens.css). */
  gap: "space-2" | "space-4" | "space-5";
  className?: string;
  /** The items, as <li> elements. */
  children: React.ReactNode;
}

/**
 * A list of items of one size (pictures, cards) laid out in lines as even as
 * their number allows, whatever an editor adds or removes: eight pictures make
 * two lines of four, never seven and a widened eighth; five cards make three
 * and two, centred.
 */
export function EvenLines({ count, most, gap, className, children }: EvenLinesProps) {
  const perLine = evenLines(count, most);
  const style = {
    "--per-line-base": perLine.base,
    "--per-line-sm": perLine.sm,
    "--per-line-lg": perLine.lg,
    "--lines-gap": `var(--${gap})`,
  } as React.CSSProperties;
  return (
    <ul className={className ? `${styles.lines} ${className}` : styles.lines} style={style}>
      {children}
    </ul>
  );
}
