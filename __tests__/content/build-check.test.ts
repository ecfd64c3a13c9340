/**
 * @jest-environment node
 *
 * The content check as an editor meets it: a broken edit makes `npm run build`
 * fail with a message naming the file, the entry and the field. Each case
 * builds a copy of the project with one edit; the real data/ is never touched.
 */
import fs from "node:fs";
import path from "node:path";
import { buildProject as build, copyProject, editContent } from "../support/project-copy";

const copies: string[] = [];

jest.setTimeout(300_000);

afterAll(() => {
  for (const copy of copies) fs.rmSync(copy, { recursive: true, force: true });
});

function projectWith(file: string, change: (text: string) => string): string {
  const copy = copyProject("site-copy");
  copies.push(copy);
  editContent(copy, file, change);
  return copy;
}

test("a required field removed: the build fails naming the file, entry and field", () => {
  const project = projectWith("slides.yaml", (text) =>
    text.replace("  - headline: Your Technology, Our Responsibility\n    image:", "  - image:"),
  );
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
  expect(output).toContain(
    `data/services.yaml, entry 3 of "services" ("Data backup solutions"), field "icon": "clouds" is not one of the site's icons.`,
  );
});

test("an image pointing at a missing file: the build fails naming the file, entry and field", () => {
  const project = projectWith("partners.yaml", (text) =>
    text.replace("./images/partner-northbook.png", "./images/northbook.png"),
  );
  const { status, output } = build(project);
  expect(status).not.toBe(0);
  expect(output).toContain(
    'data/partners.yaml, entry 2 of "partners" ("Northbook Laptops"), field "logo": the picture "./images/northbook.png" does not exist.',
  );
});

test("a YAML syntax error: the build fails naming the file and the line", () => {
  const project = projectWith("contact.yaml", (text) =>
    text.replace("city: Dubai", "city: Dubai\n  broken: indentation"),
  );
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
