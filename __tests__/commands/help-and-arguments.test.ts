/**
 * @jest-environment node
 *
 * Our npm commands (start, serve, edit, audit:site) asked for help, or given an argument
 * they do not take, answer in words and stop, without starting anything.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { transformSync } from "esbuild";

jest.setTimeout(60_000);

const run = (script: string, ...args: string[]) =>
  spawnSync(path.resolve("node_modules/.bin/tsx"), [path.join("scripts", script), ...args], {
    encoding: "utf8",
    env: { ...process.env, PORT: "1", MAIL_PORT: "1", EDIT_PORT: "1" },
  });

// tsx runs our scripts as CommonJS (package.json has no "type": "module"), where esbuild refuses a top-level
// await; the type check allows it, so without this test only a run of the script would find out.
test.each(
  ["scripts", "mail-service/scripts", "__tests__/second-content"].flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"))
      .map((name) => path.join(folder, name)),
  ),
)("%s compiles as tsx runs it", (file) => {
  expect(() =>
    transformSync(fs.readFileSync(file, "utf8"), { loader: "ts", format: "cjs", sourcefile: file }),
  ).not.toThrow();
});

test.each([
  ["serve.ts", "npm run serve"],
  ["start.ts", "npm start"],
  ["edit.ts", "npm run edit"],
])("%s --help says what %s does and what sets it, and exits 0", (script, command) => {
  const { status, stdout, stderr } = run(script, "--help");
  expect(stderr).not.toMatch(/at .*:\d+:\d+/);
  expect(stdout).toContain(`${command}:`);
  expect(stdout).toMatch(/PORT/);
  expect(status).toBe(0);
});

test("an argument a command does not take is refused with the usage, exit code 2, and no stack trace", () => {
  const { status, stderr } = run("serve.ts", "--port", "3000");
  expect(stderr).toContain("Unknown argument: --port 3000");
  expect(stderr).toContain("npm run serve:");
  expect(stderr).not.toMatch(/at .*:\d+:\d+/);
  expect(status).toBe(2);
});

test("the audit answers --help with its usage, and a mistaken option with the usage and exit code 2", () => {
  const help = run("audit-site.ts", "--help");
  expect(help.stdout).toContain("npm run audit:site");
  expect(help.stdout).toContain("--no-build");
  expect(help.status).toBe(0);
  for (const args of [["--nobuild"], ["--runs", "5"]]) {
    const { status, stderr } = run("audit-site.ts", ...args);
    expect(stderr).toContain("npm run audit:site");
    expect(stderr).not.toMatch(/at .*:\d+:\d+/);
    expect(status).toBe(2);
  }
});

test("npm run serve with nothing built says to build first, and exits 1", () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "serve-nothing-"));
  try {
    const { status, stderr } = spawnSync(path.resolve("node_modules/.bin/tsx"), [path.resolve("scripts/serve.ts")], {
      cwd: empty,
      encoding: "utf8",
      env: { ...process.env, PORT: "0" },
    });
    expect(stderr).toContain("Nothing to serve: public/ holds no build. Run npm run build first");
    expect(status).toBe(1);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

test("the mail operator command answers --help with its usage, and anything else it does not take with the usage and exit code 2", () => {
  const operator = (...args: string[]) =>
    spawnSync(path.resolve("node_modules/.bin/tsx"), [path.join("mail-service", "scripts", "operator.ts"), ...args], {
      encoding: "utf8",
    });
  const help = operator("--help");
  expect(help.stdout).toContain("npm run mail:operator -- list");
  expect(help.status).toBe(0);
  for (const args of [[], ["send"], ["list", "--everything"], ["deliver"]]) {
    const { status, stderr } = operator(...args);
    expect(stderr).toContain("npm run mail:operator -- list");
    expect(stderr).not.toMatch(/at .*:\d+:\d+/);
    expect(status).toBe(2);
  }
});
