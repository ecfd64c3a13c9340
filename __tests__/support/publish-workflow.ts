/**
 * The publishing workflow (.github/workflows/publish.yml) as the tests read
 * and run it. GitHub Actions cannot run here, so a test takes a step of the
 * workflow as it is written, fills in its `${{ }}` expressions as Actions
 * would (the repository's secrets, the run's token, the draft's branch) and
 * runs its command with bash in a copy of the project, in the environment
 * Actions gives a step, with Cloudflare's and GitHub's APIs the stand-ins.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";

export const WORKFLOW_FILE = path.resolve(__dirname, "../../.github/workflows/publish.yml");

export interface WorkflowStep {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

export interface Workflow {
  on: Record<string, { branches?: string[]; types?: string[] } | null>;
  permissions: Record<string, string>;
  concurrency: { group: string; "cancel-in-progress": boolean };
  jobs: Record<string, { if?: string; steps: WorkflowStep[]; "timeout-minutes"?: number }>;
}

export const readWorkflow = () => parse(fs.readFileSync(WORKFLOW_FILE, "utf8")) as Workflow;

/** The step that deploys for an event: the one whose condition names it. */
export function deployStep(workflow: Workflow, event: "push" | "pull_request"): WorkflowStep {
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const step = steps.find((candidate) => candidate.if === `github.event_name == '${event}'`);
  if (!step?.run) throw new Error(`The workflow has no step that runs on ${event}.`);
  return step;
}

/** What a run of Actions knows, for the expressions and the environment of its steps. */
export interface ActionsRun {
  repository: string;
  /** The commit the run is for: the pushed one, or the draft's head. */
  sha: string;
  token: string;
  secrets: Record<string, string>;
  /** The draft's branch, for a pull request. */
  headRef?: string;
  eventName: "push" | "pull_request";
  runId: string;
  /** The stand-ins' addresses: GitHub's API (as Actions sets GITHUB_API_URL) and Cloudflare's. */
  githubApiUrl: string;
  cloudflareApiUrl: string;
}

/** A `${{ }}` expression of the workflow's steps, as Actions fills it in; any other is refused, to keep steps plain. */
function evaluate(expression: string, run: ActionsRun): string {
  const secret = /^secrets\.([A-Z_]+)$/.exec(expression);
  if (secret) return run.secrets[secret[1] ?? ""] ?? "";
  if (expression === "github.token") return run.token;
  if (expression === "github.head_ref") return run.headRef ?? "";
  throw new Error(`The tests do not know the expression \${{ ${expression} }} of the workflow.`);
}

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
    GITHUB_SHA: run.sha,
    GITHUB_EVENT_NAME: run.eventName,
    GITHUB_RUN_ID: run.runId,
    GITHUB_SERVER_URL: "https://github.com",
    GITHUB_API_URL: run.githubApiUrl,
    ...(run.headRef && { GITHUB_HEAD_REF: run.headRef }),
    CLOUDFLARE_API_BASE_URL: run.cloudflareApiUrl,
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
