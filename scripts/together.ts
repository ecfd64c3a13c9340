#!/usr/bin/env node
/**
 * Runs npm scripts at the same time and fails when any fails, naming it: `npm test` runs the type check and the
 * lint so, each a single-threaded process that would otherwise leave the second core idle. Each script's output
 * is printed whole when it ends, not interleaved with the other's.
 *
 *   tsx scripts/together.ts typecheck lint
 */
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0 || scripts.some((name) => !/^[\w:-]+$/.test(name))) {
  console.error("Usage: tsx scripts/together.ts <npm script> <npm script>...");
  process.exit(2);
}

function run(name: string): Promise<{ name: string; code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", name], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("close", (code) => resolve({ name, code, output }));
  });
}

void Promise.all(scripts.map((name) => run(name).then((result) => (process.stdout.write(result.output), result)))).then(
  (results) => {
    const failed = results.filter(({ code }) => code !== 0).map(({ name }) => name);
    if (failed.length > 0) {
      console.error(`Failed: npm run ${failed.join(", npm run ")}.`);
      process.exitCode = 1;
    }
  },
);
