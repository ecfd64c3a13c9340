/**
 * Build benchmark: a cold production build (caches cleared first), then the
 * size of what it produced. Prints figures; enforces nothing.
 *
 *   npm run bench:build
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const env = {
  ...process.env,
  GATSBY_TELEMETRY_DISABLED: "1",
  GATSBY_MAIL_API_URL: process.env.GATSBY_MAIL_API_URL ?? "http://127.0.0.1:8025/api/v1",
};

function run(args: string[]): void {
  const result = spawnSync("npx", args, { stdio: ["ignore", "ignore", "inherit"], env });
  if (result.status !== 0) throw new Error(`npx ${args.join(" ")} failed`);
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

run(["gatsby", "clean"]);
const started = process.hrtime.bigint();
run(["gatsby", "build"]);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

const publicDir = path.resolve("public");
const files = fs
  .readdirSync(publicDir, { recursive: true, encoding: "utf8" })
  .map((name) => path.join(publicDir, name))
  .filter((file) => fs.statSync(file).isFile())
  .map((file) => ({ file, size: fs.statSync(file).size }));
const total = (list: typeof files) => list.reduce((sum, { size }) => sum + size, 0);
const shipped = files.filter(({ file }) => !file.endsWith(".map"));
const byKind = (pattern: RegExp) => total(shipped.filter(({ file }) => pattern.test(file)));

console.log(`Cold build time:        ${seconds.toFixed(1)} s`);
console.log(`public/ total:          ${kib(total(files))} in ${files.length} files`);
console.log(`public/ without maps:   ${kib(total(shipped))} in ${shipped.length} files`);
console.log(`  HTML:                 ${kib(byKind(/\.html$/))}`);
console.log(`  JavaScript:           ${kib(byKind(/\.js$/))}`);
console.log(`  Images:               ${kib(byKind(/\.(jpg|jpeg|png|webp|avif|svg)$/))}`);
console.log(`  Page data (JSON):     ${kib(byKind(/\.json$/))}`);
