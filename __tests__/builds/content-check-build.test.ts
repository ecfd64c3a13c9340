/**
 * @jest-environment node
 *
 * What only a real build shows about its checks: `npm run build` stops on a
 * broken edit with the check's message, naming the file, the language, the
 * entry and the field; on a YAML file the site does not read, naming it,
 * instead of letting it replace the content; and on a build setting that is
 * not a plain address; and on a deployment setting the privacy notice repeats,
 * named where it is made instead of a wall of GraphQL errors. (The checks' cases themselves are unit tests:
 * unit/content-check.test.ts, unit/build-settings.test.ts.) Builds a copy of the
 * project; the real data/ is never touched.
 */
import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { buildProject, copyProject } from "../support/project-copy";

jest.setTimeout(300_000);

let project: string;

beforeAll(() => {
  project = copyProject("content-check-build", path.resolve(__dirname, "../.."));
});

afterAll(() => {
  fs.rmSync(project, { recursive: true, force: true });
});

test("a broken edit stops the build with a message naming the file, the entry and the field", () => {
  const original = fs.readFileSync(path.join(project, "data", "slides.yaml"), "utf8");
  // The Arabic translation of the second slide's headline left out.
  const file = path.join(project, "data", "slides.yaml");
  const slides = readContentYaml(fs.readFileSync(file, "utf8"), file) as { ar: { slides: { headline?: string }[] } };
  delete slides.ar.slides[1]?.headline;
  fs.writeFileSync(file, yaml.dump(slides));

  const { status, output } = buildProject(project);
  expect(status).not.toBe(0);
  expect(output).toContain("The site's content has 1 problem. Fix it in the file named and build again:");
  expect(output).toMatch(
    /- data\/slides\.yaml, Arabic \(ar:\), entry 2 of "slides" \([^)]*\), field "headline": the Arabic translation is missing\. Headline: The large text of the slide\./,
  );
  expect(fs.existsSync(path.join(project, "public", "index.html"))).toBe(false);
  fs.writeFileSync(file, original);
});

test("a copy of a content file under another name, anywhere in data/, stops the build, named, instead of replacing the content", () => {
  const copy = path.join(project, "data", "images", "pages.yaml");
  fs.writeFileSync(
    copy,
    fs.readFileSync(path.join(project, "data", "pages.yaml"), "utf8").replace(/title: .*/, "title: Forged"),
  );
  try {
    const { status, output } = buildProject(project);
    expect(status).not.toBe(0);
    expect(output).toContain(
      "- data/images/pages.yaml: is not one of the site's content files, so the build does not read it.",
    );
    expect(fs.existsSync(path.join(project, "public", "index.html"))).toBe(false);
  } finally {
    fs.rmSync(copy);
  }
});

test("a mail service address that would end its header early stops the build, saying what to set", () => {
  const { status, output } = buildProject(project, 'https://mail.example.com";sandbox/api/v1');
  expect(status).not.toBe(0);
  expect(output).toContain("Set it to a plain address such as GATSBY_MAIL_API_URL=https://mail.example.com/api/v1.");
  expect(fs.existsSync(path.join(project, "public", "index.html"))).toBe(false);
});

test("wrong deployment settings stop the build with one sentence each naming the file and the value", () => {
  const settings = path.join(project, "deploy", "cloudflare.jsonc");
  const worker = path.join(project, "mail-service", "wrangler.jsonc");
  const [settingsBefore, workerBefore] = [fs.readFileSync(settings, "utf8"), fs.readFileSync(worker, "utf8")];
  // databaseLocation left out, workersPlan mistyped, an SMTP host that is no host name, days in words.
  fs.writeFileSync(
    settings,
    settingsBefore
      .replace(/\n\s*"databaseLocation":[^\n]*/, "")
      .replace(/"workersPlan": "[^"]*"/, '"workersPlan": "pro"')
      .replace(/"mailTransport": "[^"]*"/, '"mailTransport": "smtp", "smtp": { "host": "smtp office365.com" }'),
  );
  fs.writeFileSync(worker, workerBefore.replace(/"RETENTION_DAYS": "[^"]*"/, '"RETENTION_DAYS": "ninety"'));
  try {
    const { status, output } = buildProject(project);
    expect(status).not.toBe(0);
    for (const sentence of [
      "deploy/cloudflare.jsonc: databaseLocation is missing; set it to where the enquiries' database is kept",
      'deploy/cloudflare.jsonc: mailTransport is "smtp" but smtp.host is "smtp office365.com", not a host name',
      'deploy/cloudflare.jsonc: workersPlan is "pro"; set it to the Cloudflare account\'s Workers plan, free or paid.',
      'mail-service/wrangler.jsonc: RETENTION_DAYS is "ninety"; set it to a whole number of days',
    ]) {
      expect(output).toContain(sentence);
    }
    expect(output).not.toMatch(/Unknown type|GraphQL/);
    expect(fs.existsSync(path.join(project, "public", "index.html"))).toBe(false);
  } finally {
    fs.writeFileSync(settings, settingsBefore);
    fs.writeFileSync(worker, workerBefore);
  }
});
