/**
 * @jest-environment node
 *
 * The build's settings reach every page's policy, the hosts' header files,
 * nginx's rules and the editor's configuration: only a plain address is
 * taken, and anything else stops the build saying what to set.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  cmsSettingsProblems,
  mailApiUrlProblem,
  mailOrigin,
  mailServiceConfig,
  readMailServiceFacts,
} from "../../plugins/build-settings";

test("a missing mail address explains what to set", () => {
  expect(mailApiUrlProblem(undefined)).toMatch(
    /^GATSBY_MAIL_API_URL is not set.*GATSBY_MAIL_API_URL=https:\/\/mail\.example\.com\/api\/v1/,
  );
  expect(mailApiUrlProblem("  ")).toMatch(/is not set/);
});

test.each([
  "https://mail.example.com/api/v1",
  "https://mail.example.com/api/v1/",
  "https://Mail.Example.com:8443/api/v1",
  "http://127.0.0.1:8025/api/v1",
  "http://localhost:8025/api/v1",
])("%s is taken", (address) => {
  expect(mailApiUrlProblem(address)).toBeNull();
});

test.each([
  ["a quote that would end the header and add sandbox", 'https://mail.example.com";sandbox/api/v1'],
  ["a comma that would split the policy in two", "https://mail.example.com,https://evil.example/api/v1"],
  ["a wildcard that would widen connect-src", "https://*.example.com/api/v1"],
  ["a space", "https://mail.example.com /api/v1"],
  ["a semicolon", "https://mail.example.com/api;v1"],
  ["a user name", "https://user@mail.example.com/api/v1"],
  ["a query", "https://mail.example.com/api/v1?x=1"],
  ["plain http on another computer", "http://mail.example.com/api/v1"],
  ["not a web address", "mail.example.com"],
  ["ftp", "ftp://mail.example.com/api/v1"],
  ["javascript:", "javascript:alert(1)"],
])("a mail address with %s is refused with what to set", (_what, address) => {
  expect(mailApiUrlProblem(address)).toMatch(
    /GATSBY_MAIL_API_URL.*Set it to a plain address such as GATSBY_MAIL_API_URL=https:\/\/mail\.example\.com\/api\/v1\.$/,
  );
});

test("the pages' policy takes the mail service's origin, and only that", () => {
  expect(mailOrigin("https://Mail.Example.com:8443/api/v1/")).toBe("https://mail.example.com:8443");
});

test("the editor's settings are taken only as plain values", () => {
  expect(cmsSettingsProblems({})).toEqual([]);
  expect(
    cmsSettingsProblems({
      CMS_BACKEND: "github",
      CMS_REPO: "bluepeak/website",
      CMS_BRANCH: "content/main",
      CMS_AUTH_URL: "https://auth.example.com",
    }),
  ).toEqual([]);
  expect(
    cmsSettingsProblems({
      CMS_BACKEND: "gitlab",
      CMS_REPO: "bluepeak/website\nbackend: {name: proxy}",
      CMS_BRANCH: "../main",
      CMS_AUTH_URL: "javascript:alert(1)",
    }),
  ).toEqual([
    expect.stringMatching(/^CMS_BACKEND is "gitlab": set it to github/),
    expect.stringMatching(/^CMS_REPO is "[^]*": set it to the GitHub repository as owner\/name/),
    expect.stringMatching(/^CMS_BRANCH is "\.\.\/main": set it to a branch name/),
    expect.stringMatching(/^CMS_AUTH_URL must start with https:\/\//),
  ]);
  expect(cmsSettingsProblems({ CMS_AUTH_URL: "http://auth.example.com" })).toEqual([
    expect.stringMatching(/^CMS_AUTH_URL must start with https:\/\//),
  ]);
});

test("a long value is cut short in the message", () => {
  expect(mailApiUrlProblem(`https://mail.example.com/${"a".repeat(5000)}"`)?.length).toBeLessThan(400);
});

test("every wrong deployment setting the privacy notice repeats is named at once, with its file and value", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "settings-"));
  try {
    const settings = path.join(folder, "cloudflare.jsonc");
    const worker = path.join(folder, "wrangler.jsonc");
    fs.writeFileSync(
      settings,
      '{ "mailTransport": "smtp", "smtp": { "host": "smtp example" }, "workersPlan": "business" }',
    );
    fs.writeFileSync(worker, '{ "vars": { "RETENTION_DAYS": "ninety", "SPAM_RETENTION_DAYS": "a month" } }');
    const { facts, problems } = readMailServiceFacts(worker, settings);
    expect(facts).toBeUndefined();
    const shown = path.relative(process.cwd(), settings);
    expect(problems).toEqual([
      `${shown}: databaseLocation is missing; set it to where the enquiries' database is kept: weur, eeur, apac, oc, wnam, enam.`,
      `${shown}: mailTransport is "smtp" but smtp.host is "smtp example", not a host name; set it, such as smtp.office365.com.`,
      `${shown}: workersPlan is "business"; set it to the Cloudflare account's Workers plan, free or paid.`,
      `${path.relative(process.cwd(), worker)}: RETENTION_DAYS is "ninety"; set it to a whole number of days, such as "90".`,
      `${path.relative(process.cwd(), worker)}: SPAM_RETENTION_DAYS is "a month"; set it to a whole number of days, such as "30".`,
    ]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test("the project's own deployment settings are read without a problem", () => {
  expect(readMailServiceFacts(mailServiceConfig).problems).toEqual([]);
});
