/** The widths a list of equal items is laid out for: below every breakpoint, and from --sm and --lg up. */
export interface MostPerLine {
  base: number;
  sm: number;
  lg: number;
}

/**
 * How many items to put on a line, at most `most`, so that the lines are as
 * even as `count` allows: the fewest lines the room gives, then the items
 * spread over them (8 at most 7 a line: two lines of 4, not 7 and 1).
 */
export function itemsPerLine(count: number, most: number): number {
  if (count <= 0 || most <= 0) return 1;
  return Math.ceil(count / Math.ceil(count / most));
}

/** itemsPerLine at each width. */
export function evenLines(count: number, most: MostPerLine): MostPerLine {
  return {
    base: itemsPerLine(count, most.base),
    sm: itemsPerLine(count, most.sm),
    lg: itemsPerLine(count, most.lg),
  };
}

/**
 * Where the last line starts (the index of its first item) when it is shorter than the others, and so centred;
 * null when every line is full.
 */
export function shortLastLineStart(count: number, perLine: number): number | null {
  const last = count % perLine;
  return last > 0 ? count - last : null;
}
