#!/usr/bin/env node
/**
 * `npm run test:second-content`: the unit suite, the everyday browser suite
 * and the slow browser specs whose outcome turns on the content (CONTENT_SPECS)
 * once more, in a copy of the project whose data/ is the second content set
 * (content.ts). They take every expectation from data/, so they must pass here
 * too. The other slow specs (the width matrix of screenshots, frame fit and
 * scrolling into view, the slideshow's clock, the editor's sign-in, languages
 * and text fields) hold the same code whatever the words, and run once, in
 * test:browser:full. The copy is removed when they pass and kept, with its
 * path printed, when they fail.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { copyProject } from "../support/project-copy";
import { writeSecondContent } from "./content";
import { runCommand } from "../../scripts/cli";

/**
 * The slow browser specs that read what they check from the content: its colours on every surface (accessibility,
 * before-scripts), its rows and cards (layout, smoke), its longest words (text-breaks), its form's lists
 * (enquiry), its camera's photo (published-pictures), and the editor saving pictures over its own, logo included
 * (editor-pictures).
 */
const CONTENT_SPECS = [
  "accessibility.spec",
  "published-pictures.spec",
  "before-scripts.spec",
  "layout.spec",
  "smoke.spec",
  "text-breaks.spec",
  "enquiry.spec",
  "editor-pictures.spec",
  "focus.spec",
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const project = copyProject("second-content", root);
fs.rmSync(path.join(project, "data"), { recursive: true });
async function main() {
  await writeSecondContent(path.join(root, "data"), path.join(project, "data"));
  console.log(`Second content set written to ${path.join(project, "data")}`);

  let status = 0;
  for (const [env, command, ...args] of [
    [{}, "npx", "jest", "__tests__/unit"],
    // The copy's own build, whatever SKIP_BUILD the caller set for its own; it then serves the slow specs too.
    [{ SKIP_BUILD: "0" }, "npx", "playwright", "test", "--grep-invert", "@full|@pictures"],
    [{ SKIP_BUILD: "1" }, "npx", "playwright", "test", "--grep", "@full", ...CONTENT_SPECS],
  ] as [Record<string, string>, string, ...string[]][]) {
    console.log(`\n$ ${command} ${args.join(" ")}   (in the copy)`);
    status = spawnSync(command, args, { cwd: project, stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
    if (status !== 0) break;
  }
  if (status === 0) fs.rmSync(project, { recursive: true, force: true });
  else console.error(`\nThe suites failed on the second content set; the copy is kept at ${project}`);
  process.exit(status);
}

runCommand(main);
