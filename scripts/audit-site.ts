/**
 * `npm run audit:site`: Lighthouse CI (lighthouserc.cjs) on the production
 * build, served on 127.0.0.1 by nginx as it deploys there (https, HTTP/2),
 * as a phone and as a desktop. Lighthouse CI asserts the budgets and writes its reports to
 * artifacts/lighthouse/; this only serves the build and runs it twice.
 * (Accessibility is the browser tests' job, with axe; links and HTML are
 * npm run test:html's.)
 *
 *   npm run audit:site [-- --no-build]
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { checkFirstLoad, type FirstLoadBudgets } from "./first-load-budgets";
import { startNginx } from "./nginx";
import { runCommand } from "./cli";

const usage = `npm run audit:site [-- --no-build]

Builds the site (unless --no-build), serves it with nginx on 127.0.0.1, and runs Lighthouse CI on every page of
the sitemap and each language's not-found page, as a phone and as a desktop: the budgets in lighthouserc.cjs
are asserted, the reports written to artifacts/lighthouse/.`;

const project = path.resolve(__dirname, "..");
const lhci = path.join(project, "node_modules", ".bin", "lhci");

function readOptions(): { build: boolean } {
  const given = process.argv.slice(2);
  if (given.some((argument) => argument === "--help" || argument === "-h")) {
    console.log(usage);
    process.exit(0);
  }
  const unknown = given.filter((argument) => argument !== "--no-build");
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown.join(" ")}.\n\n${usage}`);
    process.exit(2);
  }
  return { build: !given.includes("--no-build") };
}

/** lighthouserc.cjs's budgets on Home's first load, for this preset (the file reads the preset from its environment). */
function firstLoadBudgets(env: Record<string, string>): FirstLoadBudgets {
  const read = spawnSync(process.execPath, ["-p", "JSON.stringify(require('./lighthouserc.cjs').firstLoad)"], {
    cwd: project,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  if (read.status !== 0) throw new Error(`lighthouserc.cjs could not be read:\n${read.stderr}`);
  return JSON.parse(read.stdout) as FirstLoadBudgets;
}

/** Runs a step, showing its output; its exit code. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  return spawnSync(command, args, { cwd: project, stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
}

async function main() {
  const { build } = readOptions();
  if (build) {
    const built = run("npx", ["gatsby", "build"], {
      GATSBY_TELEMETRY_DISABLED: "1",
      // The audit sends no enquiry; the pages still need an address to post to.
      GATSBY_MAIL_API_URL: process.env.GATSBY_MAIL_API_URL ?? "http://127.0.0.1:9/api/v1",
    });
    if (built !== 0) process.exit(built);
  } else if (!fs.existsSync(path.join(project, "public", "sitemap.xml"))) {
    console.error("public/ holds no build: run npm run build, or leave out --no-build.");
    process.exit(1);
  }

  // Over https and HTTP/2, as deployed: Lighthouse's simulated phone times each file's fetch by the connections
  // the protocol needs, so plain HTTP/1.1 would cost a page a new connection for every few pictures.
  const site = await startNginx({ root: path.join(project, "public"), tls: true });
  let failed = false;
  try {
    for (const preset of ["mobile", "desktop"]) {
      console.log(`\nLighthouse CI, ${preset}, on ${site.url}`);
      const env = { AUDIT_SITE_URL: site.url, AUDIT_PRESET: preset, LHCI_BUILD_CONTEXT__CURRENT_HASH: "local" };
      // Each preset's results apart: Lighthouse CI keeps them in .lighthouseci/ until the next collect, and adds
      // each run's reports to those of earlier runs in artifacts/, where only this run's belong.
      fs.rmSync(path.join(project, ".lighthouseci"), { recursive: true, force: true });
      fs.rmSync(path.join(project, "artifacts", "lighthouse", preset), { recursive: true, force: true });
      const steps = [
        ["collect", "--config=lighthouserc.cjs"],
        ["upload", "--config=lighthouserc.cjs"],
        ["assert", "--config=lighthouserc.cjs"],
      ];
      for (const step of steps) {
        if (run(lhci, step, env) !== 0) {
          failed = true;
          break;
        }
      }
      for (const { level, said } of checkFirstLoad(path.join(project, ".lighthouseci"), firstLoadBudgets(env))) {
        console.error(`${level === "error" ? "Broken" : "Reported"}: ${said}`);
        if (level === "error") failed = true;
      }
    }
  } finally {
    await site.close();
  }
  if (failed) {
    console.error("\nThe audit found a budget broken (above); the reports are in artifacts/lighthouse/.");
    process.exit(1);
  }
  console.log("\nAll budgets hold; the reports are in artifacts/lighthouse/.");
}

runCommand(main);
