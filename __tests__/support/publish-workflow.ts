/**
 * The publishing workflows (.github/workflows/) as the tests read and run
 * them. GitHub Actions cannot run here, so a test takes a step of a workflow
 * as it is written, fills in its `${{ }}` expressions as Actions would (the
 * environment's secrets, the run's token, the draft's branch and commit from
 * the event) and runs its command with bash in a copy of the project, in the
 * environment Actions gives a step, with Cloudflare's and GitHub's APIs the
 * stand-ins. One job's build reaches the next as the artifact would: the
 * folder the one writes is the folder the other reads.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";

export const WORKFLOWS_FOLDER = path.resolve(__dirname, "../../.github/workflows");

/** The workflows: publishing each push to main, checking a draft, deploying a draft's preview. */
export const WORKFLOWS = ["publish.yml", "check-draft.yml", "preview-draft.yml"] as const;
export type WorkflowFile = (typeof WORKFLOWS)[number];

export interface WorkflowStep {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  "continue-on-error"?: boolean;
}

export interface WorkflowJob {
  if?: string;
  needs?: string | string[];
  environment?: string;
  permissions?: Record<string, string>;
  concurrency?: { group: string; "cancel-in-progress": boolean };
  steps: WorkflowStep[];
  "timeout-minutes"?: number;
}

export interface Workflow {
  name: string;
  on: Record<string, Record<string, unknown> | null>;
  permissions: Record<string, string>;
  concurrency?: { group: string; "cancel-in-progress": boolean };
  jobs: Record<string, WorkflowJob>;
}

export const workflowText = (file: WorkflowFile) => fs.readFileSync(path.join(WORKFLOWS_FOLDER, file), "utf8");
export const readWorkflow = (file: WorkflowFile) => parse(workflowText(file)) as Workflow;

/** A job's step that runs the project's deploy command. */
export function deployStep(file: WorkflowFile, job: string): WorkflowStep {
  const step = readWorkflow(file).jobs[job]?.steps.find((candidate) =>
    candidate.run?.startsWith("npm run deploy:site"),
  );
  if (!step?.run) throw new Error(`The job "${job}" of ${file} runs no npm run deploy:site.`);
  return step;
}

/** What a run of Actions knows, for the expressions and the environment of its steps. */
export interface ActionsRun {
  repository: string;
  /** The commit the run is for: the pushed one, or the draft's head. */
  sha: string;
  token: string;
  secrets: Record<string, string>;
  /** The draft's branch, for a draft's runs. */
  headRef?: string;
  eventName: "push" | "pull_request" | "workflow_run";
  runId: string;
  /** The stand-ins' addresses: GitHub's API (as Actions sets GITHUB_API_URL) and Cloudflare's. */
  githubApiUrl: string;
  cloudflareApiUrl: string;
  /** Anything else the step's environment holds here (where the live check reaches the site). */
  extraEnv?: NodeJS.ProcessEnv;
}

/** A `${{ }}` expression of the workflows' steps, as Actions fills it in; any other is refused, to keep steps plain. */
function evaluate(expression: string, run: ActionsRun): string {
  const secret = /^secrets\.([A-Z_]+)$/.exec(expression);
  if (secret) return run.secrets[secret[1] ?? ""] ?? "";
  if (expression === "github.token") return run.token;
  if (expression === "github.event.workflow_run.head_branch") return run.headRef ?? "";
  if (expression === "github.event.workflow_run.head_sha") return run.sha;
  throw new Error(`The tests do not know the expression \${{ ${expression} }} of the workflows.`);
}

/** The runner's own token in every step's environment (a made-up one here): no upload may carry it. */
export const ACTIONS_RUNTIME_TOKEN = "actions-runtime-token-of-this-run";

/** Runs a step's command in `project` as a GitHub-hosted runner would; resolves with its exit code and output. */
export function runStep(
  project: string,
  step: WorkflowStep,
  run: ActionsRun,
): Promise<{ status: number | null; output: string }> {
  const stepEnv = Object.fromEntries(
    Object.entries(step.env ?? {}).map(([name, value]) => [
      name,
      String(value).replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expression: string) => evaluate(expression, run)),
    ]),
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    CI: "true",
    NO_COLOR: "1",
    GITHUB_ACTIONS: "true",
    GITHUB_REPOSITORY: run.repository,
    // A workflow_run runs on main's newest commit; the draft's is in the event.
    GITHUB_SHA: run.eventName === "workflow_run" ? "" : run.sha,
    GITHUB_EVENT_NAME: run.eventName,
    GITHUB_RUN_ID: run.runId,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_API_URL: run.githubApiUrl,
    // Actions' own token for its artifacts and caches, which a hosted runner hands every step.
    ACTIONS_RUNTIME_TOKEN: ACTIONS_RUNTIME_TOKEN,
    ...(run.headRef && run.eventName === "pull_request" && { GITHUB_HEAD_REF: run.headRef }),
    CLOUDFLARE_API_BASE_URL: run.cloudflareApiUrl,
    ...run.extraEnv,
    ...stepEnv,
  };
  return new Promise((resolve) => {
    const child = spawn("bash", ["-e", "-c", step.run ?? ""], { cwd: project, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (status) => resolve({ status, output }));
  });
}
