#!/usr/bin/env node
/**
 * How long an editor's change takes from Publish to live, as the publishing
 * workflow (.github/workflows/publish.yml) runs it, measured on this machine:
 * a fresh clone of the committed work, then its two jobs one after the
 * other. The build job: `npm ci --ignore-scripts` from npm's cache (as
 * actions/setup-node's cache gives it), `npm run deploy:site -- --build-only`
 * (the content check, a cold build). The deploy job: the same install, then
 * `npm run deploy:site -- --from-build site-build` (the upload and the live
 * check), against local stand-ins of Cloudflare's and GitHub's APIs and the
 * live site served on this computer (the tests' own, so that nothing leaves
 * it). Prints each step's time and the total, and fails when the total is
 * over the budget: five minutes from Publish to live on GitHub's standard
 * runners, less the half minute each of the two jobs' runners takes to start
 * and check out.
 *
 *   npm run bench:publish
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startCloudflareStandIn } from "./stand-ins/cloudflare-api";
import { asCompany } from "../__tests__/support/deploy-project";
import { startFakeDeployment } from "../__tests__/support/fake-deployment";
import { startGitHubApiStandIn } from "./stand-ins/github-api";
import { runCommand } from "./cli";

const BUDGET_SECONDS = 5 * 60 - 2 * 30;
/** The company a measured publish is for: any values but the example company's, which the deploy refuses. */
const COMPANY = {
  siteHost: "www.bench-company.ae",
  mailHost: "mail.bench-company.ae",
  pagesProject: "bench-company-site",
  salesAddress: "sales@bench-company.ae",
  fromAddress: "website@bench-company.ae",
  mailTransport: "send_email",
  editorRepository: "bench-company/website",
  databaseLocation: "weur",
  workersPlan: "paid",
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
  // The live site as its visitors meet it, served here in place of the company's addresses: the live check's.
  const site = `https://${COMPANY.siteHost}`;
  const live = await startFakeDeployment({
    publicOrigin: site,
    publicFolder: path.join(clone, "site-build", "public"),
  });
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
    LIVE_CHECK_CONNECT_TO: `${site}=${live.url},https://${COMPANY.mailHost}=${new URL(live.mailApi).origin}`,
  };
  try {
    const rows: [string, number][] = [];
    /** Runs one of the workflow's commands and adds its time, or each of its steps' ("[1/2] Content check: …"). */
    const measure = async (label: string, command: string, args: string[], stepEnv: NodeJS.ProcessEnv) => {
      const { code, lines } = await timed(command, args, stepEnv);
      if (code !== 0) throw new Error(`${label} failed:\n${lines.map(({ text }) => text).join("\n")}`);
      const starts = lines.filter(({ text }) => /^\[\d+\/\d+\] [^:]+: .*…$/.test(text));
      const ended = lines.at(-1)?.at ?? 0;
      if (starts.length === 0) rows.push([label, ended]);
      starts.forEach((start, index) => {
        const end = starts[index + 1]?.at ?? ended;
        rows.push([`${label}: ${/^\[\d+\/\d+\] ([^:]+):/.exec(start.text)?.[1] ?? "step"}`, end - start.at]);
      });
    };
    const install = ["ci", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund"];
    // The build job holds no secret.
    const buildEnv = { ...env, CLOUDFLARE_API_TOKEN: "", GITHUB_TOKEN: "" };
    await measure("build: npm ci", "npm", install, buildEnv);
    await measure("build", "npm", ["run", "--silent", "deploy:site", "--", "--build-only"], buildEnv);
    await measure("deploy: npm ci", "npm", install, env);
    await measure("deploy", "npm", ["run", "--silent", "deploy:site", "--", "--from-build", "site-build"], env);
    const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0);
    console.log("Publish to live, as the publishing workflow runs it (this machine, stand-ins for the APIs):");
    for (const [label, seconds] of rows) console.log(`  ${label.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s`);
    console.log(`  ${"total".padEnd(28)} ${total.toFixed(1).padStart(6)} s (budget ${BUDGET_SECONDS} s)`);
    if (total > BUDGET_SECONDS) {
      console.error(`Over budget: ${total.toFixed(0)} s against ${BUDGET_SECONDS} s.`);
      process.exitCode = 1;
    }
  } finally {
    await live.close();
    await cloudflare.close();
    await github.close();
    fs.rmSync(clone, { recursive: true, force: true });
  }
}

runCommand(main);
