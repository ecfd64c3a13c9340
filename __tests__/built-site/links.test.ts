/**
 * @jest-environment node
 *
 * Every link of the built site leads somewhere, checked by linkinator from
 * both home pages, served by nginx as the site deploys: each page, picture,
 * script and stylesheet answers 200 without a redirect, and each #fragment is
 * on its page. Other sites are never asked (their links are skipped), but a
 * link that opens one in a new tab gives it no handle on the site.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { startNginx, type Nginx } from "../../scripts/nginx";
import { languages, localizedPath } from "../../contract/src/languages";
import { builtPages, projectDir, requireBuild } from "../hosts/support/built-site";

jest.setTimeout(300_000);

let site: Nginx;

beforeAll(async () => {
  requireBuild();
  site = await startNginx({ root: path.join(projectDir, "public") });
});

afterAll(() => site?.close());

interface LinkResult {
  url: string;
  state: "OK" | "BROKEN" | "SKIPPED";
  status?: number;
  parent?: string;
}

test("every link, picture, script and fragment of the site answers, in both languages", () => {
  const starts = languages.map(({ code }) => `${site.url}${localizedPath("/", code)}`);
  const run = spawnSync(
    path.join(projectDir, "node_modules", ".bin", "linkinator"),
    [
      ...starts,
      "--recurse",
      "--check-fragments",
      "--redirects=error",
      "--format=json",
      // Only the site itself is asked; a link to another site is checked for its rel below, never followed.
      `--skip=^(?!${site.url.replace(/\./g, "\\.")})`,
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const { links } = JSON.parse(run.stdout) as { links: LinkResult[] };
  const checked = links.filter((link) => link.state !== "SKIPPED");
  expect(checked.length).toBeGreaterThan(50);
  expect(checked.filter((link) => link.state === "BROKEN")).toEqual([]);
});

test("a link that opens another site in a new tab gives that site no handle on the page", () => {
  const opening = builtPages().flatMap(({ address, html }) =>
    [...html.matchAll(/<a\b[^>]*\btarget="_blank"[^>]*>/g)].map(([tag]) => ({ address, tag })),
  );
  expect(opening.length).toBeGreaterThan(0);
  for (const { address, tag } of opening) {
    const rel = /\brel="([^"]*)"/.exec(tag)?.[1]?.split(/\s+/) ?? [];
    expect({ address, tag, noopener: rel.includes("noopener"), noreferrer: rel.includes("noreferrer") }).toEqual({
      address,
      tag,
      noopener: true,
      noreferrer: true,
    });
  }
});
