/**
 * The pages under their policy in the browser: nothing the site does is blocked, the not-found page carries the
 * policy in its HTML where no header rule reaches it, and the build publishes no source map. What each host sends
 * (the headers, the policy, the caching) is the host tests' (__tests__/hosts/).
 */
import type { Page } from "@playwright/test";
import { fillTemplate } from "../../src/lib/fill-template";
import { languages } from "../../contract/src/languages";
import { content, pagesIn } from "../support/content";
import { expect, freezeClock, openPage, test } from "./support/fixtures";

const routes = languages.flatMap(({ code }) => pagesIn(code).map((page) => page.path));

/** Records every Content-Security-Policy violation the page reports, from the first byte on. */
async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

// Every day, the one look at each page (smoke.spec.ts) fails on any browser error, a violation included.
test(
  "under the policy, every page in every language, the slideshow and the popup work with no violation",
  { tag: "@full" },
  async ({ page }) => {
    const violations = await watchCspViolations(page);
    await page.clock.install();

    for (const path of [...routes.filter((route) => route !== "/"), "/no-such-page/", "/ar/no-such-page/"])
      await openPage(page, path);

    await openPage(page, "/");
    await freezeClock(page);
    await page.mouse.move(5, 890);
    await page.clock.runFor(8_600);
    const { dotLabel, slides } = content.slidesYaml;
    const secondDot = fillTemplate(dotLabel, { number: 2, total: slides.length });
    await expect(page.getByRole("button", { name: secondDot, exact: true })).toHaveAttribute("aria-current", "true");
    await page.clock.resume();

    await openPage(page, "/service/#check-availability");
    await expect(page.getByRole("dialog")).toBeVisible();

    expect(violations).toEqual([]);
  },
);

test("an unknown address shows the not-found page under the same policy, though no header rule can reach it", async ({
  page,
}) => {
  const violations = await watchCspViolations(page);
  await openPage(page, "/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);

  // What an injected script would try: the policy in the page refuses it.
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.join()).toContain("script-src");
});

test("the build's source maps and webpack stats are not published", async ({ page, request }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
  });
  await openPage(page, "/");
  expect(scripts.length).toBeGreaterThan(2);
  for (const script of scripts) expect((await request.get(`${script}.map`)).status()).toBe(404);
  expect((await request.get("/webpack.stats.json")).status()).toBe(404);
});
