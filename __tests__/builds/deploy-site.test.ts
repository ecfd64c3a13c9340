/**
 * @jest-environment node
 *
 * The publishing workflows' steps, run as GitHub Actions runs them
 * (__tests__/support/publish-workflow.ts), in a copy of the project against
 * the Cloudflare and GitHub API stand-ins: an editor's valid change to a
 * service's title is checked and built by one job, uploaded to production by
 * the next, the site built holds it and names its commit, the live site is
 * checked (served on this computer as the company's addresses), and the
 * commit's status gives the editor the live address; a draft is built by its
 * own check and uploaded as a preview at its own address by main's code,
 * posted for Decap's preview button, and production stays as it was. The
 * workflows as written and the paths that need no build:
 * __tests__/commands/publish-workflow.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { PREVIEW_CONTEXT, PRODUCTION_CONTEXT } from "../../plugins/site-admin/editor/publish-state";
import { updateYaml } from "../../plugins/site-admin/editor/yaml-in-place";
import { branchAlias, type CloudflareStandIn } from "../../scripts/stand-ins/cloudflare-api";
import { commitAll, COMPANY, liveCompany, type LiveCompany } from "../support/deploy-project";
import { startFakeDeployment, type FakeDeployment } from "../support/fake-deployment";
import type { GitHubApiStandIn } from "../../scripts/stand-ins/github-api";
import { deployStep, runStep, type ActionsRun } from "../support/publish-workflow";

jest.setTimeout(900_000);

let company: LiveCompany;
let api: CloudflareStandIn;
let github: GitHubApiStandIn;
let project: string;
let live: FakeDeployment;
const SITE = `https://${COMPANY.siteHost}`;

beforeAll(async () => {
  company = await liveCompany("publish-build");
  ({ api, github, project } = company);
  // The live site as its visitors meet it: the build's pages and headers, served here in place of the company's.
  live = await startFakeDeployment({ publicOrigin: SITE, publicFolder: path.join(project, "site-build", "public") });
});

afterAll(async () => {
  await Promise.all([company?.close(), live?.close()]);
});

/** Changes the first service's title in English, as the editor saves it; returns the title it was. */
function retitleFirstService(title: string): string {
  const file = path.join(project, "data", "services.yaml");
  const text = fs.readFileSync(file, "utf8");
  const data = parse(text) as { en: { services: { title: string }[] } };
  const first = data.en.services[0] as { title: string };
  const before = first.title;
  first.title = title;
  fs.writeFileSync(file, updateYaml(text, data));
  return before;
}

const run = (sha: string, extra: Partial<ActionsRun> = {}): ActionsRun => ({
  repository: COMPANY.editorRepository,
  sha,
  token: github.token,
  secrets: { CLOUDFLARE_API_TOKEN: api.token, CLOUDFLARE_ACCOUNT_ID: api.accountId },
  eventName: "push",
  runId: "5151",
  githubApiUrl: github.url,
  cloudflareApiUrl: api.baseUrl,
  extraEnv: {
    LIVE_CHECK_CONNECT_TO: `${SITE}=${live.url},https://${COMPANY.mailHost}=${new URL(live.mailApi).origin}`,
  },
  ...extra,
});

const pages = () => api.state.pages.get(COMPANY.pagesProject);
const text = (html: string) => html.replace(/<[^>]*>/g, "");

test("an editor's valid change is checked and built, then uploaded and checked live; its commit's status gives the live address", async () => {
  retitleFirstService("Printers that print, every time");
  const sha = commitAll(project, "Update Services");
  github.branches.set("main", { sha, date: new Date().toISOString() });

  // The job that builds holds no secret.
  const build = await runStep(project, deployStep("publish.yml", "build"), run(sha, { secrets: {} }));
  expect(build.output).toContain("Built into site-build/");
  expect(build.status).toBe(0);
  const service = fs.readFileSync(path.join(project, "site-build", "public", "service", "index.html"), "utf8");
  expect(text(service)).toContain("Printers that print, every time");

  const { status, output } = await runStep(project, deployStep("publish.yml", "deploy"), run(sha));
  expect(output).toMatch(/ok {2}\s*Editor\s+its own policy; saves to acme-it\/website/);
  expect(output).toContain(`Live: ${SITE}/`);
  expect(status).toBe(0);

  expect(pages()?.deployments).toEqual([expect.objectContaining({ branch: "main", commitHash: sha })]);
  expect(JSON.parse(fs.readFileSync(path.join(project, "site-build", "public", "version.json"), "utf8"))).toEqual({
    commit: sha,
  });
  expect(github.statuses.get(sha)).toEqual([
    expect.objectContaining({
      state: "success",
      context: PRODUCTION_CONTEXT,
      target_url: `${SITE}/`,
      description: expect.stringMatching(/live checks passed$/),
    }),
    expect.objectContaining({ state: "pending", context: PRODUCTION_CONTEXT }),
  ]);
});

test("a draft is built by its check and uploaded as a preview by main's code, posted for Decap; production stays as it was", async () => {
  const production = [...(pages()?.deployments ?? [])];
  const branch = "cms/services/services";
  retitleFirstService("A draft title under review");
  const sha = commitAll(project, "Create Services “services”");

  const build = await runStep(
    project,
    deployStep("check-draft.yml", "build"),
    run(sha, { eventName: "pull_request", headRef: branch, secrets: {} }),
  );
  expect(build.status).toBe(0);
  const { status, output } = await runStep(
    project,
    deployStep("preview-draft.yml", "deploy"),
    run(sha, { eventName: "workflow_run", headRef: branch }),
  );
  const address = `https://${branchAlias(branch)}.${COMPANY.pagesProject}.pages.dev/`;
  expect(output).toContain(`Preview of ${branch}: ${address}`);
  expect(status).toBe(0);

  expect(pages()?.deployments).toEqual([...production, expect.objectContaining({ branch, commitHash: sha })]);
  const service = fs.readFileSync(path.join(project, "site-build", "public", "service", "index.html"), "utf8");
  expect(text(service)).toContain("A draft title under review");
  // Decap's "View preview" takes the first status whose context holds "deploy", and opens its address.
  const [preview] = github.statuses.get(sha) ?? [];
  expect(preview).toMatchObject({ state: "success", context: PREVIEW_CONTEXT, target_url: address });
  expect(preview?.context).toContain("deploy");
});
