import AxeBuilder from "@axe-core/playwright";
import { AVAILABILITY_HASH } from "../../src/lib/availability";
import { languages, localizedPath } from "../../contract/src/languages";
import { pagesIn } from "../support/content";
import { expect, openPage, test } from "./support/fixtures";

/**
 * axe finds nothing to fix on any page, in either language, at phone and
 * desktop width: as it loads, with the phone menu open, and with the
 * availability popup open.
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
  const routes = [...pagesIn(language.code).map(({ path }) => path), localizedPath("/no-such-page/", language.code)];
  for (const width of [375, 1280]) {
    test.describe(`${language.name} at ${width} px`, { tag: "@full" }, () => {
      test.use({ viewport: { width, height: 900 } });

      for (const route of routes) {
        test(`${route}: nothing to fix, as it loads${width < 768 ? ", with the menu open" : ""} and with the popup open`, async ({
          page,
        }) => {
          await openPage(page, route);
          expect(await violations(page)).toEqual([]);
          if (width < 768) {
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
        });
      }
    });
  }
}
