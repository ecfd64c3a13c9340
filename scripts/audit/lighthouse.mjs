import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromiumArgs, chromiumPath } from "./browser.mjs";

const categories = ["performance", "accessibility", "best-practices", "seo"];

/**
 * Runs Lighthouse on each page in its mobile and desktop presets. Performance
 * varies between runs, so each page is measured `runs` times and the run with
 * the median performance score is kept.
 */
export async function runLighthouse(baseUrl, pages, { runs = 3 } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  const results = [];
  try {
    for (const page of pages) {
      for (const preset of ["mobile", "desktop"]) {
        const measured = [];
        for (let run = 0; run < runs; run += 1) {
          const { lhr } = await lighthouse(
            `${baseUrl}${page.path}`,
            { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories },
            preset === "desktop" ? desktopConfig : undefined,
          );
          measured.push(summarise(page.name, preset, lhr));
        }
        measured.sort((a, b) => a.scores.performance - b.scores.performance);
        const median = measured[Math.floor(measured.length / 2)];
        results.push({ ...median, performanceRuns: measured.map((run) => run.scores.performance) });
        console.log(`  lighthouse ${page.name} ${preset}: ${categories.map((category) => median.scores[category]).join(" / ")}`);
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

function summarise(page, preset, lhr) {
  const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const failed = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
    .map((audit) => audit.id);
  return {
    page,
    preset,
    scores: Object.fromEntries(categories.map((category) => [category, score(category)])),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? null,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? null,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? null,
    failedAudits: failed,
  };
}
