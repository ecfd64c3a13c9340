/**
 * @jest-environment node
 *
 * Building again, as `npm start` does after every edit, with Gatsby's cache
 * warm: each page keeps exactly one Content-Security-Policy, allowing exactly
 * the inline scripts the page holds, the headers file agrees with the pages,
 * moving between pages stays a client-side navigation, and no page is
 * published with the stylesheet of an earlier build.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import yaml from "js-yaml";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { inlineScripts } from "../../plugins/built-pages";
import { scriptHash } from "../../plugins/site-finish/headers/response-headers";
import { chromiumArgs, chromiumPath } from "../../scripts/chromium";
import { startPagesDev } from "../../scripts/pages-dev";
import { siteReady } from "../../scripts/site-ready";
import { languages, localizedPath } from "../../contract/src/languages";
import { content, pagesIn } from "../support/content";
import { buildProject, copyProject } from "../support/project-copy";

jest.setTimeout(600_000);

let project: string;
let browser: Browser | undefined;

beforeAll(() => {
  project = copyProject("rebuild", path.resolve(__dirname, "../.."));
});

afterAll(async () => {
  await browser?.close();
  fs.rmSync(project, { recursive: true, force: true });
});

const publicDir = () => path.join(project, "public");
const pageFiles = () => [
  ...languages.flatMap(({ code }) =>
    pagesIn(code).map(({ path: route }) => ({ route, file: path.join(publicDir(), route, "index.html") })),
  ),
  { route: "/404.html", file: path.join(publicDir(), "404.html") },
  { route: "/ar/404.html", file: path.join(publicDir(), "ar", "404.html") },
];

function expectBuilt({ status, output }: { status: number | null; output: string }): void {
  if (status !== 0) throw new Error(`The build failed:\n${output.slice(-3000)}`);
}

/**
 * What is wrong with the built pages' policies, as a host serves them
 * (Cloudflare Pages' runtime reading the build's _headers); empty when each
 * page has one policy that fits it exactly, in its HTML and in its header.
 */
async function policyProblems(): Promise<string[]> {
  const host = await startPagesDev({ root: publicDir(), quiet: true });
  try {
    const problems: string[] = [];
    for (const { route, file } of pageFiles()) {
      const html = fs.readFileSync(file, "utf8");
      const policies = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/g)].map(
        (match) => match[1] ?? "",
      );
      if (policies.length !== 1) {
        problems.push(`${route}: ${policies.length} policies in the page`);
        continue;
      }
      const allowed =
        /script-src 'self'([^;]*)/
          .exec(policies[0] ?? "")?.[1]
          ?.trim()
          .split(" ")
          .sort() ?? [];
      const present = [...new Set(inlineScripts(html).map((script) => scriptHash(script.body)))].sort();
      if (allowed.join() !== present.join())
        problems.push(`${route}: the policy allows ${allowed} but the page holds ${present}`);
      const header = (await fetch(`${host.url}${route}`, { redirect: "manual" })).headers.get(
        "content-security-policy",
      );
      if (header !== `${policies[0]}; frame-ancestors 'none'`)
        problems.push(`${route}: the header's policy is not the page's`);
    }
    return problems;
  } finally {
    await host.close();
  }
}

test("after a second and a third build, with and without an edit, every page has one policy that fits it", async () => {
  const first = buildProject(project);
  expectBuilt(first);
  expect(await policyProblems()).toEqual([]);

  const file = path.join(project, "data", "slides.yaml");
  const slides = readContentYaml(fs.readFileSync(file, "utf8"), file) as { en: { slides: { headline: string }[] } };
  slides.en.slides[0]!.headline = "Rebuilt After An Edit";
  fs.writeFileSync(file, yaml.dump(slides));
  const second = buildProject(project);
  expectBuilt(second);
  // Read as text: a headline's last words stand in an element of their own (kept on one line).
  expect(fs.readFileSync(path.join(publicDir(), "index.html"), "utf8").replace(/<[^>]*>/g, "")).toContain(
    "Rebuilt After An Edit",
  );
  expect(await policyProblems()).toEqual([]);

  const headers = fs.readFileSync(path.join(publicDir(), "_headers"), "utf8");
  const third = buildProject(project);
  expectBuilt(third);
  expect(await policyProblems()).toEqual([]);
  expect(fs.readFileSync(path.join(publicDir(), "_headers"), "utf8")).toBe(headers);
});

test("on the rebuilt site, following a link changes the page without reloading it, and nothing is blocked", async () => {
  const server = await startPagesDev({ root: publicDir(), quiet: true });
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const page = await browser.newPage();
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(`${server.url}/`);
    await page.waitForFunction(siteReady);
    await page.evaluate(() => Object.assign(window, { __samePage: true }));

    const target = content.siteYaml.navigation.find((link) => link.path !== "/");
    await page.getByRole("contentinfo").getByRole("link", { name: target?.label, exact: true }).click();
    await page.waitForURL(`${server.url}${localizedPath(target?.path ?? "/", "en")}`);
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(blocked).toEqual([]);
  } finally {
    await server.close();
  }
});

test("after a change to the CSS alone the build stops rather than publish pages styled by the earlier build, and says how to build clean", async () => {
  const stylesheet = path.join(project, "src", "components", "site-footer.module.css");
  // A declaration for a class the component already has: its JavaScript stays the same, as for most style edits.
  fs.appendFileSync(stylesheet, `\n.footer {\n  --rebuilt-marker: 7;\n}\n`);
  const stale = buildProject(project);
  expect(stale.status).not.toBe(0);
  expect(stale.output).toContain("still carries the stylesheet of an earlier build");
  expect(stale.output).toContain("Run npm run clean, then build again.");

  // What it says to do leaves nothing of the earlier build: the next build is a cold one, as every copy's first is.
  expect(spawnSync("npm", ["run", "clean"], { cwd: project, encoding: "utf8" }).status).toBe(0);
  expect(["public", ".cache"].filter((folder) => fs.existsSync(path.join(project, folder)))).toEqual([]);
});
