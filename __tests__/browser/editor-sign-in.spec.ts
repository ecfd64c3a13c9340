import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page, Request } from "@playwright/test";
import { cmsBackendFrom, cmsConfig } from "../../plugins/site-admin/cms-config";
import { configFile } from "../../plugins/site-admin/editor-files";
import { holdFreePort } from "../../scripts/free-ports";
import { startPagesDev, type PagesDev } from "../../scripts/pages-dev";
import {
  ACCEPTED_CODE,
  ISSUED_TOKEN,
  OAUTH_APP,
  startGitHubStandIn,
  type GitHubStandIn,
} from "./support/github-stand-in";
import { expect, test } from "./support/fixtures";

/**
 * The editor's sign-in on Cloudflare Pages: the built editor (public/admin/),
 * configured as a Cloudflare build configures it, served by `wrangler pages
 * dev` with the site's functions/, against a stand-in for GitHub's OAuth
 * addresses; GitHub's API is answered in the browser, which records what the
 * editor sends it. In the full suite: the sign-in's own rules (where the
 * secret goes, the words for GitHub's refusals, what its pages' script may
 * hold) are unit/sign-in.test.ts's, every day.
 */

const REPOSITORY = "example/website";
let github: GitHubStandIn;
let site: PagesDev;
let siteFolder: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  github = await startGitHubStandIn();
  // The editor is told its sign-in address when it is built: the port is held from then until the site binds it.
  const held = await holdFreePort();
  const origin = `http://127.0.0.1:${held.port}`;
  siteFolder = fs.mkdtempSync(path.join(os.tmpdir(), "editor-sign-in-"));
  const built = path.resolve(__dirname, "../../public");
  fs.cpSync(path.join(built, "admin"), path.join(siteFolder, "admin"), { recursive: true });
  fs.copyFileSync(path.join(built, "_headers"), path.join(siteFolder, "_headers"));
  const backend = cmsBackendFrom({ CMS_REPO: REPOSITORY, CMS_AUTH_URL: `${origin}/api/auth` });
  fs.writeFileSync(path.join(siteFolder, "admin", "config.yml"), configFile(cmsConfig({ backend })));
  await held.release();
  site = await startPagesDev({
    root: siteFolder,
    port: held.port,
    quiet: true,
    functions: true,
    vars: {
      GITHUB_CLIENT_ID: OAUTH_APP.clientId,
      GITHUB_CLIENT_SECRET: OAUTH_APP.clientSecret,
      GITHUB_OAUTH_URL: github.url,
    },
  });
});

test.afterAll(async () => {
  await site?.close();
  await github?.close();
  fs.rmSync(siteFolder, { recursive: true, force: true });
});

/** Answers GitHub's API in the browser (nothing leaves the machine) and records each request the editor makes. */
async function answerGitHubApi(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  await page.context().route("https://api.github.com/**", async (route) => {
    requests.push(route.request());
    const { pathname } = new URL(route.request().url());
    if (pathname === "/user") {
      await route.fulfill({ json: { login: "editor", name: "An Editor", avatar_url: "" } });
    } else {
      await route.fulfill({ status: 404, json: { message: "Not Found" } });
    }
  });
  return requests;
}

/** A sign-in window's page says what happened and carries no token. */
async function expectRefusal(page: Page, heading: string | RegExp, message: RegExp) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(page.getByRole("status")).toHaveText(message);
  expect(await page.content()).not.toContain(ISSUED_TOKEN);
}

test(
  "an editor signs in with GitHub, and the editor's next request to GitHub carries the token",
  { tag: "@full" },
  async ({ page }) => {
    const api = await answerGitHubApi(page);
    await page.goto(`${site.url}/admin/`);
    const signIn = page.waitForEvent("popup");
    await page.getByRole("button", { name: /Login with GitHub/i }).click();
    const signInWindow = await signIn;
    await signInWindow.waitForEvent("close");

    expect(github.exchanges).toEqual([
      {
        client_id: OAUTH_APP.clientId,
        client_secret: OAUTH_APP.clientSecret,
        code: ACCEPTED_CODE,
        redirect_uri: `${site.url}/api/callback`,
      },
    ]);
    await expect.poll(() => api.length).toBeGreaterThan(0);
    expect(api[0]?.headers().authorization).toBe(`token ${ISSUED_TOKEN}`);
  },
);

test(
  "the sign-in starts at GitHub with the app's client id, the scope and a state kept in a secure cookie",
  { tag: "@full" },
  async ({ request }) => {
    const answer = await request.get(`${site.url}/api/auth?provider=github&scope=repo`, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    const to = new URL(answer.headers().location ?? "");
    expect(`${to.origin}${to.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(to.searchParams.get("client_id")).toBe(OAUTH_APP.clientId);
    expect(to.searchParams.get("scope")).toBe("repo");
    expect(to.searchParams.get("redirect_uri")).toBe(`${site.url}/api/callback`);
    const state = to.searchParams.get("state") ?? "";
    expect(state).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.headers()["set-cookie"]).toBe(
      `__Host-editor-sign-in=${state}; Path=/; Max-Age=600; Secure; HttpOnly; SameSite=Lax`,
    );
  },
);

test(
  "a callback whose state is wrong or missing ends in a page that says so, and GitHub is not asked",
  { tag: "@full" },
  async ({ page }) => {
    const before = github.exchanges.length;
    // A state of the attacker's, with no cookie of this browser's.
    await page.goto(`${site.url}/api/callback?code=${ACCEPTED_CODE}&state=${"0".repeat(64)}`);
    await expectRefusal(page, "Sign-in refused", /could not be checked/);
    // A real sign-in started in this browser, then a callback without its state.
    await page.goto(`${site.url}/api/auth?provider=github`);
    await page.goto(`${site.url}/api/callback?code=${ACCEPTED_CODE}`);
    await expectRefusal(page, "Sign-in refused", /could not be checked/);
    expect(github.exchanges.length).toBe(before + 1);
  },
);

test(
  "a code GitHub refuses ends in a page that says why in the site's words, and no token",
  { tag: "@full" },
  async ({ page }) => {
    // GitHub sends the window back with a code it will not exchange (expired, or used once already).
    github.nextCode = "a-code-github-refuses";
    await page.goto(`${site.url}/api/auth?provider=github`);
    await expectRefusal(
      page,
      "GitHub refused the sign-in",
      /^GitHub's sign-in code had expired or was already used\. Close this window/,
    );
    expect(github.exchanges.at(-1)?.code).toBe("a-code-github-refuses");
  },
);

test(
  "GitHub's own refusal ends in a page in the site's words, never in words taken from the address",
  { tag: "@full" },
  async ({ page }) => {
    // The sign-in starts, and stops at GitHub's page, which (in the stand-in) would approve at once and use up the
    // state: the redirect there is taken with its cookie, and not followed.
    let toGitHub = "";
    await page.route(
      (address) => address.pathname === "/api/auth",
      async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        toGitHub = response.headers().location ?? "";
        await route.fulfill({ body: "GitHub", headers: { "Set-Cookie": response.headers()["set-cookie"] ?? "" } });
      },
    );
    await page.goto(`${site.url}/api/auth?provider=github`);
    const state = new URL(toGitHub).searchParams.get("state");
    const planted = "Your account is locked: call +1 555 0100 now";
    await page.goto(
      `${site.url}/api/callback?error=access_denied&error_description=${encodeURIComponent(planted)}&state=${state}`,
    );
    await expectRefusal(page, "GitHub did not sign you in", /^You \(or GitHub\) declined to let the editor use/);
    expect(await page.content()).not.toContain("555 0100");
  },
);

test(
  "the state is checked before anything else: a forged answer is refused whatever else it says",
  { tag: "@full" },
  async ({ page }) => {
    const before = github.exchanges.length;
    await page.goto(`${site.url}/api/callback?error=redirect_uri_mismatch&state=${"1".repeat(64)}`);
    await expectRefusal(page, "Sign-in refused", /could not be checked/);
    expect(github.exchanges.length).toBe(before);
  },
);

test(
  "a scope other than the repository's is refused, and the page repeats nothing of the address",
  { tag: "@full" },
  async ({ request, page }) => {
    for (const scope of ["repo,user", "admin:org", "delete_repo"]) {
      const answer = await request.get(`${site.url}/api/auth?provider=github&scope=${encodeURIComponent(scope)}`, {
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(400);
      expect(answer.headers()["set-cookie"]).toBeUndefined();
    }
    // A link anyone can write, with markup for a scope: the site's words only, and nothing of it runs (noDialogs).
    const hostile = '</script><img src=x onerror="alert(1)">';
    await page.goto(`${site.url}/api/auth?provider=github&scope=${encodeURIComponent(hostile)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-in refused");
    await expect(page.getByRole("img")).toHaveCount(0);
    expect(await page.content()).not.toContain("onerror");
  },
);

test("a sign-in GitHub refuses tells the editor window, which stops waiting", { tag: "@full" }, async ({ page }) => {
  await answerGitHubApi(page);
  // What the sign-in window posts to the editor, as the editor receives it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { signInMessages: seen });
    window.addEventListener("message", (event) => {
      if (typeof event.data === "string") seen.push(event.data);
    });
  });
  await page.goto(`${site.url}/admin/`);
  github.nextCode = "a-code-github-refuses";
  const signIn = page.waitForEvent("popup");
  await page.getByRole("button", { name: /Login with GitHub/i }).click();
  // The sign-in window's own page (tested above) lasts only until the editor has the answer: the editor closes it.
  const signInWindow = await signIn;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { signInMessages: string[] }).signInMessages))
    .toEqual(["authorizing:github", expect.stringMatching(/^authorization:github:error:\{"message":"GitHub refused/)]);
  // The editor stops waiting: it closes the sign-in window and offers the sign-in again.
  await expect.poll(() => signInWindow.isClosed()).toBe(true);
  await expect(page.getByRole("button", { name: /Login with GitHub/i })).toBeEnabled();
  expect(JSON.stringify(await page.evaluate(() => window.localStorage))).not.toContain(ISSUED_TOKEN);
});

test(
  "another site cannot start a sign-in here: its window gets a page that says so, and no state",
  { tag: "@full" },
  async ({ page }) => {
    // localhost is another site than 127.0.0.1 to the browser.
    await page.goto(github.url.replace("127.0.0.1", "localhost"));
    const opened = page.waitForEvent("popup");
    await page.evaluate((address) => window.open(address), `${site.url}/api/auth?provider=github`);
    const signInWindow = await opened;
    await signInWindow.waitForLoadState();
    expect(new URL(signInWindow.url()).origin).toBe(site.url);
    await expectRefusal(signInWindow, "Sign-in refused", /must start from this site's editor/);
    expect((await page.context().cookies(site.url)).map(({ name }) => name)).not.toContain("__Host-editor-sign-in");
  },
);
