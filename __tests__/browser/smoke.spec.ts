import { expect, openPage, test } from "./support/fixtures";
import { site } from "./support/content";

/** Every route answers, has its title and main heading, and runs without a browser error. */
const routes = [
  {
    path: "/",
    title: "IT Support and Maintenance in Dubai",
    heading: "IT support and maintenance for businesses in Dubai and across the UAE",
  },
  { path: "/about", title: "About Us", heading: "About Us" },
  { path: "/service", title: "Our Services", heading: "Our Services" },
  { path: "/contact", title: "Contact Us", heading: "Get in Touch" },
];

for (const route of routes) {
  test(`${route.path} opens with its title and heading, without errors`, async ({ page, browserErrors }) => {
    const response = await page.request.get(route.path);
    expect(response.status()).toBe(200);

    await openPage(page, route.path);
    await expect(page).toHaveTitle(`${route.title} | ${site.companyName}`);
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
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await openPage(page, "/no-such-page");
  await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL("/");
});

test("the build publishes a sitemap of the four pages and a robots.txt pointing at it", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  expect(locations.sort()).toEqual(["/", "/about", "/contact", "/service"]);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: https:\/\/.+\/sitemap\.xml$/m);
});
