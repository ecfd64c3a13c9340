#!/usr/bin/env node
/**
 * How long an editor's change takes from Publish to live, as the publishing
 * workflow (.github/workflows/publish.yml) runs it, measured on this machine:
 * a fresh clone of the committed work, `npm ci` from npm's cache (as
 * actions/setup-node's cache gives it), then the workflow's deploy step,
 * `npm run deploy:site`, against local stand-ins of Cloudflare's and
 * GitHub's APIs (the tests' own, so that nothing leaves this computer): the
 * content check, a cold build, the upload. Prints each step's time and the
 * total, and fails when the total is over the budget: five minutes from
 * Publish to live on GitHub's standard runner, less the half minute a runner
 * takes to start and check out.
 *
 *   npm run bench:publish
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startCloudflareStandIn } from "../__tests__/support/cloudflare-api-stand-in";
import { asCompany } from "../__tests__/support/deploy-project";
import { startGitHubApiStandIn } from "../__tests__/support/github-api-stand-in";
import { runCommand } from "./cli";

const BUDGET_SECONDS = 5 * 60 - 30;
/** The company a measured publish is for: any values but the example company's, which the deploy refuses. */
const COMPANY = {
  siteHost: "www.bench-company.ae",
  mailHost: "mail.bench-company.ae",
  pagesProject: "bench-company-site",
  salesAddress: "sales@bench-company.ae",
  fromAddress: "website@bench-company.ae",
  mailTransport: "send_email",
  editorRepository: "bench-company/website",
};

const project = path.resolve(__dirname, "..");
const clone = fs.mkdtempSync(path.join(os.tmpdir(), "bench-publish-"));

/** Runs a command in the clone; resolves with the seconds each line of its output came at, and its exit code. */
function timed(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; lines: { at: number; text: string }[] }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: clone, env, stdio: ["ignore", "pipe", "pipe"] });
    const lines: { at: number; text: string }[] = [];
    const read = (chunk: Buffer) => {
      for (const text of chunk.toString().split("\n").filter(Boolean))
        lines.push({ at: (performance.now() - started) / 1000, text });
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) =>
      resolve({ code, lines: [...lines, { at: (performance.now() - started) / 1000, text: "" }] }),
    );
  });
}

async function main() {
  execFileSync("git", ["clone", "--quiet", "--no-hardlinks", project, clone]);
  // The company's values and content, committed, as a company's repository holds them.
  fs.writeFileSync(path.join(clone, "deploy", "cloudflare.jsonc"), JSON.stringify(COMPANY, null, 2));
  asCompany(clone, COMPANY);
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Editor", "-c", "user.email=editor@bench-company.ae", ...args], {
      cwd: clone,
      encoding: "utf8",
    }).trim();
  git("commit", "--quiet", "--all", "--message", "The company's values");
  const sha = git("rev-parse", "HEAD");

  const cloudflare = await startCloudflareStandIn({ zones: ["bench-company.ae"] });
  cloudflare.state.pages.set(COMPANY.pagesProject, {
    secrets: new Set(),
    deployments: [],
    files: new Set(),
    domains: [],
  });
  const github = await startGitHubApiStandIn({ repository: COMPANY.editorRepository });
  github.branches.set("main", { sha, date: new Date().toISOString() });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CI: "true",
    GATSBY_TELEMETRY_DISABLED: "1",
    GITHUB_ACTIONS: "true",
    GITHUB_REPOSITORY: COMPANY.editorRepository,
    GITHUB_SHA: sha,
    GITHUB_API_URL: github.url,
    GITHUB_TOKEN: github.token,
    ...cloudflare.env,
  };
  try {
    const install = await timed("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], env);
    if (install.code !== 0) throw new Error(`npm ci failed:\n${install.lines.map(({ text }) => text).join("\n")}`);
    const deploy = await timed("npm", ["run", "--silent", "deploy:site"], env);
    if (deploy.code !== 0) throw new Error(`deploy:site failed:\n${deploy.lines.map(({ text }) => text).join("\n")}`);
    // Each step's time, from the line that starts it ("[1/3] Content check: …") to the one that starts the next.
    const starts = deploy.lines.filter(({ text }) => /^\[\d+\/\d+\] [^:]+: .*…$/.test(text));
    const installed = install.lines.at(-1)?.at ?? 0;
    const deployed = deploy.lines.at(-1)?.at ?? 0;
    const rows: [string, number][] = [["npm ci (from npm's cache)", installed]];
    starts.forEach((start, index) => {
      const end = starts[index + 1]?.at ?? deployed;
      rows.push([/^\[\d+\/\d+\] ([^:]+):/.exec(start.text)?.[1] ?? "step", end - start.at]);
    });
    const total = installed + deployed;
    console.log("Publish to live, as the publishing workflow runs it (this machine, stand-ins for the APIs):");
    for (const [label, seconds] of rows) console.log(`  ${label.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s`);
    console.log(`  ${"total".padEnd(28)} ${total.toFixed(1).padStart(6)} s (budget ${BUDGET_SECONDS} s)`);
    if (total > BUDGET_SECONDS) {
      console.error(`Over budget: ${total.toFixed(0)} s against ${BUDGET_SECONDS} s.`);
      process.exitCode = 1;
    }
  } finally {
    await cloudflare.close();
    await github.close();
    fs.rmSync(clone, { recursive: true, force: true });
  }
}

runCommand(main);
