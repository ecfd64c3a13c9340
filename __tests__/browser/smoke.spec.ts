import { languages } from "../../src/lib/languages";
import { contents, pagesIn } from "../support/content";
import { expect, openPage, test } from "./support/fixtures";

/** Every route in every language answers, has its title, language, direction and main heading, and runs without a browser error. */
for (const language of languages) {
  const { siteYaml: site, pagesYaml: texts } = contents[language.code];

  test.describe(language.name, () => {
    for (const route of pagesIn(language.code)) {
      test(`${route.path} opens with its title and heading, in its language and direction, without errors`, async ({
        page,
        browserErrors,
      }) => {
        const response = await page.request.get(route.path);
        expect(response.status()).toBe(200);

        await openPage(page, route.path);
        await expect(page).toHaveTitle(`${route.title} | ${site.companyName}`);
        await expect(page.locator("html")).toHaveAttribute("lang", language.code);
        await expect(page.locator("html")).toHaveAttribute("dir", language.dir);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
        await expect(page.getByRole("banner")).toBeVisible();
        await expect(page.getByRole("contentinfo")).toBeVisible();
        expect(browserErrors).toEqual([]);
      });

      test(`${route.path} does not scroll sideways at 320 px`, async ({ page }) => {
        await page.setViewportSize({ width: 320, height: 720 });
        await openPage(page, route.path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      });
    }

    test("an unknown address shows the not-found page with status 404 and a way home", async ({ page }) => {
      const unknown = `${language.prefix}/no-such-page`;
      const home = language.prefix || "/";
      const response = await page.goto(unknown);
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", language.code);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.notFound.heading);
      await openPage(page, unknown);
      await page.getByRole("main").getByRole("link", { name: texts.notFound.linkLabel }).click();
      await expect(page).toHaveURL(home);
    });
  });
}

test("the build publishes a sitemap of every page in every language and a robots.txt pointing at it", async ({
  request,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  expect(locations.sort()).toEqual(languages.flatMap(({ code }) => pagesIn(code).map((route) => route.path)).sort());
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: https:\/\/.+\/sitemap\.xml$/m);
});
