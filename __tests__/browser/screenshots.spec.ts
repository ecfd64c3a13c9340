import path from "node:path";
import { expect, openPage, test } from "./support/fixtures";

/**
 * Full-page screenshots of every page at phone and desktop width, written to
 * artifacts/screenshots/ (not committed) for people to look at after a run.
 */
const routes = { home: "/", about: "/about", service: "/service", contact: "/contact", "not-found": "/no-such-page" };
const folder = path.resolve(__dirname, "../../artifacts/screenshots");

for (const width of [375, 1280]) {
  for (const [name, route] of Object.entries(routes)) {
    test(`screenshot of ${name} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await openPage(page, route);
      // Lazy pictures load as they scroll into view; bring each into view and wait for it to fade in.
      for (const image of await page.locator("main img[data-main-image]").all()) {
        await image.scrollIntoViewIfNeeded();
        await expect(image).toHaveCSS("opacity", "1");
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      const file = path.join(folder, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
    });
  }
}
