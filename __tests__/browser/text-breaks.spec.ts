import type { Page } from "@playwright/test";
import { languages, localizedPath } from "../../contract/src/languages";
import { pagesIn } from "../support/content";
import { expect, openPage, test } from "./support/fixtures";
import { sampledWidthsIn } from "./support/sampled";

/**
 * Where the site's texts break across lines, in every language from phone to
 * wide screen, whatever the editors wrote: a heading never ends on a word alone,
 * and a number stays with the word it counts or names ("25 years",
 * "Building 5"), a short hyphenated name stays whole ("Wi-Fi"), without the
 * editors typing non-breaking spaces.
 */

/** From phone to wide screen, each width in one language, the narrowest in both (support/sampled.ts). */
const widths = [320, 375, 768, 1024, 1280, 1920];

/** Every heading of the page (the slideshow's headlines among them, each laid out though one shows) of four words or more whose last line holds one word. */
function headingsEndingAlone(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const headings = document.querySelectorAll("h1, h2, h3, [aria-roledescription] li");
    for (const heading of headings) {
      // Each word with the lines it stands on: a word broken at its hyphen stands on two.
      const words: { text: string; tops: number[] }[] = [];
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? "").matchAll(/[^\s\u00A0]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top);
          if (tops.length > 0) words.push({ text: word[0], tops });
        }
      }
      if (words.length < 4) continue;
      const last = Math.max(...words.flatMap((word) => word.tops));
      const onLast = words.filter((word) => word.tops.some((top) => Math.abs(top - last) < 4));
      if (onLast.length !== 1) continue;
      // Only where the last two words could share a line: a pair wider than the heading has to part.
      const style = getComputedStyle(heading);
      const pen = document.createElement("canvas").getContext("2d");
      if (!pen) continue;
      pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const pair = pen.measureText(
        words
          .slice(-2)
          .map((word) => word.text)
          .join(" "),
      ).width;
      const room = heading.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
      if (pair <= room) found.push((heading.textContent ?? "").trim());
    }
    return found;
  });
}

/**
 * What must stay on one line and does not: a number and the word after it, a word and the number that ends its
 * phrase, a word of short parts joined by hyphens. Each is looked for in every text the page draws.
 */
function brokenUnits(page: Page) {
  return page.evaluate(() => {
    const units = [
      /\p{Nd}+(?:[.,:/]?\p{Nd})*[ \u00A0]\p{L}+/gu,
      /\p{L}+[ \u00A0]\p{Nd}+(?:[.,:/]?\p{Nd})*(?![\p{L}\p{Nd}]|[ \u00A0]\p{L})/gu,
      /(?<![\p{L}\p{Nd}-])\p{L}{1,4}(?:-\p{L}{1,4})+(?![\p{L}\p{Nd}-])/gu,
    ];
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template, noscript, [hidden]")) continue;
      if (!parent.getClientRects().length) continue;
      for (const unit of units) {
        for (const match of (node.textContent ?? "").matchAll(unit)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            [...range.getClientRects()].filter((rect) => rect.width > 0).map((r) => Math.round(r.top)),
          );
          if (tops.size > 1) broken.push(match[0].replace(/\u00A0/g, " "));
        }
      }
    }
    return broken;
  });
}

for (const language of languages) {
  const addresses = [...pagesIn(language.code).map(({ path }) => path), localizedPath("/no-such-page/", language.code)];
  for (const width of sampledWidthsIn(language, widths)) {
    test(
      `${language.name} at ${width} px: no heading ends on a word alone, no number leaves its word, no short name breaks`,
      { tag: "@full" },
      async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        const alone: string[] = [];
        const broken: string[] = [];
        for (const address of addresses) {
          await openPage(page, address);
          alone.push(...(await headingsEndingAlone(page)).map((text) => `${address}: ${text}`));
          broken.push(...(await brokenUnits(page)).map((text) => `${address}: ${text}`));
        }
        expect(alone, "headings whose last line is one word").toEqual([]);
        expect(broken, "what broke across lines").toEqual([]);
      },
    );
  }
}
