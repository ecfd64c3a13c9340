import { languages, localizedPath } from "../../contract/src/languages";
import { contents, pagesIn } from "../support/content";
import { expect, openPage, test } from "./support/fixtures";

/**
 * Content is data: text that looks like markup, "</script>" included, is shown
 * as the very characters the editor typed, in the page, its title, its
 * attributes and its structured data, and never runs. data/ normally holds no
 * such text; the second content set (npm run test:second-content) puts some
 * in every kind of text field, so this runs there.
 */
function texts(value: unknown): string[] {
  if (typeof value === "string") return value.split(/\n\s*\n/).map((paragraph) => paragraph.trim());
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

const markupTexts = [...new Set(texts(contents).filter((text) => /<\/?[a-z]/i.test(text) && !text.includes("{")))];

test("text that looks like markup is shown as written and runs nothing", async ({ page }) => {
  test.skip(markupTexts.length === 0, "the content holds no text that looks like markup");
  const shown = new Set<string>();
  const everyPage = languages.flatMap(({ code }) => [...pagesIn(code), { path: localizedPath("/no-such-page", code) }]);
  for (const { path } of everyPage) {
    await openPage(page, path);
    // Everything a visitor or a machine reads: the title, the text, the attributes and the JSON-LD.
    const readable = await page.evaluate(() => {
      const attributes = Array.from(document.querySelectorAll("[alt], [aria-label], meta[content]"), (element) =>
        ["alt", "aria-label", "content"].map((name) => element.getAttribute(name) ?? "").join("\n"),
      );
      const data = Array.from(document.querySelectorAll('script[type="application/ld+json"]'), (script) =>
        Object.values(JSON.parse(script.textContent ?? "{}")).join("\n"),
      );
      const options = Array.from(document.querySelectorAll("option"), (option) => option.textContent ?? "");
      return [document.title, document.body.innerText, ...attributes, ...data, ...options].join("\n");
    });
    for (const text of markupTexts) if (readable.includes(text)) shown.add(text);
    // Nothing the content holds became an element.
    await expect(page.locator('[onerror], img[src="x"]')).toHaveCount(0);
  }
  expect(markupTexts.filter((text) => !shown.has(text))).toEqual([]);
});
