/**
 * How the browser specs sample their matrices: the same code draws every
 * page in both languages at every width, so a spec tries the widths where the
 * layout changes, each in one language, the languages taking turns; the
 * narrowest phone, where text is most cramped, in every language.
 */
import { languages, type Language } from "../../../contract/src/languages";
import breakpoints from "../../../src/styles/breakpoints.json";

/** The narrowest phone the site is made for, and the desktop every spec looks at. */
export const NARROWEST = 320;
export const DESKTOP = 1280;

/** The breakpoints' widths in px (640, 768, 1024), from the one list the CSS and the pictures' sizes use. */
export const breakpointWidths = Object.values(breakpoints)
  .flatMap((query) => /^\(min-width: ([\d.]+)rem\)$/.exec(query)?.[1] ?? [])
  .map((rem) => 16 * Number(rem))
  .sort((a, b) => a - b);

/** Where the layout changes: the narrowest phone, each breakpoint's two sides (a pixel below it, and at it), a desktop. */
export const layoutWidths = [NARROWEST, ...breakpointWidths.flatMap((width) => [width - 1, width]), DESKTOP];

/** Each item in one language, the languages taking turns; `start` says whose turn is first. */
export function inTurn<T>(items: readonly T[], start = 0): { item: T; language: Language }[] {
  return items.map((item, index) => ({ item, language: languages[(index + start) % languages.length] as Language }));
}

/** The widths of `widths` that fall to `language` when the languages take turns over them. */
export function widthsIn(language: Language, widths: readonly number[]): number[] {
  return inTurn(widths)
    .filter((cell) => cell.language.code === language.code)
    .map(({ item }) => item);
}

/**
 * The widths a layout spec looks at, each with its language: every width of `layoutWidths` in turn, so that each
 * breakpoint is met on one side in one direction and on the other side in the other; the narrowest in every language.
 */
export function sampledWidths(widths: readonly number[] = layoutWidths): { width: number; language: Language }[] {
  const cells = inTurn(widths).map(({ item, language }) => ({ width: item, language }));
  const narrowest = Math.min(...widths);
  const more = languages
    .filter((language) => !cells.some((cell) => cell.width === narrowest && cell.language === language))
    .map((language) => ({ width: narrowest, language }));
  return [...cells, ...more];
}

/** The widths of `sampledWidths(widths)` that fall to `language`. */
export function sampledWidthsIn(language: Language, widths: readonly number[] = layoutWidths): number[] {
  return sampledWidths(widths)
    .filter((cell) => cell.language.code === language.code)
    .map(({ width }) => width);
}
