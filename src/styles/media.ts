import media from "./breakpoints.json";

/**
 * The site's breakpoints, named: small phones and up (--sm, 640 px), tablets
 * (--md, 768 px) and desktops (--lg, 1024 px); screens too short for both
 * fixed bars (--short: a phone on its side, a laptop zoomed to 200%); and
 * browsers with JavaScript off (--no-script). The CSS writes them as
 * `@media (--md)` (the build puts in the query from breakpoints.json) and pictures
 * take their `sizes` from the same names, so a picture's slot and the layout
 * that draws it change together.
 */
export type MediaName = keyof typeof media;

export const namedMedia: Readonly<Record<MediaName, string>> = media;

/**
 * A `sizes` attribute: the width the picture takes from each breakpoint up,
 * largest first, then its width below them all.
 */
export function pictureSizes(widths: readonly [MediaName, string][], otherwise: string): string {
  return [...widths.map(([name, width]) => `${namedMedia[name]} ${width}`), otherwise].join(", ");
}
