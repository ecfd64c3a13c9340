/**
 * @jest-environment node
 *
 * `npm run deploy` in a copy of the project with the company's values,
 * against the Cloudflare API stand-in (wrangler and the deploy reach it by
 * CLOUDFLARE_API_BASE_URL), which records every call: the first run creates
 * the database, the queues and the Pages project and applies the migrations,
 * then stops at the missing sign-in secrets, naming the commands that set
 * them; once they are set, a run uploads the Worker and the site; the next
 * creates nothing and uploads nothing.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parse } from "jsonc-parser";
import { wranglerBin, wranglerEnv } from "../../mail-service/scripts/wrangler";
import { startCloudflareStandIn, type CloudflareStandIn } from "../support/cloudflare-api-stand-in";
import { COMPANY, COMPANY_ZONE, deployProject, runDeploy } from "../support/deploy-project";

jest.setTimeout(900_000);

let api: CloudflareStandIn;
let project: string;

beforeAll(async () => {
  api = await startCloudflareStandIn({ zones: [COMPANY_ZONE] });
  project = deployProject("deploy-live");
});

afterAll(async () => {
  await api?.close();
  fs.rmSync(project, { recursive: true, force: true });
});

const created = () =>
  api.calls.filter(
    ({ method, path: called }) => method === "POST" && /\/(d1\/database|queues|pages\/projects|domains)$/.test(called),
  );

/** `npx wrangler pages secret put <name> --project-name <project>`, as the deploy tells the operator, the value typed in. */
function putPagesSecret(name: string, value: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [wranglerBin, "pages", "secret", "put", name, `--project-name=${COMPANY.pagesProject}`],
      {
        cwd: project,
        env: { ...process.env, ...wranglerEnv, ...api.env },
        stdio: ["pipe", "ignore", "inherit"],
      },
    );
    child.stdin.end(value);
    child.once("exit", resolve);
  });
}

test("a first run makes the database, the queues and the Pages project, then names the secrets to set", async () => {
  const { status, output } = await runDeploy(project, ["--no-check"], api.env);
  expect(output).toContain("[6/10] Secrets failed");
  expect(output).toContain(`npx wrangler pages secret put GITHUB_CLIENT_ID --project-name ${COMPANY.pagesProject}`);
  expect(output).toContain(`npx wrangler pages secret put GITHUB_CLIENT_SECRET --project-name ${COMPANY.pagesProject}`);
  expect(status).toBe(1);

  const migrations = fs.readdirSync(path.join(project, "mail-service", "migrations")).sort();
  expect(api.state.databases).toEqual([expect.objectContaining({ name: "enquiries", migrations })]);
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
});

test("with the secrets set, a run takes up from there and puts the Worker and the site live", async () => {
  expect(await putPagesSecret("GITHUB_CLIENT_ID", "Iv1.company-app")).toBe(0);
  expect(await putPagesSecret("GITHUB_CLIENT_SECRET", "company-app-secret")).toBe(0);
  const before = created().length;
  const { status, output } = await runDeploy(project, ["--no-check"], api.env);
  expect(output).toContain("Live: https://www.acme-it.ae");
  expect(status).toBe(0);

  const worker = api.state.workers.get("enquiry-mail-service");
  expect(worker?.uploads).toBe(1);
  expect(worker?.domains).toEqual([COMPANY.mailHost]);
  expect(worker?.schedules).toEqual(["* * * * *"]);
  const site = api.state.pages.get(COMPANY.pagesProject);
  expect(site?.deployments).toHaveLength(1);
  expect(site?.deployments[0]?.message).toMatch(/^npm run deploy: site [0-9a-f]{16}$/);
  expect(worker?.versions[0]?.tag).toMatch(/^[0-9a-f]{16}$/);
  expect(site?.domains).toEqual([COMPANY.siteHost]);
  // Nothing made again but the site's domain, which is added once the site is there.
  expect(
    created()
      .slice(before)
      .map(({ path: called }) => called),
  ).toEqual([`/accounts/${api.accountId}/pages/projects/${COMPANY.pagesProject}/domains`]);

  // The site was built for its host: posting to the mail service, its editor signing in on the site itself.
  const home = fs.readFileSync(path.join(project, "public", "index.html"), "utf8");
  expect(home).toContain("connect-src 'self' https://mail.acme-it.ae");
  const editor = fs.readFileSync(path.join(project, "public", "admin", "config.yml"), "utf8");
  expect(editor).toMatch(/repo: acme-it\/website/);
  expect(editor).toMatch(/base_url: https:\/\/www\.acme-it\.ae/);
  expect(editor).toMatch(/auth_endpoint: api\/auth/);
});

test("a run on a deployment that is there creates nothing, applies no migration and uploads nothing", async () => {
  const before = api.calls.length;
  const { status, output } = await runDeploy(project, ["--no-check"], api.env);
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
  expect(api.state.workers.get("enquiry-mail-service")?.uploads).toBe(1);
  expect(api.state.pages.get(COMPANY.pagesProject)?.deployments).toHaveLength(1);
});
