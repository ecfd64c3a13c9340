import AxeBuilder from "@axe-core/playwright";
import { AVAILABILITY_HASH } from "../../src/lib/availability";
import { languages } from "../../contract/src/languages";
import { pagesIn } from "../support/content";
import { expect, openPage, test } from "./support/fixtures";

/**
 * axe finds nothing to fix in the states a page reaches only by a visitor's
 * action, which Lighthouse's audit of every page as it loads (npm run
 * audit:site, accessibility 100) never sees: the phone menu open, and the
 * availability popup open over a page, in each language, on a phone and on a
 * desktop. The Contact page is the one looked at: it holds the most kinds of
 * surface (the panel, the form and its notes), and the menu and the popup are
 * the same on every page. Once as it loads too, so that the second content
 * set's colours meet axe, which its audit does not run on.
 */
const MENU = 'button[aria-controls="site-menu"]';

/** What axe finds on the page as it is now: one line per problem and the elements it found it on. */
async function violations(page: Parameters<typeof openPage>[0]): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map(
    ({ id, help, nodes }) => `${id}: ${help} (${nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
}

for (const language of languages) {
  const contact = pagesIn(language.code).find(({ key }) => key === "contact")?.path ?? "/contact/";
  for (const width of [375, 1280]) {
    const phone = width < 768;
    test(
      `${language.name} at ${width} px: nothing to fix on ${contact} as it loads${phone ? ", with the menu open" : ""} and with the popup open`,
      { tag: "@full" },
      async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await openPage(page, contact);
        expect(await violations(page)).toEqual([]);
        if (phone) {
          await page.locator(MENU).click();
          await page.locator("#site-menu").waitFor({ state: "visible" });
          expect(await violations(page)).toEqual([]);
          await page.locator(MENU).click();
        }
        await page.evaluate((hash) => {
          window.location.hash = hash;
        }, AVAILABILITY_HASH);
        await page.getByRole("dialog").waitFor({ state: "visible" });
        expect(await violations(page)).toEqual([]);
      },
    );
  }
}
