/**
 * @jest-environment node
 *
 * `npm run check:live` against a fake deployment on this computer
 * (support/fake-deployment.ts) that spoils one thing at a time: each spoilt
 * deployment fails, naming what is wrong, and the unspoilt one passes. Against
 * `npm start` and a plain static server: __tests__/builds/start.test.ts.
 */
import path from "node:path";
import { checkLive as check, formatChecks } from "../../scripts/check-live";
import { runScript } from "../support/project-copy";
import {
  FAKE_COMMIT,
  FAKE_REPOSITORY,
  startFakeDeployment,
  type FakeDeployment,
  type Spoiler,
} from "../support/fake-deployment";

jest.setTimeout(60_000);

const root = path.resolve(__dirname, "../..");
let deployment: FakeDeployment;

beforeAll(async () => {
  deployment = await startFakeDeployment();
});

afterAll(async () => {
  await deployment?.close();
});

const checkLive = (extra: string[] = []) =>
  runScript(root, "scripts/check-live.ts", [
    deployment.url,
    "--repository",
    FAKE_REPOSITORY,
    "--headers",
    deployment.headersFile,
    "--mail-api",
    deployment.mailApi,
    "--commit",
    FAKE_COMMIT,
    ...extra,
  ]);

test("the deployment as built passes every check", async () => {
  deployment.spoil = undefined;
  const { status, output } = await checkLive();
  expect(output).toMatch(/All \d+ checks passed/);
  expect(output).toMatch(/ok {2}\s*Page \/about\/\s+200, the build's headers, one policy/);
  expect(output).toMatch(/ok {2}\s*Mail service answers the form\s+an empty enquiry answered 400 \(refused/);
  expect(output).toMatch(/ok {2}\s*Sign-in refuses a forged answer\s+\/api\/callback with a forged state answered 403/);
  // Its cookie's attributes come HttpOnly first: any order is the same cookie.
  expect(output).toMatch(/ok {2}\s*Editor's sign-in\s+sends to https:\/\/github\.com/);
  expect(output).toMatch(/ok {2}\s*Version\s+built from c0ffee0/);
  expect(output).toMatch(/ok {2}\s*Editor\s+its own policy; saves to acme-it\/website/);
  expect(status).toBe(0);
});

test.each<[Spoiler, RegExp]>([
  ["hsts-off", /FAIL\s+Page \/\s+.*strict-transport-security max-age=0, not a year or more/],
  ["any-script", /FAIL\s+Page \/\s+.*its policy is not the one the build wrote for it/],
  [
    "weak-policy-built",
    /FAIL\s+Page \/\s+script-src allows more than the site's own scripts \('self' 'unsafe-inline'\)/,
  ],
  ["framing-allowed", /FAIL\s+Page \/\s+.*framing allowed/],
  [
    "admin-unguarded",
    /FAIL\s+Editor\s+no content-security-policy; strict-transport-security missing, not a year or more; framing allowed/,
  ],
  ["mail-fails", /FAIL\s+Mail service answers the form\s+an empty enquiry answered 500, not the contract's 400/],
  ["cors-any-origin", /FAIL\s+CORS from another origin\s+allowed \(\*\)/],
  ["cors-null-origin", /FAIL\s+CORS from the null origin\s+allowed \(null\)/],
  ["other-commit", /FAIL\s+Version\s+\/version\.json names bad0000, not c0ffee0, the commit deployed/],
  [
    "sign-in-elsewhere",
    /FAIL\s+Editor's sign-in\s+redirect_uri is https:\/\/sign-in\.attacker\.example\/api\/callback, not http:\/\/127\.0\.0\.1:\d+\/api\/callback/,
  ],
  ["placeholder-client", /FAIL\s+Editor's sign-in\s+client_id "<client id>" is a placeholder/],
  ["cookie-not-secure", /FAIL\s+Editor's sign-in\s+no secure state cookie/],
  [
    "callback-trusts-anyone",
    /FAIL\s+Sign-in refuses a forged answer\s+\/api\/callback with a forged state answered 200/,
  ],
])("a deployment with %s fails, naming it", async (spoiler, named) => {
  deployment.spoil = spoiler;
  // The checks the command runs, in this process: the command itself is run above and below.
  const checks = await check(deployment.url, {
    repository: FAKE_REPOSITORY,
    headersFile: deployment.headersFile,
    mailApi: deployment.mailApi,
    commit: FAKE_COMMIT,
  });
  expect(formatChecks(checks)).toMatch(named);
});

test("pages posting to another mail service than the one deployed fail; without a build, the policy's rules are checked", async () => {
  deployment.spoil = undefined;
  const elsewhere = await checkLive(["--mail-api", "https://mail.another-company.ae/api/v1"]);
  expect(elsewhere.output).toMatch(
    /FAIL\s+Mail service\s+the pages post to http:\/\/127\.0\.0\.1:\d+, not the deployed https:\/\/mail\.another-company\.ae/,
  );
  expect(elsewhere.status).toBe(1);

  deployment.spoil = "any-script";
  const unbuilt = await checkLive(["--headers", "/nonexistent/_headers"]);
  expect(unbuilt.output).toMatch(/ok {2}\s*Editor\s+its own policy/);
  expect(unbuilt.output).toContain("no build at");
  expect(unbuilt.output).toMatch(
    /FAIL\s+Page \/\s+script-src allows more than the site's own scripts \(\* 'unsafe-inline'\)/,
  );
});

test("without a build to compare with, a page's scripts may come from the site and its hashes alone", async () => {
  deployment.spoil = undefined;
  const unbuilt = (scriptSources: string) => {
    deployment.scriptSources = scriptSources;
    return check(deployment.url, { repository: FAKE_REPOSITORY, headersFile: "/nonexistent/_headers" });
  };
  try {
    for (const sources of ["'self' https://cdn.any", "'self' *.x.com", "'self' blob:", "'self' 'nonce-abc123'"]) {
      expect(formatChecks(await unbuilt(sources))).toContain(
        `script-src allows more than the site's own scripts (${sources})`,
      );
    }
    const own = formatChecks(await unbuilt("'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"));
    expect(own).not.toContain("script-src allows more");
  } finally {
    deployment.scriptSources = undefined;
  }
});

test("an address not on this computer must be https, and is not asked anything else over plain http", async () => {
  const { status, output } = await runScript(root, "scripts/check-live.ts", ["http://www.acme-it.ae"]);
  expect(output).toMatch(
    /FAIL\s+https\s+http:\/\/www\.acme-it\.ae is not https: a live site must be; nothing else was asked/,
  );
  expect(output).toContain("1 of 1 checks failed.");
  expect(status).toBe(1);
});
