/**
 * @jest-environment node
 *
 * What only a real build shows about the content check: `npm run build`
 * stops on a broken edit with the check's message, naming the file, the
 * language, the entry and the field. (The check's cases themselves are unit tests:
 * unit/content-check.test.ts.) Builds a copy of the project; the real data/ is
 * never touched.
 */
import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { buildProject, copyProject } from "../support/project-copy";

jest.setTimeout(300_000);

let project: string;

afterAll(() => {
  fs.rmSync(project, { recursive: true, force: true });
});

test("a broken edit stops the build with a message naming the file, the entry and the field", () => {
  project = copyProject("content-check-build", path.resolve(__dirname, "../.."));
  // The Arabic translation of the second slide's headline left out.
  const file = path.join(project, "data", "slides.yaml");
  const slides = yaml.load(fs.readFileSync(file, "utf8")) as { ar: { slides: { headline?: string }[] } };
  delete slides.ar.slides[1]?.headline;
  fs.writeFileSync(file, yaml.dump(slides));

  const { status, output } = buildProject(project);
  expect(status).not.toBe(0);
  expect(output).toContain("The site's content has 1 problem. Fix it in the file named and build again:");
  expect(output).toMatch(
    /- data\/slides\.yaml, Arabic \(ar:\), entry 2 of "slides" \([^)]*\), field "headline": the Arabic translation is missing\. Headline: The large text of the slide\./,
  );
  expect(fs.existsSync(path.join(project, "public", "index.html"))).toBe(false);
});
