/**
 * What the deploy commands (`npm run deploy`, `npm run deploy:site`) share:
 * running the project's commands with their output shown, wrangler among
 * them, and running a list of named steps, each printed as it starts and as
 * it ends, the first failure ending the run with what to do.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { wranglerBin, wranglerEnv } from "mail-service/wrangler";
import { ApiError } from "./cloudflare-api";

export const root = path.resolve(__dirname, "..", "..");

/** A step that failed: what failed, and what to do (printed as it is, without "run it again"). */
export class StepFailure extends Error {}

/** Runs a command of the project's, its output shown as it comes; rejects with the command's last lines. */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  { quiet = false, cwd = root }: { quiet?: boolean; cwd?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const show = (chunk: Buffer) => {
      output += chunk.toString();
      if (!quiet) process.stdout.write(chunk.toString().replace(/^(?=.)/gm, "    "));
    };
    child.stdout.on("data", show);
    child.stderr.on("data", show);
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve(output)
        : reject(
            new StepFailure(
              `${path.basename(args[0] ?? command)} ${args.slice(1, 3).join(" ")} ended with code ${code}${quiet ? `:\n${output.trim()}` : "; its output is above"}.`,
            ),
          ),
    );
  });
}

/**
 * What of the environment wrangler is given: where programs, the home and temporary folders are, a proxy and its
 * certificates where the machine has them, and of the secrets the Cloudflare account and token alone. wrangler
 * bundles code (the site's functions/, the Worker), and a module can read its process's environment: no other
 * token (GitHub's, Actions' own) is ever in it.
 */
const WRANGLER_KEEPS = [
  "PATH",
  "HOME",
  "TMPDIR",
  "LANG",
  "CI",
  "XDG_CONFIG_HOME",
  "NODE_EXTRA_CA_CERTS",
  "HTTPS_PROXY",
  "HTTP_PROXY",
  "NO_PROXY",
  "https_proxy",
  "http_proxy",
  "no_proxy",
  "CLOUDFLARE_API_TOKEN",
  "CLOUDFLARE_ACCOUNT_ID",
  // The tests' and the rehearsal's stand-in of Cloudflare's API, on this computer.
  "CLOUDFLARE_API_BASE_URL",
];

export function wranglerEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept = Object.fromEntries(WRANGLER_KEEPS.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]]])));
  return { ...kept, ...wranglerEnv };
}

export const wrangler = (args: string[], env: NodeJS.ProcessEnv, options?: { quiet?: boolean; cwd?: string }) =>
  run(process.execPath, [wranglerBin, ...args], wranglerEnvironment(env), options);

/**
 * The environment of a command that needs no secret, the build: the Cloudflare token and GitHub's are handed only
 * to wrangler and the deploy's own calls, not to the build and the packages it runs.
 */
export function withoutSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const rest = { ...env };
  delete rest.CLOUDFLARE_API_TOKEN;
  delete rest.GITHUB_TOKEN;
  return rest;
}

export interface Step {
  title: string;
  /** What the step will do, as --dry-run and the progress line say it. */
  plan: string;
  /** Does it; says what it did. */
  run: () => Promise<string>;
}

/** How the progress names the step at `index` of `total`: "[n/N] title". */
export function progressLabel(index: number, total: number, title: string): string {
  return `[${index + 1}/${total}] ${title}`;
}

/**
 * Runs the steps in order, printing "[n/N] title: plan…" and then what each did. On a failure, prints why (for a
 * token Cloudflare refuses, the permissions it needs) and returns the failure; `command` is how to run it again.
 */
export async function runSteps(
  steps: readonly Step[],
  { command, permissions }: { command: string; permissions: readonly string[] },
): Promise<{ failed?: { step: Step; error: Error } }> {
  for (const [index, step] of steps.entries()) {
    const label = progressLabel(index, steps.length, step.title);
    console.log(`${label}: ${step.plan}…`);
    try {
      console.log(`${label}: ${await step.run()}`);
    } catch (error) {
      const reason =
        error instanceof ApiError && (error.status === 401 || error.status === 403)
          ? `Cloudflare refused the token (${error.message}). It needs these permissions:\n  - ${permissions.join("\n  - ")}\nEdit the token at https://dash.cloudflare.com/profile/api-tokens, then run ${command} again.`
          : `${(error as Error).message}${error instanceof StepFailure ? "" : `\nRun ${command} again: it takes up from where it stands.`}`;
      console.error(`${label} failed.\n${reason}`);
      return { failed: { step, error: error as Error } };
    }
  }
  return {};
}
