import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
const skipped = new Set([
  "node_modules",
  ".cache",
  "public",
  "artifacts",
  ".git",
  "mail-outbox",
  "test-results",
  ".wrangler",
]);

/**
 * A throw-away copy of the project (sources and content, sharing
 * node_modules), for tests that build or edit it without touching the real
 * data/ and public/.
 * @param {string} prefix
 * @param {string} root the project to copy (callers say: the test runners' compilers refuse import.meta here)
 * @returns {string} the copy's folder
 */
export function copyProject(prefix, root) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  for (const entry of fs.readdirSync(root)) {
    if (!skipped.has(entry)) fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
  return copy;
}

/**
 * Applies an edit to a content file of a copy, failing loudly if the edit no longer matches the file.
 * @param {string} project
 * @param {string} file
 * @param {(text: string) => string} change
 */
export function editContent(project, file, change) {
  const target = path.join(project, "data", file);
  const before = fs.readFileSync(target, "utf8");
  const after = change(before);
  if (after === before) throw new Error(`The edit of ${file} changed nothing: the test's fixture is out of date.`);
  fs.writeFileSync(target, after);
}

/**
 * Runs `npm run build` in a copy; the output has Gatsby's line wrapping undone.
 * @param {string} project
 * @param {string} [mailApiUrl] the mail-service address to build with
 * @returns {{ status: number | null, output: string }}
 */
export function buildProject(project, mailApiUrl = "http://127.0.0.1:9/api/v1") {
  const result = spawnSync("npm", ["run", "build"], {
    cwd: project,
    encoding: "utf8",
    env: { ...process.env, GATSBY_MAIL_API_URL: mailApiUrl, FORCE_COLOR: "0", NO_COLOR: "1", CI: "1" },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.replace(/\s+/g, " ") };
}
