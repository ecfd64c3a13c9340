/**
 * @jest-environment node
 *
 * The jobs on the finished build run in one list (plugins/site-finish/steps.ts): each is named and says what it
 * writes, and the order their inputs need holds.
 */
import { finishingSteps } from "../../plugins/site-finish/steps";

const names = finishingSteps.map((step) => step.name);

test("every step has a name of its own and says what it reads and writes", () => {
  expect(new Set(names).size).toBe(names.length);
  for (const step of finishingSteps) {
    expect(step.reads).toMatch(/\w/);
    expect(step.writes).toMatch(/\w/);
  }
});

test("the styles' check reads webpack's record before the output step removes it", () => {
  expect(names.indexOf("styles")).toBeLessThan(names.indexOf("output"));
});

test("the headers come last: they hash the pages as the scripts step left them and list every file written", () => {
  expect(names.at(-1)).toBe("headers");
  expect(names.indexOf("scripts")).toBeGreaterThanOrEqual(0);
});
