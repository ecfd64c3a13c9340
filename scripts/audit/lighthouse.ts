import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromiumArgs, chromiumPath } from "../chromium";
import type { AuditPage, Category, LighthouseResult, Preset } from "./report-types";

type Run = LighthouseResult["runs"][number];

const categories: Category[] = ["performance", "accessibility", "best-practices", "seo"];

/**
 * Runs Lighthouse on each page in its mobile and desktop presets, `runs`
 * times each, and reports the median of every figure across the runs. This
 * machine's CPU speed drifts from minute to minute, so the runs go round the
 * pages in turn rather than page after page: a slow minute then weighs on
 * every page alike instead of on whichever page it happened to fall.
 */
export async function runLighthouse(
  baseUrl: string,
  pages: AuditPage[],
  { runs = 5 }: { runs?: number } = {},
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  const presets: Preset[] = ["mobile", "desktop"];
  const configs = pages.flatMap((page) => presets.map((preset) => ({ page, preset, measured: [] as Run[] })));
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const { page, preset, measured } of configs) {
        const result = await lighthouse(
          `${baseUrl}${page.path}`,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories },
          preset === "desktop" ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
        measured.push(summarise(result.lhr));
      }
      console.log(`  lighthouse: round ${run + 1} of ${runs} done`);
    }
  } finally {
    await chrome.kill();
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
