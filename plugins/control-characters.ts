/** C0 controls other than tab, line feed and carriage return, DEL, and the C1 controls: never text. */
// eslint-disable-next-line no-control-regex -- finding control characters is what it is for
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * The first control character in a text, with where it is (line and column,
 * counted from 1) and its code point as an editor can look it up (U+0000);
 * null when the text holds none.
 */
export function firstControlCharacter(
  text: string,
): { codePoint: string; index: number; line: number; column: number } | null {
  const found = CONTROL_CHARACTER.exec(text);
  if (!found) return null;
  const lines = text.slice(0, found.index).split("\n");
  return {
    codePoint: `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
    index: found.index,
    line: lines.length,
    column: (lines.at(-1)?.length ?? 0) + 1,
  };
}
