import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import type { Result } from "lighthouse";
import { chromiumArgs, chromiumPath } from "../chromium";
import { lockMachine, waitUntilQuiet } from "./quiet-machine";
import type { AuditPage, Category, LighthouseResult, Preset } from "./report-types";

type Run = LighthouseResult["runs"][number];

// Long enough for another clone's test run to reach its own audit; a machine that stays busy beyond it (a
// developer's laptop at work) is measured anyway, with a warning, rather than never.
const quietPatienceMs = 45 * 60_000;

const categories: Category[] = ["performance", "accessibility", "best-practices", "seo"];

// Lighthouse's own command line, run by Node itself: imported here, tsx would compile Lighthouse too, and the
// helper esbuild adds to keep function names would break the functions Lighthouse sends into the page.
const lighthouseCli = createRequire(import.meta.url).resolve("lighthouse/cli/index.js");

async function lighthouse(url: string, port: number, preset: Preset): Promise<Result> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      lighthouseCli,
      url,
      `--port=${port}`,
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      `--only-categories=${categories.join(",")}`,
      ...(preset === "desktop" ? ["--preset=desktop"] : []),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Result;
}

/**
 * Runs Lighthouse on each page in its mobile and desktop presets, `runs`
 * times each, and reports the median of every figure across the runs. This
 * machine's CPU speed drifts from minute to minute, so the runs go round the
 * pages in turn rather than page after page: a slow minute then weighs on
 * every page alike instead of on whichever page it happened to fall. The rounds
 * take the machine to themselves (quiet-machine.ts).
 */
export async function runLighthouse(
  baseUrl: string,
  pages: AuditPage[],
  { runs = 5 }: { runs?: number } = {},
): Promise<LighthouseResult[]> {
  const presets: Preset[] = ["mobile", "desktop"];
  const configs = pages.flatMap((page) => presets.map((preset) => ({ page, preset, measured: [] as Run[] })));
  const unlock = await lockMachine();
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  try {
    let patienceMs = quietPatienceMs;
    for (let run = 0; run < runs; run += 1) {
      for (const { page, preset, measured } of configs) {
        patienceMs -= await waitUntilQuiet({ giveUpAfterMs: patienceMs });
        measured.push(summarise(await lighthouse(`${baseUrl}${page.path}`, chrome.port, preset)));
      }
      console.log(`  lighthouse: round ${run + 1} of ${runs} done`);
    }
  } finally {
    await chrome.kill();
    unlock();
  }
  return configs.map(({ page, preset, measured }) => ({
    page: page.name,
    preset,
    scores: Object.fromEntries(
      categories.map((category) => [category, median(measured.map((run) => run.scores[category])) ?? 0]),
    ) as Record<Category, number>,
    lcpMs: median(measured.map((run) => run.lcpMs)),
    tbtMs: median(measured.map((run) => run.tbtMs)),
    cls: median(measured.map((run) => run.cls)),
    runs: measured,
  }));
}

/** The middle value of the runs that measured the figure; null when none did. */
function median(values: (number | null)[]): number | null {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

function summarise(lhr: Result): Run {
  const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const failed = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
    .map((audit) => audit.id);
  return {
    benchmarkIndex: lhr.environment.benchmarkIndex,
    scores: Object.fromEntries(categories.map((category) => [category, score(category)])) as Record<Category, number>,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? null,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? null,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? null,
    failedAudits: failed,
  };
}
