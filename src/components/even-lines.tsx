import * as React from "react";
import { evenLines, shortLastLineStart, type MostPerLine } from "../lib/even-lines";
import * as styles from "./even-lines.module.css";

interface EvenLinesProps {
  /** How many items the list holds: the lines are worked out from it. */
  count: number;
  /** The most items a line has room for below --sm, from --sm, and from --lg up. */
  most: MostPerLine;
  /** The room between items: one of the spacing tokens (tokens.css). */
  gap: "space-2" | "space-4" | "space-5";
  /** Cards of this many parts (icon, title, text...), each part lined up across the line (even-lines.module.css). */
  parts?: number;
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
export function EvenLines({ count, most, gap, parts, className, children }: EvenLinesProps) {
  const perLine = evenLines(count, most);
  const style = {
    "--per-line-base": perLine.base,
    "--per-line-sm": perLine.sm,
    "--per-line-lg": perLine.lg,
    "--lines-gap": `var(--${gap})`,
    ...(parts && { "--parts": parts }),
  } as React.CSSProperties;
  const starts = {
    base: shortLastLineStart(count, perLine.base),
    sm: shortLastLineStart(count, perLine.sm),
    lg: shortLastLineStart(count, perLine.lg),
  };
  // The short last line's first item starts as many columns in (two to an item) as the line has items missing, which
  // centres the line; the items after it follow. Each item's place is its own: while a slow page is still arriving,
  // the items parsed so far stand where they will stay.
  const lead = (index: number) =>
    Object.fromEntries(
      (Object.keys(starts) as (keyof MostPerLine)[])
        .filter((width) => starts[width] === index)
        .map((width) => [`--lead-${width}`, String(perLine[width] - (count - index) + 1)]),
    );
  const classes = [styles.lines, parts ? styles.parts : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <ul className={classes} style={style}>
      {React.Children.map(children, (child, index) => {
        const leads = lead(index);
        if (!React.isValidElement<{ style?: React.CSSProperties }>(child) || Object.keys(leads).length === 0)
          return child;
        return React.cloneElement(child, { style: { ...child.props.style, ...leads } });
      })}
    </ul>
  );
}
