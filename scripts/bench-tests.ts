#!/usr/bin/env node
/**
 * How long the tests take as a newcomer meets them: a fresh clone of the
 * committed work (no node_modules, public/ or .cache/), `npm ci`, then each
 * step of `npm test` in its order (read from package.json), timed one by one.
 * `--full` times the slow suite after it, as `npm run test:full` runs it.
 * Prints the figures, which are nowhere else written down. Run it on an otherwise idle
 * machine: the tests share its cores with whatever else runs.
 *
 *   npm run bench:tests [-- --full]
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { full: { type: "boolean", default: false } } });

const project = path.resolve(__dirname, "..");
const clone = fs.mkdtempSync(path.join(os.tmpdir(), "bench-tests-"));
execFileSync("git", ["clone", "--quiet", "--no-hardlinks", project, clone]);

/** The npm scripts a script runs, in order, when it is a chain of `npm run x && npm run y`. */
function stepsOf(scripts: Record<string, string>, name: string): string[] {
  const parts = (scripts[name] ?? "").split("&&").map((part) => part.trim());
  return parts.every((part) => /^npm (run \S+|test)$/.test(part))
    ? parts.map((part) => part.replace(/^npm (run )?/, ""))
    : [name];
}

const scripts = (
  JSON.parse(fs.readFileSync(path.join(clone, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;
const steps: { label: string; args: string[]; part?: string }[] = [
  { label: "npm ci", args: ["ci"] },
  ...(scripts.pretest ? [{ label: "pretest", args: ["run", "pretest"] }] : []),
  ...stepsOf(scripts, "test").map((name) => ({ label: `npm run ${name}`, args: ["run", name], part: "npm test" })),
  ...(values.full
    ? stepsOf(scripts, "test:slow").map((name) => ({ label: `npm run ${name}`, args: ["run", name], part: "slow" }))
    : []),
];

const timings: { label: string; seconds: number; part?: string }[] = [];
let failed: string | undefined;
for (const step of steps) {
  console.log(`\n$ npm ${step.args.join(" ")}`);
  const started = process.hrtime.bigint();
  const result = spawnSync("npm", step.args, {
    cwd: clone,
    stdio: "inherit",
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
  });
  timings.push({ label: step.label, seconds: Number(process.hrtime.bigint() - started) / 1e9, part: step.part });
  if (result.status !== 0) {
    failed = step.label;
    break;
  }
}

const total = (part: string) =>
  timings.filter((timing) => timing.part === part).reduce((sum, timing) => sum + timing.seconds, 0);
const line = (label: string, seconds: number) => `${label.padEnd(32)} ${seconds.toFixed(0).padStart(6)} s`;
console.log(
  `\nOn ${os.cpus().length} cores, a fresh clone of ${execFileSync("git", ["-C", clone, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim()}:`,
);
for (const timing of timings) console.log(line(timing.label, timing.seconds));
console.log(line("npm test, in all", total("npm test")));
if (values.full) console.log(line("npm run test:full, in all", total("npm test") + total("slow")));

if (failed) {
  console.error(`\n${failed} failed; the clone is kept at ${clone}`);
  process.exit(1);
}
fs.rmSync(clone, { recursive: true, force: true });
