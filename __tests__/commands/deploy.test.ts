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
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { updateYaml } from "../../plugins/site-admin/editor/yaml-in-place";
import { deploySteps, stepLabel } from "../../scripts/deploy/steps/list";
import { readDeployPlan } from "../../scripts/deploy/steps/plan";
import { startCloudflareStandIn, type CloudflareStandIn } from "../../scripts/stand-ins/cloudflare-api";
import { COMPANY, COMPANY_ZONE, deployProject, runDeploy } from "../support/deploy-project";
import { copyProject } from "../support/project-copy";
import { startGitHubApiStandIn, type GitHubApiStandIn } from "../../scripts/stand-ins/github-api";

/** How a run of the deploy in `project` names its step `title` ("[n/N] title"), from the deploy's own list. */
const labelOf = (project: string, title: string, options: { check?: boolean } = {}) =>
  stepLabel(deploySteps(readDeployPlan(project, options)), title);

jest.setTimeout(120_000);

const root = path.resolve(__dirname, "../..");
let api: CloudflareStandIn;
let github: GitHubApiStandIn;
let project: string;

beforeAll(async () => {
  api = await startCloudflareStandIn({ zones: [COMPANY_ZONE] });
  github = await startGitHubApiStandIn({ repository: COMPANY.editorRepository });
  project = deployProject("deploy-plan");
  const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: project, encoding: "utf8" }).trim();
  github.branches.set("main", { sha: head, date: new Date().toISOString() });
});

afterAll(async () => {
  await api?.close();
  await github?.close();
  fs.rmSync(project, { recursive: true, force: true });
});

/** The example company's deploy settings, as the repository ships them before a company makes them its own. */
const EXAMPLE_SETTINGS = {
  siteHost: "www.bluepeak-it.example",
  mailHost: "mail.bluepeak-it.example",
  pagesProject: "bluepeak-it-site",
  salesAddress: "sales@bluepeak-it.example",
  fromAddress: "enquiries@bluepeak-it.example",
  mailTransport: "send_email",
  editorRepository: "bluepeak-it/website",
  databaseLocation: "weur",
  workersPlan: "free",
};

test("the example company's values are refused, each named, before any call", async () => {
  // A copy of its own, so that the company's real settings and content, once deployed, keep this test as it is.
  const copy = copyProject("deploy-example-values", root);
  try {
    fs.writeFileSync(path.join(copy, "deploy", "cloudflare.jsonc"), JSON.stringify(EXAMPLE_SETTINGS, null, 2));
    const privacy = path.join(copy, "data", "privacy.yaml");
    const text = fs.readFileSync(privacy, "utf8");
    const data = parse(text) as { en: { controller: { licence: string } } };
    data.en.controller.licence = "trade licence no. [number]";
    fs.writeFileSync(privacy, updateYaml(text, data));

    const { status, output } = await runDeploy(copy, [], api.env);
    expect(status).toBe(1);
    for (const name of ["siteHost", "mailHost", "pagesProject", "salesAddress", "fromAddress", "editorRepository"]) {
      expect(output).toContain(`${name} is still the example company's`);
    }
    // The licence number is only the company's to know.
    expect(output).toContain(
      'data/privacy.yaml, English (en:), field "licence": is still [number], left for the company to fill in',
    );
    expect(output).toContain("Nothing was deployed");
    expect(api.calls).toEqual([]);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test("the example company's content left in data/ is refused, naming each file, language, entry and field", async () => {
  const copy = deployProject("deploy-example-content");
  try {
    const contact = path.join(copy, "data", "contact.yaml");
    const services = path.join(copy, "data", "services.yaml");
    const edit = (file: string, change: (data: Record<string, Record<string, unknown>>) => void) => {
      const text = fs.readFileSync(file, "utf8");
      const data = parse(text) as Record<string, Record<string, unknown>>;
      change(data);
      fs.writeFileSync(file, updateYaml(text, data));
    };
    edit(contact, (data) => {
      (data.en as Record<string, unknown>).salesEmail = "sales@bluepeak-it.example";
    });
    edit(services, (data) => {
      const arabic = (data.ar as { services: { title: string }[] }).services;
      (arabic[1] as { title: string }).title = "خدمات بلوبيك";
    });
    // The example's sharing card, kept under a name of the company's own; a made-up partner's name kept.
    fs.copyFileSync(
      path.join(__dirname, "../fixtures/example-pictures/social-card.jpg"),
      path.join(copy, "data", "images", "our-card.jpg"),
    );
    edit(path.join(copy, "data", "site.yaml"), (data) => {
      (data.en as Record<string, unknown>).socialImage = "./images/our-card.jpg";
    });
    edit(path.join(copy, "data", "partners.yaml"), (data) => {
      ((data.en as { partners: { name: string }[] }).partners[0] as { name: string }).name = "Meshline Networks";
    });
    // What the example leaves for the company to fill in, in square brackets, as it ships.
    edit(path.join(copy, "data", "privacy.yaml"), (data) => {
      (data.en as { mailboxProvider: string }).mailboxProvider = "[mailbox provider, such as Microsoft 365]";
    });
    const { status, output } = await runDeploy(copy, ["--dry-run"], api.env);
    expect(status).toBe(1);
    expect(output).toContain(
      'data/privacy.yaml, English (en:), field "mailboxProvider": is still [mailbox provider, such as Microsoft 365], left for the company to fill in',
    );
    expect(output).toContain(
      'data/contact.yaml, English (en:), field "salesEmail": "sales@bluepeak-it.example" holds an example address (bluepeak-it.example): put the company\'s own (docs/editing.md, "Before going live"',
    );
    expect(output).toContain(
      'data/services.yaml, Arabic (ar:), entry 2 of "services", field "title": "خدمات بلوبيك" holds the example company\'s name (بلوبيك)',
    );
    expect(output).toContain(
      'data/site.yaml, English (en:), field "socialImage": "./images/our-card.jpg" is the example\'s sharing picture, with the example company\'s name drawn in: choose the company\'s own picture',
    );
    expect(output).toContain(
      'data/partners.yaml, English (en:), entry 1 of "partners", field "name": "Meshline Networks" names the example\'s made-up partner Meshline',
    );
    expect(output).toContain("Nothing was deployed");
    expect(api.calls).toEqual([]);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test("a sales address the site does not show visitors for their requests is named, without refusing", async () => {
  const copy = deployProject("deploy-two-addresses");
  try {
    fs.writeFileSync(
      path.join(copy, "deploy", "cloudflare.jsonc"),
      JSON.stringify({ ...COMPANY, salesAddress: "leads@acme-it.ae" }),
    );
    // Said before anything else is asked for: here, before the missing token stops the run.
    const { output } = await runDeploy(copy, [], { CLOUDFLARE_API_BASE_URL: api.baseUrl });
    expect(output).toContain(
      `Warning: data/contact.yaml gives visitors sales@acme-it.ae for their requests (the contact panel, the privacy notice), but enquiries are delivered to leads@acme-it.ae`,
    );
    expect(output).toContain("CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID are not set");
    expect(output).not.toContain("Nothing can be deployed yet");
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
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

test("a checkout that is not a clone of the company's repository is refused, naming the steps that make it one", async () => {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: project, encoding: "utf8" });
  git("remote", "set-url", "origin", "https://github.com/studio/it-support-site.git");
  const calls = api.calls.length;
  try {
    const { status, output } = await runDeploy(project, [], { ...api.env, GITHUB_API_URL: github.url });
    expect(output).toContain(
      `this checkout's origin is https://github.com/studio/it-support-site.git, not the company's repository ${COMPANY.editorRepository}`,
    );
    expect(output).toContain(
      `git remote set-url origin https://github.com/${COMPANY.editorRepository}.git (git remote add, where there is no origin) and git push -u origin main`,
    );
    expect(output).toContain("Nothing was deployed.");
    expect(status).toBe(1);
    expect(api.calls.slice(calls)).toEqual([]);
  } finally {
    git("remote", "set-url", "origin", `https://github.com/${COMPANY.editorRepository}.git`);
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
  const { status, output } = await runDeploy(project, [], {
    ...api.env,
    CLOUDFLARE_API_TOKEN: "another-token",
    GITHUB_API_URL: github.url,
  });
  expect(status).toBe(1);
  expect(output).toContain(`${labelOf(project, "API token")} failed`);
  expect(output).toContain("Cloudflare refused the token");
  expect(output).toContain("Account · Workers Scripts · Edit");
  expect(api.calls.map(({ path: called }) => called)).toEqual(["/user/tokens/verify"]);
  expect(api.state.databases).toEqual([]);
  api.calls.length = 0;
});

test("--dry-run runs the content check before anything else, and stops at a broken edit, calling no API", async () => {
  const copy = deployProject("deploy-dry-run-check");
  try {
    const slides = path.join(copy, "data", "slides.yaml");
    const text = fs.readFileSync(slides, "utf8");
    const data = parse(text) as { ar: { slides: { headline?: string }[] } };
    delete (data.ar.slides[0] as { headline?: string }).headline;
    fs.writeFileSync(slides, updateYaml(text, data));
    const { status, output } = await runDeploy(copy, ["--dry-run"], api.env);
    expect(status).toBe(1);
    expect(output).toContain("No API is called");
    expect(output).toMatch(
      /\[1\/3\] Content check failed\.[^]*data\/slides\.yaml, Arabic \(ar:\), entry 1 of "slides"/,
    );
    expect(output).not.toContain("Site build: built");
    expect(output).toContain("Nothing was deployed.");
    expect(api.calls).toEqual([]);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test("a site host in a zone this account does not hold stops at its domain, with the record to make by hand", async () => {
  const elsewhere = await startCloudflareStandIn({ zones: ["another-company.ae"] });
  try {
    const { status, output } = await runDeploy(project, [], { ...elsewhere.env, GITHUB_API_URL: github.url });
    expect(output).toContain(`${labelOf(project, `Custom domain ${COMPANY.siteHost}`)} failed`);
    expect(output).toContain(
      "No zone of this Cloudflare account holds www.acme-it.ae. Make a CNAME record for www.acme-it.ae pointing to acme-it-site.pages.dev",
    );
    expect(status).toBe(1);
    // The domain is on the project, pending until its record exists; nothing was uploaded.
    expect(elsewhere.state.pages.get(COMPANY.pagesProject)?.domains).toEqual([COMPANY.siteHost]);
    expect(elsewhere.state.pages.get(COMPANY.pagesProject)?.deployments).toEqual([]);
  } finally {
    await elsewhere.close();
  }
});

test("Email Routing's takeover of a domain whose mail is elsewhere is named before it happens", async () => {
  const withMail = await startCloudflareStandIn({ zones: [COMPANY_ZONE] });
  withMail.state.dnsRecords.push({
    id: "mx1",
    zoneId: `zone-${COMPANY_ZONE}`,
    type: "MX",
    name: COMPANY_ZONE,
    content: "acme-it-ae.mail.protection.outlook.com",
  });
  try {
    const { output } = await runDeploy(project, [], { ...withMail.env, GITHUB_API_URL: github.url });
    expect(output).toContain(
      "Email Routing: WARNING: the domain receives its mail at acme-it-ae.mail.protection.outlook.com. Turning Email Routing on replaces those MX records",
    );
    // A warning, not a stop: the deploy goes on to the secrets.
    expect(output).toContain(`${labelOf(project, "Secrets")} failed`);
  } finally {
    await withMail.close();
  }
});

test("deploy and check:live answer --help with their usage, and a mistaken argument with exit code 2", async () => {
  const help = await runDeploy(root, ["--help"], {});
  expect(help.status).toBe(0);
  expect(help.output).toContain("--dry-run");
  const wrong = await runDeploy(root, ["--forse"], {});
  expect(wrong.status).toBe(2);
  expect(wrong.output).toContain("Unknown argument: --forse");
});

test("with SMTP as the way out, a missing SMTP secret stops the deploy before any upload, with the command that sets it", async () => {
  const smtp = await startCloudflareStandIn({ zones: [COMPANY_ZONE] });
  const copy = deployProject("deploy-smtp", {
    ...COMPANY,
    mailTransport: "smtp",
    smtp: { host: "smtp.office365.com", port: 587, security: "starttls", auth: "password", user: "website@acme-it.ae" },
  });
  try {
    // A company's clone whose history GitHub does not know: published anyway, as --force says.
    const { status, output } = await runDeploy(copy, ["--no-check", "--force"], smtp.env);
    expect(output).toContain("--force: deploying although");
    expect(output).toContain(`${labelOf(copy, "Secrets", { check: false })} failed`);
    expect(output).toContain(
      "SMTP_PASSWORD (the password (or app password) of the SMTP mailbox): npx wrangler secret put SMTP_PASSWORD -c mail-service/wrangler.jsonc",
    );
    expect(output).toContain("npx wrangler secret put HEALTH_TOKEN -c mail-service/wrangler.jsonc");
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
