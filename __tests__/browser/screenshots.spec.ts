import path from "node:path";
import { languages, localizedPath } from "../../contract/src/languages";
import { pagesIn } from "../support/content";
import { expect, openPage, test } from "./support/fixtures";

/**
 * Full-page screenshots of every page at every width a visitor brings (320 to 1920 px), written to
 * artifacts/screenshots/ (not committed) for people to look at: `npm run screenshots`, after a change to how the
 * pages look. Tagged @pictures, they are in neither test suite: what they would assert (every picture loaded,
 * nothing wider than the screen, nothing covered) the layout, frame-fit and published-pictures specs hold.
 * Every picture must have loaded first: a screenshot with holes is a failure.
 */
const routes = languages.flatMap(({ code }) => [
  ...pagesIn(code).map(({ key, path }) => ({ name: `${code}-${key}`, path })),
  { name: `${code}-not-found`, path: localizedPath("/no-such-page", code) },
]);
const folder = path.resolve(__dirname, "../../artifacts/screenshots");

for (const width of [320, 375, 768, 1024, 1280, 1920]) {
  for (const { name, path: route } of routes) {
    test(`screenshot of ${name} at ${width} px, every picture loaded`, { tag: "@pictures" }, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await openPage(page, route);
      // Lazy pictures load as they come near the view: bring each into view and wait until it has drawn.
      // (The slideshow's other slides stand beside the view, hidden by the carousel, until their turn.)
      for (const image of await page.locator("main img").all()) {
        await image.scrollIntoViewIfNeeded();
        const onScreen = await image.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.right > 0 && box.left < window.innerWidth && box.bottom > 0 && box.top < window.innerHeight;
        });
        if (!onScreen) continue;
        await expect
          .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
          .toBe(true);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
    });
  }
}
