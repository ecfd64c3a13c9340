import { languages } from "../../contract/src/languages";
import { contents, pagesIn } from "../support/content";
import { expect, openPage, test } from "./support/fixtures";
import { hiddenParts } from "./support/in-view";

/**
 * The phone menu, opened where it is hardest to see: on a phone held sideways
 * and on a laptop zoomed to 200%, where the top bar scrolls away with the page.
 * Its links open inside the screen and uncovered, the page behind holds still,
 * and the keyboard stays in the menu while it is open.
 */
const screens = [
  { name: "a phone on its side", width: 740, height: 360, scale: 1 },
  { name: "a laptop at 200%", width: 640, height: 450, scale: 2 },
];

for (const language of languages) {
  const { menuLabel } = contents[language.code].siteYaml;
  const home = pagesIn(language.code)[0]?.path ?? "/";
  const about = pagesIn(language.code)[1]?.path ?? "/about/";

  for (const screen of screens) {
    // Every screen and language in the full suite; the everyday suite opens the menu on a phone (below).
    test(
      `${language.name}, ${screen.name}: the opened menu's links are on screen and uncovered`,
      {
        tag: "@full",
      },
      async ({ browser }) => {
        const context = await browser.newContext({
          viewport: { width: screen.width, height: screen.height },
          deviceScaleFactor: screen.scale,
        });
        const page = await context.newPage();
        for (const route of [home, about]) {
          await openPage(page, route);
          await page.getByRole("button", { name: menuLabel }).click();
          const links = page.getByRole("navigation", { name: menuLabel }).getByRole("link");
          await expect(links.first()).toBeVisible();
          for (const link of await links.all()) {
            await link.scrollIntoViewIfNeeded();
            expect(await hiddenParts(link), `${route}: ${await link.textContent()}`).toEqual([]);
          }
          // The page behind holds still while the menu is open.
          const before = await page.evaluate(() => window.scrollY);
          await page.mouse.wheel(0, 400);
          await page.waitForTimeout(200);
          expect(await page.evaluate(() => window.scrollY)).toBe(before);
          await page.keyboard.press("Escape");
        }
        await context.close();
      },
    );
  }

  test(
    `${language.name}, phone: Tab goes round the open menu, never under it, and Escape gives focus back`,
    // The first language every day, the others in the full suite.
    { tag: language === languages[0] ? [] : ["@full"] },
    async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 700 });
      await openPage(page, home);
      const menu = page.getByRole("button", { name: menuLabel });
      await menu.click();
      const links = page.getByRole("navigation", { name: menuLabel }).getByRole("link");
      const count = await links.count();
      const reached: string[] = [];
      for (let step = 0; step < count + 2; step += 1) {
        await page.keyboard.press("Tab");
        reached.push(
          await page.evaluate(() =>
            document.activeElement?.tagName === "BUTTON"
              ? "the menu button"
              : (document.activeElement?.textContent?.trim() ?? ""),
          ),
        );
      }
      // Each link once, then the button again: focus never left the menu.
      expect(reached).toEqual([
        ...(await links.allTextContents()).map((text) => text.trim()),
        "the menu button",
        reached[0],
      ]);
      await page.keyboard.press("Shift+Tab");
      await expect(menu).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menu).toBeFocused();
      await expect(menu).toHaveAttribute("aria-expanded", "false");
    },
  );
}
