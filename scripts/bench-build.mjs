#!/usr/bin/env node
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

function run(args) {
  const result = spawnSync("npx", args, { stdio: ["ignore", "ignore", "inherit"], env });
  if (result.status !== 0) throw new Error(`npx ${args.join(" ")} failed`);
}

function walk(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? walk(full) : [{ file: full, size: fs.statSync(full).size }];
  });
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

run(["gatsby", "clean"]);
const started = process.hrtime.bigint();
run(["gatsby", "build"]);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

const files = walk(path.resolve("public"));
const shipped = files.filter(({ file }) => !file.endsWith(".map"));
const byKind = (pattern) => shipped.filter(({ file }) => pattern.test(file)).reduce((sum, { size }) => sum + size, 0);

console.log(`Cold build time:        ${seconds.toFixed(1)} s`);
console.log(`public/ total:          ${kib(files.reduce((sum, { size }) => sum + size, 0))} in ${files.length} files`);
console.log(
  `public/ without maps:   ${kib(shipped.reduce((sum, { size }) => sum + size, 0))} in ${shipped.length} files`,
);
console.log(`  HTML:                 ${kib(byKind(/\.html$/))}`);
console.log(`  JavaScript:           ${kib(byKind(/\.js$/))}`);
console.log(`  Images:               ${kib(byKind(/\.(jpg|jpeg|png|webp|avif|svg)$/))}`);
console.log(`  Page data (JSON):     ${kib(byKind(/\.json$/))}`);
