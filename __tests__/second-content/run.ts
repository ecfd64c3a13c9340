#!/usr/bin/env node
/**
 * `npm run test:second-content`: the unit and browser suites once more, in a
 * copy of the project whose data/ is the second content set (content.ts).
 * They take every expectation from data/, so they must pass here too.
 * The copy is removed when they pass and kept, with its path printed, when
 * they fail.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { copyProject } from "../support/project-copy";
import { writeSecondContent } from "./content";
import { runCommand } from "../../scripts/cli";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const project = copyProject("second-content", root);
fs.rmSync(path.join(project, "data"), { recursive: true });
async function main() {
  await writeSecondContent(path.join(root, "data"), path.join(project, "data"));
  console.log(`Second content set written to ${path.join(project, "data")}`);

  let status = 0;
  for (const [command, ...args] of [
    ["npx", "jest", "__tests__/unit"],
    ["npx", "playwright", "test"],
  ] as [string, ...string[]][]) {
    console.log(`\n$ ${command} ${args.join(" ")}   (in the copy)`);
    status = spawnSync(command, args, { cwd: project, stdio: "inherit" }).status ?? 1;
    if (status !== 0) break;
  }
  if (status === 0) fs.rmSync(project, { recursive: true, force: true });
  else console.error(`\nThe suites failed on the second content set; the copy is kept at ${project}`);
  process.exit(status);
}

runCommand(main);
