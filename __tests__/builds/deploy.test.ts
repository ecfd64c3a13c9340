/**
 * @jest-environment node
 *
 * `npm run deploy` in a copy of the project with the company's values,
 * against the Cloudflare API stand-in (wrangler and the deploy reach it by
 * CLOUDFLARE_API_BASE_URL), which records every call: the first run creates
 * the database, the queues and the Pages project and applies the migrations,
 * then stops at the missing sign-in secrets, naming the commands that set
 * them; once they are set, a run uploads the Worker and the site; the next
 * creates nothing and uploads nothing. The project's copy is a git repository
 * whose main is the head of the editor's branch on the GitHub API stand-in.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parse } from "jsonc-parser";
import { readWranglerConfig } from "mail-service/local-service";
import { wranglerBin, wranglerEnv } from "mail-service/wrangler";
import { deploySteps, stepLabel } from "../../scripts/deploy/steps/list";
import { readDeployPlan } from "../../scripts/deploy/steps/plan";
import { WORKER_CONFIG } from "../../scripts/deploy/worker-config";
import { startCloudflareStandIn, type CloudflareStandIn } from "../../scripts/stand-ins/cloudflare-api";
import { COMPANY, COMPANY_ZONE, deployProject, runDeploy } from "../support/deploy-project";
import { startGitHubApiStandIn, type GitHubApiStandIn } from "../../scripts/stand-ins/github-api";

jest.setTimeout(900_000);

let api: CloudflareStandIn;
let github: GitHubApiStandIn;
let project: string;
/** The stand-ins' settings, as the company's shell holds them: Cloudflare's, and GitHub's API with a token. */
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  api = await startCloudflareStandIn({ zones: [COMPANY_ZONE] });
  github = await startGitHubApiStandIn({ repository: COMPANY.editorRepository });
  project = deployProject("deploy-live");
  const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: project, encoding: "utf8" }).trim();
  github.branches.set("main", { sha: head, date: new Date().toISOString() });
  env = { ...api.env, GITHUB_API_URL: github.url, GITHUB_TOKEN: github.token };
});

afterAll(async () => {
  await api?.close();
  await github?.close();
  fs.rmSync(project, { recursive: true, force: true });
});

const created = () =>
  api.calls.filter(
    ({ method, path: called }) => method === "POST" && /\/(d1\/database|queues|pages\/projects|domains)$/.test(called),
  );

/** `npx wrangler pages secret put <name> --project-name <project>`, as the deploy tells the operator, the value typed in. */
const putPagesSecret = (name: string, value: string) =>
  wranglerSecret(["pages", "secret", "put", name, `--project-name=${COMPANY.pagesProject}`], value);

/** `npx wrangler secret put <name> -c mail-service/wrangler.jsonc`, as the deploy tells the operator. */
const putWorkerSecret = (name: string, value: string) =>
  wranglerSecret(["secret", "put", name, "-c", "mail-service/wrangler.jsonc"], value);

function wranglerSecret(args: string[], value: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [wranglerBin, ...args], {
      cwd: project,
      env: { ...process.env, ...wranglerEnv, ...api.env },
      stdio: ["pipe", "ignore", "inherit"],
    });
    child.stdin.end(value);
    child.once("exit", resolve);
  });
}

test("--dry-run prints every step, then checks the content, bundles the Worker and builds the site, calling no API", async () => {
  const config = fs.readFileSync(path.join(project, "mail-service", "wrangler.jsonc"), "utf8");
  const { status, output } = await runDeploy(project, ["--dry-run"], api.env);
  expect(output).toContain("No API is called");
  expect(status).toBe(0);
  // What needs no API was run, the build included: the site is there, built for the company's address.
  expect(output).toContain("Content check: no problem found");
  expect(output).toMatch(/Site build: built from [0-9a-f]{7}/);
  expect(fs.readFileSync(path.join(project, "public", "sitemap.xml"), "utf8")).toContain(
    `https://${COMPANY.siteHost}/`,
  );
  expect(output).toContain("Ready for Cloudflare's side. Nothing was deployed.");
  // Every step of the deploy's list, numbered, with what it will do.
  deploySteps(readDeployPlan(project)).forEach(({ title, plan }, index) =>
    expect(output).toContain(`  ${index + 1}. ${title}: ${plan}`),
  );
  expect(output).toContain("https://mail.acme-it.ae/api/v1");
  // What no check recognises as the example's is pointed to, where it is listed.
  expect(output).toContain('docs/editing.md, "Before going live", lists each.');
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

test("a first run makes the database, the queues, the Pages project and its domain, then names the secrets to set", async () => {
  const { status, output } = await runDeploy(project, ["--no-check"], env);
  expect(output).toContain(`${stepLabel(deploySteps(readDeployPlan(project, { check: false })), "Secrets")} failed`);
  expect(output).toContain(`npx wrangler pages secret put GITHUB_CLIENT_ID --project-name ${COMPANY.pagesProject}`);
  expect(output).toContain(`npx wrangler pages secret put GITHUB_CLIENT_SECRET --project-name ${COMPANY.pagesProject}`);
  expect(output).toContain("npx wrangler secret put HEALTH_TOKEN -c mail-service/wrangler.jsonc");
  expect(output).toContain("npx wrangler secret put REVIEW_KEY -c mail-service/wrangler.jsonc");
  expect(status).toBe(1);

  // The site's host: its record made (the API makes none), the domain active once it exists; the bare domain sent
  // on to www. by a Redirect Rule, with a record for Cloudflare to answer it.
  expect(api.state.dnsRecords).toEqual([
    expect.objectContaining({
      type: "CNAME",
      name: COMPANY.siteHost,
      content: `${COMPANY.pagesProject}.pages.dev`,
      proxied: true,
    }),
    expect.objectContaining({ type: "A", name: COMPANY_ZONE, content: "192.0.2.1", proxied: true }),
  ]);
  expect(output).toMatch(
    /Custom domain www\.acme-it\.ae: added; record made \(CNAME to acme-it-site\.pages\.dev, proxied\); active/,
  );
  expect([...api.state.redirectRules.values()]).toEqual([
    [
      expect.objectContaining({
        expression: `(http.host eq "${COMPANY_ZONE}")`,
        action: "redirect",
        action_parameters: expect.objectContaining({
          from_value: expect.objectContaining({
            status_code: 301,
            target_url: { expression: `concat("https://${COMPANY.siteHost}", http.request.uri.path)` },
          }),
        }),
      }),
    ],
  ]);

  const migrations = fs.readdirSync(path.join(project, "mail-service", "migrations")).sort();
  // Created where the company chose, the region its privacy notice names.
  expect(api.state.databases).toEqual([
    expect.objectContaining({ name: "enquiries", location: COMPANY.databaseLocation, migrations }),
  ]);
  expect(api.state.queues.map(({ queue_name }) => queue_name).sort()).toEqual([
    "enquiry-deliveries",
    "enquiry-deliveries-dlq",
  ]);
  expect([...api.state.pages.keys()]).toEqual([COMPANY.pagesProject]);
  expect(api.state.workers.get("enquiry-mail-service")?.uploads ?? 0).toBe(0);

  // The company's values and the new database's id, where wrangler and the operator's commands read them.
  const config = parse(fs.readFileSync(path.join(project, "mail-service", "wrangler.jsonc"), "utf8"));
  expect(config.d1_databases[0].database_id).toBe(api.state.databases[0]?.uuid);
  expect(config.routes).toEqual([{ pattern: COMPANY.mailHost, custom_domain: true }]);
  expect(config.send_email[0].destination_address).toBe(COMPANY.salesAddress);
  expect(config.vars).toMatchObject({
    SALES_ADDRESS: COMPANY.salesAddress,
    FROM_ADDRESS: COMPANY.fromAddress,
    ALLOWED_ORIGINS: "https://www.acme-it.ae,https://acme-it.ae",
  });
  // Written as the project's own lint wants it (its Prettier check, run as CI runs it), comments kept, so the
  // company's commit of it keeps CI green.
  const prettier = spawnSync(path.join(project, "node_modules", ".bin", "prettier"), ["--check", WORKER_CONFIG], {
    cwd: project,
    encoding: "utf8",
  });
  expect(`${prettier.stdout}${prettier.stderr}`).toContain("All matched files use Prettier code style!");
  expect(fs.readFileSync(path.join(project, WORKER_CONFIG), "utf8")).toContain("// ");
});

test("with the secrets set, a run takes up from there and puts the Worker and the site live", async () => {
  expect(await putPagesSecret("GITHUB_CLIENT_ID", "Iv1.company-app")).toBe(0);
  expect(await putPagesSecret("GITHUB_CLIENT_SECRET", "company-app-secret")).toBe(0);
  // The Worker is not there yet: wrangler makes a placeholder of it to hold the secret, as the deploy's line says.
  expect(await putWorkerSecret("HEALTH_TOKEN", "a-monitor-token-of-24-characters-or-more")).toBe(0);
  expect(await putWorkerSecret("REVIEW_KEY", "a-key-for-the-digest-links-of-32-characters-or-more")).toBe(0);
  const before = created().length;
  const { status, output } = await runDeploy(project, ["--no-check"], env);
  expect(output).toContain("Live: https://www.acme-it.ae");
  expect(status).toBe(0);
  // The publishing workflows' environments are not made yet: the deploy says which, and how.
  expect(output).toMatch(/Publishing workflow: no environment "production"; no environment "preview"/);

  const worker = api.state.workers.get("enquiry-mail-service");
  // The placeholder wrangler made for the secret, then the mail service itself.
  expect(worker?.uploads).toBe(2);
  expect(worker?.secrets).toEqual(new Set(["HEALTH_TOKEN", "REVIEW_KEY"]));
  expect(worker?.domains).toEqual([COMPANY.mailHost]);
  // The crons of the deployment's settings: the sweep's and the monthly report's.
  expect(worker?.schedules).toEqual((readWranglerConfig().triggers as { crons: string[] }).crons);
  const site = api.state.pages.get(COMPANY.pagesProject);
  expect(site?.deployments).toHaveLength(1);
  expect(site?.deployments[0]?.message).toMatch(/^npm run deploy: site [0-9a-f]{16}$/);
  expect(worker?.versions.at(-1)?.tag).toMatch(/^[0-9a-f]{16}$/);
  expect(site?.domains).toEqual([COMPANY.siteHost]);
  // Nothing made again: the database, the queues, the project, its domain and its records are there.
  expect(created().slice(before)).toEqual([]);
  expect(api.state.dnsRecords).toHaveLength(2);

  // The site was built for its host: posting to the mail service, its editor signing in on the site itself.
  const home = fs.readFileSync(path.join(project, "public", "index.html"), "utf8");
  expect(home).toContain("connect-src 'self' https://mail.acme-it.ae");
  const editor = fs.readFileSync(path.join(project, "public", "admin", "config.yml"), "utf8");
  expect(editor).toMatch(/repo: acme-it\/website/);
  expect(editor).toMatch(/base_url: https:\/\/www\.acme-it\.ae/);
  expect(editor).toMatch(/auth_endpoint: api\/auth/);
});

test("a run on a deployment that is there creates nothing, applies no migration and uploads nothing", async () => {
  const rulesBefore = JSON.stringify([...api.state.redirectRules.values()]);
  const secrets = ["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_API_TOKEN"];
  github.environments.set("production", { secrets, branches: ["main"] });
  github.environments.set("preview", { secrets, branches: ["main"] });
  const before = api.calls.length;
  const { status, output } = await runDeploy(project, ["--no-check"], env);
  expect(status).toBe(0);
  expect(output).toContain("Database migrations: none to apply");
  const calls = api.calls.slice(before);
  expect(
    calls.filter(
      ({ method, path: called }) =>
        method === "POST" && /\/(d1\/database|queues|pages\/projects|domains)$/.test(called),
    ),
  ).toEqual([]);
  expect(api.state.databases).toHaveLength(1);
  expect(api.state.queues).toHaveLength(2);
  // The Worker and the site are live as they are: no new version, no new deployment.
  expect(output).toMatch(/Mail service: unchanged since it was deployed/);
  expect(output).toMatch(/Site: unchanged since it was deployed/);
  expect(api.state.workers.get("enquiry-mail-service")?.uploads).toBe(2);
  expect(api.state.pages.get(COMPANY.pagesProject)?.deployments).toHaveLength(1);
  expect(api.state.dnsRecords).toHaveLength(2);
  expect(JSON.stringify([...api.state.redirectRules.values()])).toBe(rulesBefore);
  expect(output).toContain("Publishing workflow: both environments hold their secrets, for main alone");
});

test("a rerun compares the site with the deployment that is live, after a rollback too; --force uploads anyway", async () => {
  const site = api.state.pages.get(COMPANY.pagesProject);
  if (!site) throw new Error("The Pages project is missing: the tests above make it.");
  // Someone rolled production back, in the dashboard, to an older deployment: the newest is no longer live.
  site.deployments.unshift({
    id: "0ld0ld0l-rolled-back",
    message: "npm run deploy: site 0000000000000000",
    branch: "main",
  });
  site.live = "0ld0ld0l-rolled-back";
  const rerun = await runDeploy(project, ["--no-check"], env);
  expect(rerun.output).toMatch(/Site: deployed/);
  expect(rerun.status).toBe(0);
  expect(site.deployments).toHaveLength(3);
  site.live = undefined;

  const forced = await runDeploy(project, ["--no-check", "--force"], env);
  expect(forced.output).toMatch(/Site: deployed/);
  expect(forced.status).toBe(0);
  expect(site.deployments).toHaveLength(4);
});
