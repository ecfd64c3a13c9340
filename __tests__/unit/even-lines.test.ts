import { evenLines, itemsPerLine, shortLastLineStart } from "../../src/lib/even-lines";

test("lines are as even as the count allows, within the room of a line", () => {
  expect(itemsPerLine(8, 7)).toBe(4);
  expect(itemsPerLine(9, 8)).toBe(5);
  expect(itemsPerLine(3, 8)).toBe(3);
  expect(itemsPerLine(5, 3)).toBe(3);
  expect(evenLines(6, { base: 1, sm: 2, lg: 4 })).toEqual({ base: 1, sm: 2, lg: 3 });
});

test("the short last line starts after the full ones; none when every line is full", () => {
  expect(shortLastLineStart(5, 3)).toBe(3);
  expect(shortLastLineStart(9, 5)).toBe(5);
  expect(shortLastLineStart(8, 4)).toBeNull();
  expect(shortLastLineStart(3, 3)).toBeNull();
});
