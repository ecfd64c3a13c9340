import type { Page } from "@playwright/test";
import { pagesIn } from "../support/content";
import { arabicGlossary } from "../../plugins/site-content/glossary";
import { expect, openPage, test } from "./support/fixtures";

/**
 * Every Arabic page read as an Arabic reader reads it, its pictures described and its controls named: no English
 * left among the Arabic but names (each written as the English page writes it), every number in one set of
 * digits, and the glossary's terms, never the forms it settled against (docs/languages.md).
 */

/** What a reader meets on the page: its text, the pictures' descriptions and the controls' names, in its language. */
function readerText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // The link to the other language's pages names that language in its own words: not the page's text.
    const ownLanguage = (element: Element) => {
      const marked = element.closest("[lang]");
      return !marked || marked.getAttribute("lang") === document.documentElement.lang;
    };
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && !parent.closest("script, style, noscript") && ownLanguage(parent))
        texts.push(node.textContent ?? "");
    }
    for (const element of document.querySelectorAll("[alt], [aria-label], [title], option, input[placeholder]")) {
      if (!ownLanguage(element)) continue;
      for (const name of ["alt", "aria-label", "title", "placeholder"]) texts.push(element.getAttribute(name) ?? "");
    }
    texts.push(document.title);
    return texts.join(" \n ");
  });
}

/** Addresses are written in Latin letters in every language. */
const ADDRESSES = /\S+@\S+|https?:\/\/\S+|\b[\w-]+(?:\.[\w-]+)+\b/g;
const LATIN_WORD = /[A-Za-z][A-Za-z0-9'+-]*/g;

for (const page of pagesIn("ar")) {
  const english = pagesIn("en").find(({ route }) => route === page.route);
  // Every page in the full suite; the build checks the glossary's terms every day (site-content/glossary.ts).
  const tag = ["@full"];
  test(
    `${page.path} reads as Arabic: names in Latin as English writes them, one set of digits, the glossary's terms`,
    { tag },
    async ({ page: browser }) => {
      await openPage(browser, english?.path ?? "/");
      const englishText = await readerText(browser);
      await openPage(browser, page.path);
      const arabicText = await readerText(browser);
      expect(arabicText).toContain(page.title);

      // A phrase quoted as the English page quotes it (an e-mail subject's "Possible spam") is a name as a whole.
      const unquoted = arabicText.replace(/[«"]([A-Za-z][^»"]*)[»"]/g, (whole, phrase: string) =>
        englishText.includes(`"${phrase}"`) ? " " : whole,
      );
      const latin = [...new Set(unquoted.replace(ADDRESSES, " ").match(LATIN_WORD) ?? [])];
      const notNames = latin.filter((word) => {
        const written = new RegExp(`(?<![A-Za-z])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![a-z])`);
        return /[A-Z0-9]/.test(word) ? !written.test(englishText) : !englishText.includes(`"${word}"`);
      });
      expect(notNames, "Latin words that are not names the English page writes").toEqual([]);

      expect(arabicText.match(/[\u0660-\u0669\u06F0-\u06F9]+/g) ?? [], "numbers in Arabic-Indic digits").toEqual([]);

      const plain = arabicText.replace(/[\u064B-\u0652\u0670]/gu, "");
      const avoided = arabicGlossary.flatMap(({ avoid, meaning }) => {
        const found = avoid.exec(plain)?.[0];
        return found ? [`${found} (${meaning})`] : [];
      });
      expect(avoided, "words the glossary settled against").toEqual([]);
    },
  );
}
