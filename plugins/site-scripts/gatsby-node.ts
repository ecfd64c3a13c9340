/**
 * Rewrites every built page to fetch its scripts after its first paint (after-first-paint.ts). Runs before the
 * headers plugin, which trusts the loader it writes.
 */
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { builtPages } from "../built-pages";
import { withScriptsAfterFirstPaint } from "./after-first-paint";

export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  for (const { file } of builtPages()) {
    try {
      fs.writeFileSync(file, withScriptsAfterFirstPaint(fs.readFileSync(file, "utf8")));
    } catch (error) {
      reporter.panic(`${path.relative(process.cwd(), file)}: ${(error as Error).message}.`);
    }
  }
};
