import type { Browser, BrowserContext } from "@playwright/test";
import { parse } from "yaml";
import { PRODUCTION_CONTEXT } from "../../plugins/site-admin/editor/publish-state";
import { statusWords } from "../../plugins/site-admin/editor/publish-status-words";
import { startGitHubApiStandIn, type GitHubApiStandIn } from "../../scripts/stand-ins/github-api";
import path from "node:path";
import { testSite } from "./support/environment";
import { expect, test } from "./support/fixtures";

/** Pictures of each state for people to look at after a run (not committed); docs/editing.md shows one. */
const screenshots = path.resolve(__dirname, "../../artifacts/screenshots");

/**
 * The editor's publishing line at /admin, in Chromium, against the GitHub API
 * stand-in: the page's calls to api.github.com are routed to it, so the built
 * editor runs as deployed, under its own policy. The editor is signed in as
 * Decap keeps a GitHub sign-in; the site is the build under test, which names
 * its commit at /version.json. Each state as the editor sees it, in English
 * and in Arabic (the browser's language): live, being published, stopped.
 */
let github: GitHubApiStandIn;
let repository: string;
let branch: string;
let liveCommit: string;

test.beforeAll(async ({ request }) => {
  const config = parse(await (await request.get("/admin/config.yml")).text()) as {
    backend: { repo: string; branch: string };
  };
  repository = config.backend.repo;
  branch = config.backend.branch;
  github = await startGitHubApiStandIn({ repository });
  // A build outside a git checkout names no commit: the deploy's success status then says it is live.
  liveCommit =
    ((await (await request.get("/version.json")).json()) as { commit: string | null }).commit ?? "c".repeat(40);
});

test.afterAll(async () => {
  await github?.close();
});

/** A browser in a language, signed in to GitHub as Decap keeps it, api.github.com being the stand-in. */
async function signedIn(browser: Browser, locale: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
  await context.route("https://api.github.com/**", async (route) => {
    const asked = new URL(route.request().url());
    const response = await route.fetch({ url: `${github.url}${asked.pathname}${asked.search}` });
    await route.fulfill({ response });
  });
  await context.addInitScript((token) => {
    window.localStorage.setItem("decap-cms-user", JSON.stringify({ backendName: "github", token, login: "editor" }));
  }, github.token);
  return context;
}

/** The editor's latest change: the branch's head, with the deploy's statuses on it (newest first). */
function latestChange(
  sha: string,
  statuses: { state: "pending" | "success" | "failure"; description?: string; target_url?: string }[],
) {
  github.branches.set(branch, { sha, date: new Date().toISOString() });
  github.statuses.set(
    sha,
    statuses.map((status) => ({ context: PRODUCTION_CONTEXT, created_at: new Date().toISOString(), ...status })),
  );
}

for (const [code, locale] of [
  ["en", "en-US"],
  ["ar", "ar-AE"],
] as const) {
  test(
    `the editor sees, in ${code === "en" ? "English" : "Arabic"}, whether the latest change is live, being published or stopped`,
    { tag: "@full" },
    async ({ browser }) => {
      const words = statusWords[code];
      const context = await signedIn(browser, locale);
      const page = await context.newPage();

      // The site the editor is served with, as a live status names it.
      const site = `${testSite.url}/`;
      latestChange(liveCommit, [{ state: "success", target_url: site }]);
      await page.goto("/admin/");
      const status = page.locator("#publish-status");
      await expect(status).toHaveAccessibleName(words.label);
      await expect(status).toHaveText(`${words.live} ${words.seeSite}`);
      await expect(status).toHaveAttribute("dir", code === "ar" ? "rtl" : "ltr");
      await expect(status.getByRole("link", { name: words.seeSite })).toHaveAttribute("href", site);
      const picture = async (state: string) => {
        await expect(page.locator("header").first()).toBeVisible();
        await page.screenshot({ path: path.join(screenshots, `publish-status-${code}-${state}.png`) });
      };
      await picture("live");

      // A Publish a minute ago: a new head, the deploy under way.
      latestChange("d".repeat(40), [{ state: "pending" }]);
      await page.reload();
      await expect(status).toHaveText(words.publishing);
      await picture("publishing");

      // The deploy's check stopped it: its words, and its report.
      const message =
        'Stopped by the content check: data/services.yaml, English (en:), entry 1 of "services", field "title": is empty.';
      latestChange("e".repeat(40), [
        { state: "failure", description: message, target_url: `https://github.com/${repository}/actions/runs/7` },
        { state: "pending" },
      ]);
      await page.reload();
      await expect(status).toContainText(message);
      await expect(status.getByRole("link", { name: words.seeReport })).toHaveAttribute(
        "href",
        `https://github.com/${repository}/actions/runs/7`,
      );
      await picture("failed");
      // Above Decap's page, never over it: the line ends where Decap's own header begins.
      const lineBox = await status.boundingBox();
      const header = await page.locator("header").first().boundingBox();
      expect(lineBox && header && lineBox.y + lineBox.height <= header.y + 0.5).toBe(true);
      await context.close();
    },
  );
}

test("an editor who is not signed in sees no publishing line", { tag: "@full" }, async ({ page }) => {
  await page.goto("/admin/");
  await expect(page.getByRole("button", { name: /Login/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("#publish-status")).toHaveCount(0);
});
