/**
 * Home beside /about/: Lighthouse's simulated phone on the production build, served by nginx over https and
 * HTTP/2 as the audit serves it, the two pages measured in alternation, round after round, in each language, so
 * that what the machine was doing weighs on both alike. Prints each page's median LCP, TBT and first-load bytes,
 * and Home's difference, and fails when Home's largest paint comes later after About's than lighthouserc.cjs's
 * budget allows (firstLoad.lcpAboveAboutMs, which the audit's single run only reports).
 *
 * Then when the controls start to work, for Home and Contact in each language: the page loaded on the audit's
 * phone (Lighthouse's mobile preset, its throttling applied to the page for real), the time from the first paint
 * to the early handlers (the menu, Send: plugins/site-finish/scripts/early-controls.ts) and to React taking over. A
 * visitor's first tap comes about 300 ms after the paint at the earliest; the early handlers' figure must stay
 * under it, and the bench fails when it does not.
 *
 *   npm run bench:home [-- --rounds 5] [-- --no-build]
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { CONTROLS_MARK, REACT_MARK } from "../src/lib/early-controls";
import { chromiumArgs, chromiumPath } from "./chromium";
import { firstLoad, type FirstLoad, type LighthouseReport } from "./first-load";
import { medians } from "./first-load-budgets";
import { startNginx } from "./nginx";
import { runCommand } from "./cli";

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

/** A visitor's first tap, at the soonest, after the page is drawn. */
const FIRST_TAP_MS = 300;

/**
 * One Lighthouse run; a run Lighthouse itself could not record (it says to run it again) is run again, twice at
 * most. `throttled`: the preset's throttling applied to the page for real (devtools), not simulated afterwards.
 */
function lighthouseReport(url: string, { throttled = false } = {}, attempt = 1): LighthouseReport {
  const result = spawnSync(
    lighthouse,
    [
      url,
      "--output=json",
      "--output-path=stdout",
      "--only-categories=performance",
      "--quiet",
      ...(throttled ? ["--throttling-method=devtools"] : []),
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
    if (attempt < 3 && /run Lighthouse again/.test(result.stderr))
      return lighthouseReport(url, { throttled }, attempt + 1);
    throw new Error(`Lighthouse failed on ${url}:\n${result.stderr}`);
  }
  return JSON.parse(result.stdout) as LighthouseReport;
}

const measure = (url: string): FirstLoad => firstLoad(lighthouseReport(url));

/** From the first paint to the early handlers' mark and to React's, on the throttled phone, ms. */
function controls(url: string): { paint: number; early: number; react: number } {
  const report = lighthouseReport(url, { throttled: true });
  const paint = report.audits.metrics?.details?.items?.[0]?.observedFirstPaint;
  const marks = report.audits["user-timings"]?.details?.items ?? [];
  const mark = (name: string) => marks.find((item) => item.name === name)?.startTime;
  const [early, react] = [mark(CONTROLS_MARK), mark(REACT_MARK)];
  if (typeof paint !== "number" || typeof early !== "number" || typeof react !== "number") {
    throw new Error(`${url}: the report lacks the first paint or a mark (${CONTROLS_MARK}, ${REACT_MARK}).`);
  }
  return { paint, early: early - paint, react: react - paint };
}

/** Home's budget against /about/, lighthouserc.cjs's firstLoad.lcpAboveAboutMs for the phone. */
function lcpBudget(): number {
  const read = spawnSync(
    process.execPath,
    ["-p", "JSON.stringify(require('./lighthouserc.cjs').firstLoad.lcpAboveAboutMs)"],
    { cwd: project, encoding: "utf8", env: { ...process.env, AUDIT_PRESET: "mobile" } },
  );
  const budget = read.status === 0 ? (JSON.parse(read.stdout) as [string, number] | undefined)?.[1] : undefined;
  if (typeof budget !== "number") throw new Error(`lighthouserc.cjs has no firstLoad.lcpAboveAboutMs:\n${read.stderr}`);
  return budget;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

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

  const budget = lcpBudget();
  let slowHome = false;
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
      if (ours.lcpMs - theirs.lcpMs > budget) {
        console.error(
          `${home}'s largest paint came ${Math.round(ours.lcpMs - theirs.lcpMs)} ms after ${about}'s: over the ${budget} ms budget.`,
        );
        slowHome = true;
      }
    }
    console.log("\nScripts and pictures: as sent, requested before the load event.");

    // When the controls work, against the first paint (negative: before it).
    const pages = [...homes, ...homes.map((home) => `${home}contact/`)];
    const rows: string[] = [];
    let late = false;
    for (const page of pages) {
      const runs = Array.from({ length: rounds }, () => controls(`${site.url}${page}`));
      process.stderr.write(`${page}: ${rounds} throttled loads\n`);
      const [paint, early, react] = [
        median(runs.map((run) => run.paint)),
        median(runs.map((run) => run.early)),
        median(runs.map((run) => run.react)),
      ];
      late ||= early > FIRST_TAP_MS;
      rows.push(
        `${page.padEnd(16)}${`${Math.round(paint)} ms`.padStart(12)}${`${Math.round(early)} ms`.padStart(16)}${`${Math.round(react)} ms`.padStart(16)}`,
      );
    }
    console.log(`\nControls on the phone (Lighthouse's mobile throttling, for real), medians of ${rounds}`);
    console.log(
      `${"page".padEnd(16)}${"first paint".padStart(12)}${"menu and Send".padStart(16)}${"React".padStart(16)}`,
    );
    for (const row of rows) console.log(row);
    console.log(`Menu and Send work from the early handlers, React: from its taking over; both from the first paint.`);
    if (late) console.error(`The menu or Send came to work later than ${FIRST_TAP_MS} ms after the first paint.`);
    if (late || slowHome) process.exitCode = 1;
  } finally {
    await site.close();
  }
}

runCommand(main);
