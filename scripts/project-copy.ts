/**
 * A throw-away copy of the project, for what builds or edits it without touching the real data/, public/ and
 * settings: the deploy's rehearsal (scripts/deploy/rehearsal.ts) and the tests.
 */
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
 * A copy of the project's sources, content and settings in a new temporary folder, sharing node_modules. `root` is
 * the project to copy: callers say, as the test runners' compilers refuse import.meta here.
 */
export function copyProject(prefix: string, root: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  for (const entry of fs.readdirSync(root)) {
    if (!skipped.has(entry)) fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  // The project's packages, shared, each by a link of its own; the workspaces' links stay relative, so the copy's
  // `mail-service` and `enquiry-contract` are its own folders. One link for the whole node_modules would lead them
  // back to the original: npm start in a copy kept its database in the original's .wrangler/, shared by every copy.
  const modules = path.join(root, "node_modules");
  fs.mkdirSync(path.join(copy, "node_modules"));
  for (const entry of fs.readdirSync(modules)) {
    const original = path.join(modules, entry);
    const target = fs.lstatSync(original).isSymbolicLink() ? fs.readlinkSync(original) : original;
    fs.symlinkSync(target, path.join(copy, "node_modules", entry));
  }
  return copy;
}
