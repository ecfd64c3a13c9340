/**
 * @jest-environment node
 *
 * The content check as an editor meets it: a broken edit makes `npm run build`
 * fail with a message naming the file, the entry and the field. Each case
 * builds a copy of the project with one edit; the real data/ is never touched.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const skipped = new Set(["node_modules", ".cache", "public", "artifacts", ".git", "mail-outbox"]);
const copies: string[] = [];

jest.setTimeout(300_000);

afterAll(() => {
  for (const copy of copies) fs.rmSync(copy, { recursive: true, force: true });
});

function projectWith(file: string, change: (text: string) => string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "site-copy-"));
  copies.push(copy);
  for (const entry of fs.readdirSync(root)) {
    if (!skipped.has(entry)) fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
  const target = path.join(copy, "data", file);
  const before = fs.readFileSync(target, "utf8");
  const after = change(before);
  if (after === before) throw new Error(`The edit of ${file} changed nothing: the test's fixture is out of date.`);
  fs.writeFileSync(target, after);
  return copy;
}

function build(project: string): { status: number | null; output: string } {
  const result = spawnSync("npm", ["run", "build"], {
    cwd: project,
    encoding: "utf8",
    env: { ...process.env, GATSBY_MAIL_API_URL: "http://127.0.0.1:8025/api/v1", FORCE_COLOR: "0", NO_COLOR: "1", CI: "1" },
  });
  // Gatsby wraps long messages to the terminal width.
  return { status: result.status, output: `${result.stdout}${result.stderr}`.replace(/\s+/g, " ") };
}

test("a required field removed: the build fails naming the file, entry and field", () => {
  const project = projectWith("slides.yaml", (text) => text.replace("  - headline: Your Technology, Our Responsibility\n    image:", "  - image:"));
  const { status, output } = build(project);
  expect(status).not.toBe(0);
  expect(output).toContain(
    'data/slides.yaml, entry 2 of "slides" ("./images/slide-servers.jpg"), field "headline": is missing. Headline: The large text of the slide.',
  );
});

test("an unknown icon key: the build fails naming the file, entry and field", () => {
  const project = projectWith("services.yaml", (text) => text.replace("icon: backup", "icon: clouds"));
  const { status, output } = build(project);
  expect(status).not.toBe(0);
  expect(output).toContain(`data/services.yaml, entry 3 of "services" ("Data backup solutions"), field "icon": "clouds" is not one of the site's icons.`);
});

test("an image pointing at a missing file: the build fails naming the file, entry and field", () => {
  const project = projectWith("partners.yaml", (text) => text.replace("./images/partner-northbook.png", "./images/northbook.png"));
  const { status, output } = build(project);
  expect(status).not.toBe(0);
  expect(output).toContain(
    'data/partners.yaml, entry 2 of "partners" ("Northbook Laptops"), field "logo": the picture "./images/northbook.png" does not exist.',
  );
});

test("a YAML syntax error: the build fails naming the file and the line", () => {
  const project = projectWith("contact.yaml", (text) => text.replace("city: Dubai", "city: Dubai\n  broken: indentation"));
  const { status, output } = build(project);
  expect(status).not.toBe(0);
  expect(output).toMatch(/data\/contact\.yaml: line \d+, column \d+: the file is not valid YAML/);
});

test("a fifth slide is simply shown", () => {
  const project = projectWith(
    "slides.yaml",
    (text) => `${text}  - headline: Cloud Migrations Without Downtime\n    image: ./images/slide-servers.jpg\n`,
  );
  const { status, output } = build(project);
  expect(output).not.toContain("ERROR");
  expect(status).toBe(0);
  const html = fs.readFileSync(path.join(project, "public", "index.html"), "utf8");
  expect(html).toContain("Cloud Migrations Without Downtime");
  expect(html).toContain('aria-label="Show slide 5 of 5"');
});
