import { spawn, spawnSync } from "node:child_process";
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
 */
/** `root` is the project to copy: callers say, as the test runners' compilers refuse import.meta here. */
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

/**
 * Applies an edit to a content file of a copy, failing loudly if the edit no longer matches the file.
 */
export function editContent(project: string, file: string, change: (text: string) => string): void {
  const target = path.join(project, "data", file);
  const before = fs.readFileSync(target, "utf8");
  const after = change(before);
  if (after === before) throw new Error(`The edit of ${file} changed nothing: the test's fixture is out of date.`);
  fs.writeFileSync(target, after);
}

/**
 * Runs `npm run build` in a copy; the output has Gatsby's line wrapping undone.
 */
export function buildProject(
  project: string,
  mailApiUrl = "http://127.0.0.1:9/api/v1",
): { status: number | null; output: string } {
  const result = spawnSync("npm", ["run", "build"], {
    cwd: project,
    encoding: "utf8",
    env: { ...process.env, GATSBY_MAIL_API_URL: mailApiUrl, FORCE_COLOR: "0", NO_COLOR: "1", CI: "1" },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.replace(/\s+/g, " ") };
}

/**
 * Runs one of a project's scripts (scripts/<name>.ts) with tsx, as its npm command would, without blocking this
 * process (which may be serving what the script asks for); resolves with its exit code and its whole output.
 */
export function runScript(
  project: string,
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(project, "node_modules", ".bin", "tsx"), [script, ...args], {
      cwd: project,
      env: { ...process.env, ...env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (status) => resolve({ status, output }));
  });
}
