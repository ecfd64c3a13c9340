/**
 * @jest-environment node
 *
 * `npm run deploy` before it deploys: what it refuses before any call to
 * Cloudflare (the example values, a host that is not a plain host name, a
 * missing token), a token Cloudflare refuses, and --dry-run, which prints the
 * plan and bundles the Worker without calling any API. Cloudflare's API is
 * the stand-in on 127.0.0.1, which records every call. The deploy itself:
 * __tests__/builds/deploy.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { startCloudflareStandIn, type CloudflareStandIn } from "../support/cloudflare-api-stand-in";
import { COMPANY, COMPANY_ZONE, deployProject, runDeploy } from "../support/deploy-project";

jest.setTimeout(120_000);

const root = path.resolve(__dirname, "../..");
let api: CloudflareStandIn;
let project: string;

beforeAll(async () => {
  api = await startCloudflareStandIn({ zones: [COMPANY_ZONE] });
  project = deployProject("deploy-plan");
});

afterAll(async () => {
  await api?.close();
  fs.rmSync(project, { recursive: true, force: true });
});

test("the example company's values are refused, each named, before any call", async () => {
  const { status, output } = await runDeploy(root, [], api.env);
  expect(status).toBe(1);
  for (const name of ["siteHost", "mailHost", "pagesProject", "salesAddress", "fromAddress", "editorRepository"]) {
    expect(output).toContain(`${name} is still the example company's`);
  }
  expect(output).toContain("Nothing was deployed");
  expect(api.calls).toEqual([]);
});

test("a host that is not a plain host name, a bad address and a site address elsewhere are refused", async () => {
  const copy = deployProject("deploy-refused", {
    ...COMPANY,
    siteHost: "https://www.acme-it.ae/",
    mailHost: "mail.acme-it.ae:8443",
    salesAddress: "Sales <sales@acme-it.ae>",
  });
  try {
    const { status, output } = await runDeploy(copy, ["--dry-run"], api.env);
    expect(status).toBe(1);
    expect(output).toContain('siteHost is "https://www.acme-it.ae/": write a plain host name');
    expect(output).toContain('mailHost is "mail.acme-it.ae:8443": write a plain host name');
    expect(output).toContain('salesAddress is "Sales <sales@acme-it.ae>": write a plain e-mail address');
    expect(api.calls).toEqual([]);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
  const elsewhere = deployProject("deploy-elsewhere");
  try {
    fs.writeFileSync(
      path.join(elsewhere, "deploy", "cloudflare.jsonc"),
      JSON.stringify({ ...COMPANY, siteHost: "www.acme-it.com" }),
    );
    const { status, output } = await runDeploy(elsewhere, ["--dry-run"], api.env);
    expect(status).toBe(1);
    expect(output).toContain('data/site.yaml gives the site\'s address (siteUrl) as "https://www.acme-it.ae"');
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});

test("without a token it names the token's permissions and deploys nothing", async () => {
  const { status, output } = await runDeploy(project, [], { CLOUDFLARE_API_BASE_URL: api.baseUrl });
  expect(status).toBe(1);
  expect(output).toContain("CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID are not set");
  expect(output).toContain("Account · D1 · Edit");
  expect(output).toContain("Account · Cloudflare Pages · Edit");
  expect(api.calls).toEqual([]);
});

test("a token Cloudflare refuses stops the first step, naming the permissions it needs", async () => {
  const { status, output } = await runDeploy(project, [], { ...api.env, CLOUDFLARE_API_TOKEN: "another-token" });
  expect(status).toBe(1);
  expect(output).toContain("[1/11] API token failed");
  expect(output).toContain("Cloudflare refused the token");
  expect(output).toContain("Account · Workers Scripts · Edit");
  expect(api.calls.map(({ path: called }) => called)).toEqual(["/user/tokens/verify"]);
  expect(api.state.databases).toEqual([]);
  api.calls.length = 0;
});

test("--dry-run prints every step and bundles the Worker with the company's values, calling no API", async () => {
  const config = fs.readFileSync(path.join(project, "mail-service", "wrangler.jsonc"), "utf8");
  const { status, output } = await runDeploy(project, ["--dry-run"], api.env);
  expect(output).toContain("No API is called");
  expect(status).toBe(0);
  for (const step of [
    "API token",
    "D1 database",
    "Queues",
    "Database migrations",
    "Pages project",
    "Secrets",
    "Mail service",
    "Site build",
    "Site:",
    "Custom domain www.acme-it.ae",
    "Live check",
  ]) {
    expect(output).toContain(step);
  }
  expect(output).toContain("https://mail.acme-it.ae/api/v1");
  const bundle = path.join(project, ".wrangler", "deploy-dry-run", "index.js");
  expect(fs.statSync(bundle).size).toBeGreaterThan(10_000);
  // The Worker's three entry points: the form's address, the queue's consumer and the cron sweep.
  expect(fs.readFileSync(bundle, "utf8")).toMatch(/MAIL_SENDER_PATH = `\$\{API_BASE\}\/mail-sender`/);
  expect(fs.readFileSync(bundle, "utf8")).toMatch(/async queue\(/);
  expect(fs.readFileSync(bundle, "utf8")).toMatch(/async scheduled\(/);
  // The bundle's configuration was a copy: the project's own is as it was, and no call was made.
  expect(fs.readFileSync(path.join(project, "mail-service", "wrangler.jsonc"), "utf8")).toBe(config);
  expect(output).toContain('env.SALES_ADDRESS ("sales@acme-it.ae")');
  expect(api.calls).toEqual([]);
});

test("deploy and check:live answer --help with their usage, and a mistaken argument with exit code 2", async () => {
  const help = await runDeploy(root, ["--help"], {});
  expect(help.status).toBe(0);
  expect(help.output).toContain("--dry-run");
  const wrong = await runDeploy(root, ["--force"], {});
  expect(wrong.status).toBe(2);
  expect(wrong.output).toContain("Unknown argument: --force");
});

test("with SMTP as the way out, a missing SMTP secret stops the deploy before any upload, with the command that sets it", async () => {
  const smtp = await startCloudflareStandIn({ zones: [COMPANY_ZONE] });
  const copy = deployProject("deploy-smtp", {
    ...COMPANY,
    mailTransport: "smtp",
    smtp: { host: "smtp.office365.com", port: 587, security: "starttls", auth: "password", user: "website@acme-it.ae" },
  });
  try {
    const { status, output } = await runDeploy(copy, ["--no-check"], smtp.env);
    expect(output).toContain("[6/10] Secrets failed");
    expect(output).toContain(
      "SMTP_PASSWORD (the password (or app password) of the SMTP mailbox): npx wrangler secret put SMTP_PASSWORD -c mail-service/wrangler.jsonc",
    );
    expect(status).toBe(1);
    expect(smtp.state.workers.get("enquiry-mail-service")?.uploads ?? 0).toBe(0);
    // The way out and its settings are written where the Worker reads them.
    const config = fs.readFileSync(path.join(copy, "mail-service", "wrangler.jsonc"), "utf8");
    expect(config).toContain('"MAIL_TRANSPORT": "smtp"');
    expect(config).toContain('"SMTP_HOST": "smtp.office365.com"');
    expect(config).toContain('"SMTP_USER": "website@acme-it.ae"');
  } finally {
    await smtp.close();
    fs.rmSync(copy, { recursive: true, force: true });
  }
});
