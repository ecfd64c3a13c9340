/**
 * @jest-environment node
 *
 * The publishing workflow's deploy steps, run as GitHub Actions runs them
 * (__tests__/support/publish-workflow.ts), in a copy of the project against
 * the Cloudflare and GitHub API stand-ins: an editor's valid change to a
 * service's title is checked, built and deployed to production, the site
 * built holds it and names its commit, and the commit's status gives the
 * editor the live address; a draft's branch becomes a preview at its own
 * address, posted for Decap's preview button, and production stays as it was.
 * The paths that end before a build: __tests__/commands/publish-workflow.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { PREVIEW_CONTEXT, PRODUCTION_CONTEXT } from "../../plugins/site-admin/editor/publish-state";
import { updateYaml } from "../../plugins/site-admin/editor/yaml-in-place";
import { branchAlias, type CloudflareStandIn } from "../support/cloudflare-api-stand-in";
import { commitAll, COMPANY, liveCompany, type LiveCompany } from "../support/deploy-project";
import type { GitHubApiStandIn } from "../support/github-api-stand-in";
import { deployStep, readWorkflow, runStep, type ActionsRun } from "../support/publish-workflow";

jest.setTimeout(900_000);

let company: LiveCompany;
let api: CloudflareStandIn;
let github: GitHubApiStandIn;
let project: string;

beforeAll(async () => {
  company = await liveCompany("publish-build");
  ({ api, github, project } = company);
});

afterAll(async () => {
  await company?.close();
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
  ...extra,
});

const pages = () => api.state.pages.get(COMPANY.pagesProject);
const text = (html: string) => html.replace(/<[^>]*>/g, "");

test("an editor's valid change is checked, built and live; its commit's status gives the live address", async () => {
  retitleFirstService("Printers that print, every time");
  const sha = commitAll(project, "Update Services");
  github.branches.set("main", { sha, date: new Date().toISOString() });

  const { status, output } = await runStep(project, deployStep(readWorkflow(), "push"), run(sha));
  expect(output).toContain(`Live: https://${COMPANY.siteHost}/`);
  expect(status).toBe(0);

  expect(pages()?.deployments).toEqual([expect.objectContaining({ branch: "main", commitHash: sha })]);
  const service = fs.readFileSync(path.join(project, "public", "service", "index.html"), "utf8");
  expect(text(service)).toContain("Printers that print, every time");
  expect(JSON.parse(fs.readFileSync(path.join(project, "public", "version.json"), "utf8"))).toEqual({ commit: sha });
  expect(github.statuses.get(sha)).toEqual([
    expect.objectContaining({
      state: "success",
      context: PRODUCTION_CONTEXT,
      target_url: `https://${COMPANY.siteHost}/`,
    }),
    expect.objectContaining({ state: "pending", context: PRODUCTION_CONTEXT }),
  ]);
});

test("a draft's branch is deployed as a preview at its own address, posted for Decap; production stays as it was", async () => {
  const production = [...(pages()?.deployments ?? [])];
  const branch = "cms/services/services";
  retitleFirstService("A draft title under review");
  const sha = commitAll(project, "Create Services “services”");

  const { status, output } = await runStep(
    project,
    deployStep(readWorkflow(), "pull_request"),
    run(sha, { eventName: "pull_request", headRef: branch }),
  );
  const address = `https://${branchAlias(branch)}.${COMPANY.pagesProject}.pages.dev/`;
  expect(output).toContain(`Preview of ${branch}: ${address}`);
  expect(status).toBe(0);

  expect(pages()?.deployments).toEqual([...production, expect.objectContaining({ branch, commitHash: sha })]);
  const service = fs.readFileSync(path.join(project, "public", "service", "index.html"), "utf8");
  expect(text(service)).toContain("A draft title under review");
  // Decap's "View preview" takes the first status whose context holds "deploy", and opens its address.
  const [preview] = github.statuses.get(sha) ?? [];
  expect(preview).toMatchObject({ state: "success", context: PREVIEW_CONTEXT, target_url: address });
  expect(preview?.context).toContain("deploy");
});
