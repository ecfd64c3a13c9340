import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
export { copyProject } from "../../scripts/project-copy";

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
