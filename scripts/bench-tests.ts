#!/usr/bin/env node
/**
 * How long the tests take as a newcomer and CI meet them, against the project's budgets (docs/testing.md): a
 * fresh clone of the committed work (no node_modules, public/ or .cache/), `npm ci`, then each step of `npm test`
 * in its order (read from package.json), timed one by one; `npm test` must take at most NPM_TEST_BUDGET_S.
 * `--full` runs CI itself (`bash .ci/run`) in the fresh clone instead, which prints each part's time, and holds
 * the whole to CI_BUDGET_S. `--rounds N` does it N times in a row, each time in a new clone; `--clones N` runs N
 * clones at once, as two developers or two CI jobs on one machine would. Prints the figures, which are nowhere
 * else written down, and fails when a run fails or a budget is broken. Run it on an otherwise idle machine: the
 * tests share its cores with whatever else runs.
 *
 *   npm run bench:tests [-- --full] [-- --rounds 5] [-- --clones 2]
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { runCommand } from "./cli";

/** The everyday loop's budget after `npm ci`, and the whole of CI's, in seconds. */
const NPM_TEST_BUDGET_S = 180;
const CI_BUDGET_S = 40 * 60;

const { values } = parseArgs({
  options: {
    full: { type: "boolean", default: false },
    rounds: { type: "string", default: "1" },
    clones: { type: "string", default: "1" },
  },
});
const count = (name: "rounds" | "clones") => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} takes a whole number, 1 or more.`);
    process.exit(2);
  }
  return value;
};

const project = path.resolve(__dirname, "..");

interface Timing {
  label: string;
  seconds: number;
}

interface Run {
  clone: string;
  timings: Timing[];
  /** The step or part that failed, if one did. */
  failed?: string;
}

/** Runs a command in the clone, its output prefixed with the clone's name when several run at once; resolves with its exit code. */
function run(clone: string, command: string, args: string[], prefix: string, onLine?: (line: string) => void) {
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      cwd: clone,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
    });
    for (const stream of [child.stdout, child.stderr]) {
      let partial = "";
      stream.on("data", (chunk: Buffer) => {
        const lines = `${partial}${chunk.toString()}`.split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines) {
          process.stdout.write(`${prefix}${line}\n`);
          onLine?.(line);
        }
      });
    }
    child.once("close", (code) => resolve(code ?? 1));
  });
}

/** The npm scripts a script runs, in order, when it is a chain of `npm run x && npm run y`. */
function stepsOf(scripts: Record<string, string>, name: string): string[] {
  const parts = (scripts[name] ?? "").split("&&").map((part) => part.trim());
  return parts.every((part) => /^npm (run \S+|test)$/.test(part))
    ? parts.map((part) => part.replace(/^npm (run )?/, ""))
    : [name];
}

/** npm ci, then each step of npm test, timed. */
async function everydayRun(clone: string, prefix: string): Promise<Run> {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(clone, "package.json"), "utf8")) as { scripts: Record<string, string> }
  ).scripts;
  const steps = [
    { label: "npm ci", args: ["ci"] },
    ...stepsOf(scripts, "test").map((name) => ({ label: `npm run ${name}`, args: ["run", name] })),
  ];
  const timings: Timing[] = [];
  for (const step of steps) {
    process.stdout.write(`${prefix}$ npm ${step.args.join(" ")}\n`);
    const started = process.hrtime.bigint();
    const status = await run(clone, "npm", step.args, prefix);
    timings.push({ label: step.label, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
    if (status !== 0) return { clone, timings, failed: step.label };
  }
  const everyday = timings.filter(({ label }) => label !== "npm ci").reduce((sum, { seconds }) => sum + seconds, 0);
  return { clone, timings: [...timings, { label: "npm test, in all", seconds: everyday }] };
}

/** CI as it runs: .ci/run's parts, as it times them ("::: <part> took <n> s"), and the whole. */
async function ciRun(clone: string, prefix: string): Promise<Run> {
  const timings: Timing[] = [];
  const started = process.hrtime.bigint();
  const status = await run(clone, "bash", [".ci/run"], prefix, (line) => {
    const part = /^::: (.+) took (\d+) s$/.exec(line);
    if (part?.[1]) timings.push({ label: part[1], seconds: Number(part[2]) });
  });
  timings.push({ label: "CI, in all", seconds: Number(process.hrtime.bigint() - started) / 1e9 });
  return { clone, timings, ...(status !== 0 && { failed: "bash .ci/run" }) };
}

/** What broke the budgets in a run, a sentence each. */
function brokenBudgets({ timings }: Run): string[] {
  const took = (label: string) => timings.find((timing) => timing.label === label)?.seconds;
  const broken: string[] = [];
  const everyday = took("npm test, in all") ?? took("npm test");
  if (everyday !== undefined && everyday > NPM_TEST_BUDGET_S)
    broken.push(`npm test took ${everyday.toFixed(0)} s, over its budget of ${NPM_TEST_BUDGET_S} s.`);
  const whole = took("CI, in all");
  if (whole !== undefined && whole > CI_BUDGET_S)
    broken.push(`CI took ${whole.toFixed(0)} s, over its budget of ${CI_BUDGET_S} s.`);
  return broken;
}

async function main() {
  const [rounds, clones] = [count("rounds"), count("clones")];
  const line = (label: string, seconds: number) => `${label.padEnd(40)} ${seconds.toFixed(0).padStart(6)} s`;
  let failures = 0;
  for (let round = 1; round <= rounds; round += 1) {
    const runs = await Promise.all(
      Array.from({ length: clones }, (_, index) => {
        const clone = fs.mkdtempSync(path.join(os.tmpdir(), "bench-tests-"));
        execFileSync("git", ["clone", "--quiet", "--no-hardlinks", project, clone]);
        const prefix = clones > 1 ? `[clone ${index + 1}] ` : "";
        return values.full ? ciRun(clone, prefix) : everydayRun(clone, prefix);
      }),
    );
    for (const [index, result] of runs.entries()) {
      const commit = execFileSync("git", ["-C", result.clone, "rev-parse", "--short", "HEAD"], { encoding: "utf8" });
      console.log(
        `\nRound ${round} of ${rounds}${clones > 1 ? `, clone ${index + 1} of ${clones} at once` : ""}, on ${os.cpus().length} cores, a fresh clone of ${commit.trim()}:`,
      );
      for (const timing of result.timings) console.log(line(timing.label, timing.seconds));
      const broken = brokenBudgets(result);
      for (const sentence of broken) console.error(sentence);
      if (result.failed) console.error(`${result.failed} failed; the clone is kept at ${result.clone}`);
      else fs.rmSync(result.clone, { recursive: true, force: true });
      if (result.failed || broken.length > 0) failures += 1;
    }
  }
  if (failures > 0) {
    console.error(`\n${failures} of ${rounds * clones} runs failed or broke a budget.`);
    process.exitCode = 1;
  }
}

runCommand(main);
