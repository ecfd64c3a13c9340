/** @jest-environment node */
import { firstControlCharacter } from "../../plugins/control-characters";

test("text, tabs and line breaks, Arabic included, hold no control character", () => {
  expect(firstControlCharacter("من نحن\tAbout us\r\nline two")).toBeNull();
});

test.each([
  ["\u0000", "U+0000"],
  ["\u0008", "U+0008"],
  ["\u000B", "U+000B"],
  ["\u001F", "U+001F"],
  ["\u007F", "U+007F"],
  ["\u0085", "U+0085"],
  ["\u009F", "U+009F"],
])("%j is found, named and placed by line and column", (character, codePoint) => {
  expect(firstControlCharacter(`<p>one</p>\n<h1>م${character}ن</h1>`)).toEqual({
    codePoint,
    index: 16,
    line: 2,
    column: 6,
  });
});
