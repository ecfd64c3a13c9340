/**
 * Rewrites every built page to fetch its scripts after its first paint (after-first-paint.ts). The headers step,
 * after it, trusts the loader written here (steps.ts tells it how to know it).
 */
import fs from "node:fs";
import path from "node:path";
import { builtPages } from "../../built-pages";
import type { StepReporter } from "../step";
import { withScriptsAfterFirstPaint } from "./after-first-paint";

export function rewritePages(reporter: StepReporter): void {
  for (const { file } of builtPages()) {
    try {
      fs.writeFileSync(file, withScriptsAfterFirstPaint(fs.readFileSync(file, "utf8")));
    } catch (error) {
      reporter.panic(`${path.relative(process.cwd(), file)}: ${(error as Error).message}.`);
    }
  }
}
