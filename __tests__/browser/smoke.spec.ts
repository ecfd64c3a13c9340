import { expect, openPage, test } from "./support/fixtures";
import { content, pages } from "../support/content";

const { companyName } = content.siteYaml;
const { notFound } = content.pagesYaml;

/** Every route answers, has its title and main heading, and runs without a browser error. */
for (const route of pages) {
  test(`${route.path} opens with its title and heading, without errors`, async ({ page, browserErrors }) => {
    const response = await page.request.get(route.path);
    expect(response.status()).toBe(200);

    await openPage(page, route.path);
    await expect(page).toHaveTitle(`${route.title} | ${companyName}`);
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
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(notFound.heading);
  await openPage(page, "/no-such-page");
  await page.getByRole("main").getByRole("link", { name: notFound.linkLabel }).click();
  await expect(page).toHaveURL("/");
});

test("the build publishes a sitemap of every page and a robots.txt pointing at it", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  expect(locations.sort()).toEqual(pages.map((route) => route.path).sort());
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: https:\/\/.+\/sitemap\.xml$/m);
});
