import type { Page } from "@playwright/test";
import { fillTemplate } from "../../src/lib/fill-template";
import { languages } from "../../contract/src/languages";
import { content, pagesIn } from "../support/content";
import { testMailService } from "./support/environment";
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

test("every page is served with the security headers and a policy that lets only the mail service be called", async ({
  request,
}) => {
  for (const path of [...routes, "/no-such-page/", "/ar/no-such-page/"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-frame-options"]).toBe("DENY");
  }
  // The not-found pages carry the policy in their HTML (the next tests): no header rule matches an unknown address.
  for (const path of routes) {
    const headers = (await request.get(path)).headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${new URL(testMailService.apiUrl).origin}(;|$)`));
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  }
  for (const path of routes) {
    expect((await request.get(path)).headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
  }
});

test("hashed scripts and pictures are cached for a year; page data is revalidated", async ({ page, request }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  await openPage(page, "/");
  expect(scripts.length).toBeGreaterThan(2);
  for (const url of scripts) {
    expect((await request.get(url)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
  const picture = await page.locator("main picture img").first().getAttribute("src");
  expect((await request.get(picture ?? "")).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await request.get("/page-data/index/page-data.json")).headers()["cache-control"]).toBe(
    "public, max-age=0, must-revalidate",
  );
});

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
