/**
 * Checks Home's first-load budgets (lighthouserc.cjs's firstLoad) on a Lighthouse CI collection: the medians of
 * each page's runs, Home in each language beside /about/ in the same language. Prints what it measured.
 */
import fs from "node:fs";
import path from "node:path";
import { firstLoad, type FirstLoad, type LighthouseReport } from "./first-load";

/** A budget as lighthouserc.cjs states it: broken, it fails the audit ("error") or is reported ("warn"). */
type Budget = ["error" | "warn", number];

export interface FirstLoadBudgets {
  scriptBytes?: Budget;
  imageBytes?: Budget;
  lcpAboveAboutMs?: Budget;
}

export interface BrokenBudget {
  level: Budget[0];
  said: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Each figure's median over a page's runs. */
export function medians(runs: FirstLoad[]): FirstLoad {
  const of = (key: keyof FirstLoad) => median(runs.map((run) => run[key]));
  return {
    scriptBytes: of("scriptBytes"),
    imageBytes: of("imageBytes"),
    lcpMs: of("lcpMs"),
    tbtMs: of("tbtMs"),
    cls: of("cls"),
  };
}

/** The reports Lighthouse CI collected (its .lighthouseci/ folder), by page address path. */
function collected(folder: string): Map<string, FirstLoad[]> {
  const byPage = new Map<string, FirstLoad[]>();
  for (const file of fs.readdirSync(folder).filter((name) => /^lhr-\d+\.json$/.test(name))) {
    const report = JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")) as LighthouseReport;
    const page = new URL(report.requestedUrl ?? report.finalUrl ?? "").pathname;
    byPage.set(page, [...(byPage.get(page) ?? []), firstLoad(report)]);
  }
  return byPage;
}

/** The broken budgets, each said in a line; none when all hold. */
export function checkFirstLoad(folder: string, budgets: FirstLoadBudgets): BrokenBudget[] {
  const byPage = collected(folder);
  const broken: BrokenBudget[] = [];
  const over = (budget: Budget | undefined, value: number, said: string) => {
    if (budget && value > budget[1]) broken.push({ level: budget[0], said });
  };
  const homes = [...byPage.keys()].filter((page) => /^\/([a-z]{2}\/)?$/.test(page));
  if (homes.length === 0) return [{ level: "error", said: "The audit measured no home page." }];
  for (const home of homes) {
    const about = `${home}about/`;
    const homeRuns = byPage.get(home) ?? [];
    const aboutRuns = byPage.get(about);
    if (!aboutRuns) {
      broken.push({ level: "error", said: `The audit measured ${home} but not ${about}, which Home is held to.` });
      continue;
    }
    const [ours, theirs] = [medians(homeRuns), medians(aboutRuns)];
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    console.log(
      `${home}: first-load scripts ${kb(ours.scriptBytes)}, pictures ${kb(ours.imageBytes)}, ` +
        `LCP ${Math.round(ours.lcpMs)} ms (${about}: ${Math.round(theirs.lcpMs)} ms)`,
    );
    const { scriptBytes, imageBytes, lcpAboveAboutMs } = budgets;
    over(
      scriptBytes,
      ours.scriptBytes,
      `${home}: scripts before the load event ${kb(ours.scriptBytes)}, over ${kb(scriptBytes?.[1] ?? 0)}.`,
    );
    over(
      imageBytes,
      ours.imageBytes,
      `${home}: pictures before the load event ${kb(ours.imageBytes)}, over ${kb(imageBytes?.[1] ?? 0)}.`,
    );
    const above = ours.lcpMs - theirs.lcpMs;
    over(
      lcpAboveAboutMs,
      above,
      `${home}: largest paint ${Math.round(above)} ms after ${about}'s, over ${lcpAboveAboutMs?.[1] ?? 0} ms.`,
    );
  }
  return broken;
}
