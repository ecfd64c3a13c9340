#!/usr/bin/env node
/**
 * `npm run deploy`: puts the site, the mail service and the editor's sign-in
 * live on Cloudflare from the values in deploy/cloudflare.jsonc, then checks
 * the result (docs/deploying.md). The steps are listed in
 * scripts/deploy/steps/list.ts, one file each; every step first looks at what
 * is there and makes only what is missing, so a second run creates nothing and
 * a run that stopped takes up where it stands. `--dry-run` calls no API: it
 * prints the steps, then checks the content, bundles the Worker as wrangler
 * would upload it and builds the site. `--rehearse` runs the whole deploy on
 * this computer against stand-ins of the APIs (deploy/rehearsal.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { cloudflareApi, cloudflareCredentials, TOKEN_PERMISSIONS } from "./deploy/cloudflare-api";
import { checkedOutCommit, checkFreshness } from "./deploy/freshness";
import { gitHub } from "./deploy/github";
import { SETTINGS_FILE, SettingsError, settingsWarnings } from "./deploy/settings";
import { PRODUCTION_BRANCH } from "./deploy/site";
import { WORKER_CONFIG } from "./deploy/worker-config";
import { root, runSteps, type Step } from "./deploy/run-steps";
import { contentCheck } from "./deploy/steps/content-check";
import { siteBuild } from "./deploy/steps/site-build";
import { deploySteps } from "./deploy/steps/list";
import { bundleWorker } from "./deploy/steps/mail-service";
import { readDeployPlan, type DeployPlan } from "./deploy/steps/plan";
import { rehearse } from "./deploy/rehearsal";
import { withCompanyValues } from "./deploy/worker-config";
import { runCommand } from "./cli";

const USAGE = `
npm run deploy: puts the site, the mail service and the editor's sign-in live on Cloudflare, from the company's
values in ${SETTINGS_FILE}, and checks the result (docs/deploying.md).
  CLOUDFLARE_API_TOKEN   an API token with: ${TOKEN_PERMISSIONS.join(", ")}
  CLOUDFLARE_ACCOUNT_ID  the Cloudflare account's id
  GITHUB_TOKEN           optional: a token that may read the repository's Actions secrets, to check that the
                         publishing workflow has the two above
Options:
  --dry-run   print every step, then run those that call no API: the content check, the Worker's bundle
              and the site's build
  --rehearse  run the whole deploy on this computer first, in a copy of this checkout, against stand-ins of
              Cloudflare's and GitHub's APIs: both runs, the secrets, the build, then the live check against what
              it uploaded, served here; prints what the real run will create and what to do by hand. Needs no token
  --no-check  end without the live check (npm run check:live -- <site address> runs it later)
  --force     deploy even when this checkout is behind the editor's branch on GitHub or has uncommitted
              changes in data/, and upload the site even when the live one holds the same files`;

function parseArguments(): { dryRun: boolean; rehearsal: boolean; check: boolean; force: boolean } {
  const given = process.argv.slice(2);
  const known = new Set(["--dry-run", "--rehearse", "--no-check", "--force"]);
  if (given.includes("--help") || given.includes("-h")) {
    console.log(USAGE.trim());
    process.exit(0);
  }
  const unknown = given.filter((argument) => !known.has(argument));
  if (unknown.length > 0) {
    console.error(`Unknown argument: ${unknown.join(" ")}.\n\n${USAGE.trim()}`);
    process.exit(2);
  }
  if (given.includes("--rehearse") && given.length > 1) {
    console.error(`--rehearse runs the whole deploy and takes no other option.\n\n${USAGE.trim()}`);
    process.exit(2);
  }
  return {
    dryRun: given.includes("--dry-run"),
    rehearsal: given.includes("--rehearse"),
    check: !given.includes("--no-check"),
    force: given.includes("--force"),
  };
}

/**
 * Prints the steps, then runs every one that needs no API: the content check, the Worker's bundle with the
 * company's values (from a copy of its configuration) and the site's build, so that a dry run that passes leaves
 * only Cloudflare's side to go wrong.
 */
async function dryRun(plan: DeployPlan): Promise<void> {
  console.log(`npm run deploy --dry-run: the steps a deploy takes, from ${SETTINGS_FILE}. No API is called.`);
  deploySteps(plan).forEach(({ title, plan: what }, index) => console.log(`  ${index + 1}. ${title}: ${what}`));
  const outdir = path.join(root, ".wrangler", "deploy-dry-run");
  const planned = path.join(root, "mail-service", ".deploy-dry-run.wrangler.jsonc");
  const bundle: Step = {
    title: "Mail service bundle",
    plan: "bundle the Worker with the company's values (wrangler deploy --dry-run)",
    run: async () => {
      fs.writeFileSync(
        planned,
        await withCompanyValues(fs.readFileSync(plan.configFile, "utf8"), plan.settings, undefined, root),
      );
      try {
        await bundleWorker(path.relative(root, planned), outdir, plan.env);
      } finally {
        fs.rmSync(planned, { force: true });
      }
      return `bundled in ${path.relative(root, outdir)}/`;
    },
  };
  const commit = checkedOutCommit(root);
  const local = [contentCheck(), bundle, siteBuild(plan)].map((step) => ({ ...step, run: () => step.run({ commit }) }));
  console.log("What needs no API, run now:");
  const { failed } = await runSteps(local, { command: "npm run deploy -- --dry-run", permissions: [] });
  if (failed) process.exitCode = 1;
  console.log(failed ? "Nothing was deployed." : "Ready for Cloudflare's side. Nothing was deployed.");
}

async function main() {
  const options = parseArguments();
  let plan: DeployPlan;
  try {
    plan = readDeployPlan(root, options);
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(`${error.message}\nNothing was deployed. Put each right and run npm run deploy again.`);
      process.exit(1);
    }
    throw error;
  }
  const { settings } = plan;
  for (const warning of settingsWarnings(root, settings)) console.warn(`Warning: ${warning}`);
  console.log(
    'Before the first launch, check what no check can tell from the company\'s own (the address, the phone numbers, the office hours, the claims, the photographs): docs/editing.md, "Before going live", lists each.',
  );
  if (options.dryRun) {
    await dryRun(plan);
    return;
  }
  if (options.rehearsal) {
    if (!(await rehearse(plan))) process.exitCode = 1;
    return;
  }

  const credentials = cloudflareCredentials(process.env);
  if ("unset" in credentials) {
    console.error(
      [
        credentials.unset,
        "Create an API token at https://dash.cloudflare.com/profile/api-tokens with these permissions:",
        ...TOKEN_PERMISSIONS.map((permission) => `  - ${permission}`),
        "then: CLOUDFLARE_API_TOKEN=<token> CLOUDFLARE_ACCOUNT_ID=<account id> npm run deploy",
      ].join("\n"),
    );
    process.exit(1);
  }
  const api = cloudflareApi({ ...credentials, baseUrl: process.env.CLOUDFLARE_API_BASE_URL });

  // The checkout first: a deploy from one that lacks the editors' latest published changes would take them off.
  const editors = gitHub({
    repository: settings.editorRepository,
    token: process.env.GITHUB_TOKEN,
    apiUrl: process.env.GITHUB_API_URL,
  });
  const freshness = await checkFreshness({
    root,
    branch: PRODUCTION_BRANCH,
    github: editors,
    inActions: false,
    ownFiles: [WORKER_CONFIG],
  });
  if (freshness.verdict === "superseded") throw new Error("A deploy by hand is never superseded.");
  for (const warning of freshness.warnings) console.warn(`Warning: ${warning}`);
  if (freshness.verdict === "refuse") {
    if (!options.force) {
      console.error(
        `This checkout is not deployed:\n- ${freshness.problems.join("\n- ")}\nNothing was deployed. To deploy it anyway, run npm run deploy -- --force.`,
      );
      process.exit(1);
    }
    console.warn(`--force: deploying although\n- ${freshness.problems.join("\n- ")}`);
  }

  const access = { api, commit: freshness.commit };
  const steps = deploySteps(plan).map((step) => ({ ...step, run: () => step.run(access) }));
  const { failed } = await runSteps(steps, { command: "npm run deploy", permissions: TOKEN_PERMISSIONS });
  if (failed) process.exit(1);
  console.log(`\nLive: ${plan.siteUrl}, its mail service ${plan.mailApi}, its editor ${plan.siteUrl}/admin/.`);
}

runCommand(main);
