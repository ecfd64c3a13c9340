/**
 * Where a content text must not break across lines, found in the text itself
 * so that editors never type a non-breaking space: a number stays with the
 * word it counts or names ("25 years", "9 am", "Building 5", "مكتب 1204"),
 * and a short hyphenated word stays one word ("Wi-Fi", "on-site", "e-mail"),
 * which in a right-to-left line would otherwise break into "-Wi" and "Fi".
 */

/** A non-breaking space: the two words it joins move to the next line together. */
export const NBSP = "\u00A0";

export interface Run {
  text: string;
  /** Drawn on one line whatever the room (a short hyphenated word); other runs break only at their spaces. */
  whole: boolean;
}

const NUMBER = String.raw`\p{Nd}(?:[.,:/]?\p{Nd})*`;
/** A number and the word after it: what it counts (25 years, 9 am). */
const NUMBER_THEN_WORD = new RegExp(String.raw`(${NUMBER}) (?=\p{L})`, "gu");
/** A word and a number that ends a phrase: what it names (Building 5, Office 1204). */
const WORD_THEN_LAST_NUMBER = new RegExp(String.raw`(\p{L}) (?=${NUMBER}(?![\p{L}\p{Nd}]|${NBSP}))`, "gu");
/** A word of short parts joined by hyphens, alone between spaces or punctuation: Wi-Fi, on-site, e-mail. */
const SHORT_HYPHENATED = /(?<![\p{L}\p{Nd}-])\p{L}{1,4}(?:-\p{L}{1,4})+(?![\p{L}\p{Nd}-])/gu;

/** The text cut into runs: the numbers joined to their words, each short hyphenated word a whole run of its own. */
export function wholeRuns(text: string): Run[] {
  const joined = text.replace(NUMBER_THEN_WORD, `$1${NBSP}`).replace(WORD_THEN_LAST_NUMBER, `$1${NBSP}`);
  const runs: Run[] = [];
  let from = 0;
  for (const match of joined.matchAll(SHORT_HYPHENATED)) {
    if (match.index > from) runs.push({ text: joined.slice(from, match.index), whole: false });
    runs.push({ text: match[0], whole: true });
    from = match.index + match[0].length;
  }
  if (from < joined.length || runs.length === 0) runs.push({ text: joined.slice(from), whole: false });
  return runs;
}
