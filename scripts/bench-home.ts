/**
 * Home beside /about/: Lighthouse's simulated phone on the production build, served by nginx over https and
 * HTTP/2 as the audit serves it, the two pages measured in alternation, round after round, in each language, so
 * that what the machine was doing weighs on both alike. Prints each page's median LCP, TBT and first-load bytes,
 * and Home's difference. Enforces nothing: the audit holds the budgets (lighthouserc.cjs).
 *
 *   npm run bench:home [-- --rounds 5] [-- --no-build]
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromiumArgs, chromiumPath } from "./chromium";
import { firstLoad, type FirstLoad, type LighthouseReport } from "./first-load";
import { medians } from "./first-load-budgets";
import { startNginx } from "./nginx";

const project = path.resolve(__dirname, "..");
const lighthouse = path.join(project, "node_modules", ".bin", "lighthouse");

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} takes a whole number of rounds, 1 or more.`);
    process.exit(2);
  }
  return value;
}

/** One Lighthouse run; a run Lighthouse itself could not record (it says to run it again) is run again, twice at most. */
function measure(url: string, attempt = 1): FirstLoad {
  const result = spawnSync(
    lighthouse,
    [
      url,
      "--output=json",
      "--output-path=stdout",
      "--only-categories=performance",
      "--quiet",
      // Served over https with a certificate made for the run (scripts/nginx.ts).
      `--chrome-flags=--headless=new --ignore-certificate-errors ${chromiumArgs.join(" ")}`,
    ],
    {
      cwd: project,
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, CHROME_PATH: chromiumPath },
    },
  );
  if (result.status !== 0) {
    if (attempt < 3 && /run Lighthouse again/.test(result.stderr)) return measure(url, attempt + 1);
    throw new Error(`Lighthouse failed on ${url}:\n${result.stderr}`);
  }
  return firstLoad(JSON.parse(result.stdout) as LighthouseReport);
}

async function main() {
  const rounds = option("--rounds", 5);
  if (!process.argv.includes("--no-build")) {
    const built = spawnSync("npx", ["gatsby", "build"], {
      cwd: project,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        GATSBY_TELEMETRY_DISABLED: "1",
        GATSBY_MAIL_API_URL: process.env.GATSBY_MAIL_API_URL ?? "http://127.0.0.1:9/api/v1",
      },
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const sitemap = fs.readFileSync(path.join(project, "public", "sitemap.xml"), "utf8");
  const homes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1] ?? "/").pathname)
    .filter((page) => /^\/([a-z]{2}\/)?$/.test(page));

  const site = await startNginx({ root: path.join(project, "public"), tls: true });
  try {
    for (const home of homes) {
      const about = `${home}about/`;
      const runs: Record<string, FirstLoad[]> = { [home]: [], [about]: [] };
      for (let round = 1; round <= rounds; round += 1) {
        // About first in odd rounds, Home first in even ones: neither always follows the other.
        const order = round % 2 === 1 ? [about, home] : [home, about];
        for (const page of order) runs[page]?.push(measure(`${site.url}${page}`));
        process.stderr.write(`${home}: round ${round} of ${rounds}\n`);
      }
      const [ours, theirs] = [medians(runs[home] ?? []), medians(runs[about] ?? [])];
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
      const row = (label: string, figures: FirstLoad) =>
        `${label.padEnd(12)}${`${Math.round(figures.lcpMs)} ms`.padStart(10)}${`${Math.round(figures.tbtMs)} ms`.padStart(10)}` +
        `${kb(figures.scriptBytes).padStart(12)}${kb(figures.imageBytes).padStart(12)}`;
      console.log(`\nMedians of ${rounds} rounds, simulated phone`);
      console.log(
        `${"page".padEnd(12)}${"LCP".padStart(10)}${"TBT".padStart(10)}${"scripts".padStart(12)}${"pictures".padStart(12)}`,
      );
      console.log(row(home, ours));
      console.log(row(about, theirs));
      console.log(
        `${"difference".padEnd(12)}${`${Math.round(ours.lcpMs - theirs.lcpMs)} ms`.padStart(10)}` +
          `${`${Math.round(ours.tbtMs - theirs.tbtMs)} ms`.padStart(10)}` +
          `${kb(ours.scriptBytes - theirs.scriptBytes).padStart(12)}${kb(ours.imageBytes - theirs.imageBytes).padStart(12)}`,
      );
    }
    console.log("\nScripts and pictures: as sent, requested before the load event.");
  } finally {
    await site.close();
  }
}

void main();
