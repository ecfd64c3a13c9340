#!/usr/bin/env node
/**
 * `npm run deploy:site`: checks the site's content, builds the site for its
 * host from deploy/cloudflare.jsonc and deploys it alone (public/ and
 * functions/) to the Pages project, leaving the mail service as it is. The
 * publishing workflow (.github/workflows/publish.yml) runs it on every push to
 * the editor's branch, and anyone can run it by hand; it needs a token with
 * Cloudflare Pages · Edit only. `--preview <branch>` deploys a draft's branch
 * as a preview, never touching production. Where GitHub's settings are in
 * its environment (as in Actions), it posts the commit's status as it goes:
 * being published, live (with the address) or stopped (with the check's
 * message), which the editor at /admin shows. Docs: docs/deploying.md.
 */
import { PREVIEW_CONTEXT, PRODUCTION_CONTEXT } from "../plugins/site-admin/editor/publish-state";
import { cloudflareApi, cloudflareCredentials, SITE_TOKEN_PERMISSIONS } from "./deploy/cloudflare-api";
import { checkFreshness, checkedOutCommit } from "./deploy/freshness";
import { actionsRunUrl, gitHub, gitHubFromEnvironment, type GitHub } from "./deploy/github";
import { SETTINGS_FILE, SettingsError, settingsWarnings } from "./deploy/settings";
import { CheckFailure, PRODUCTION_BRANCH, uploadSite, type Upload } from "./deploy/site";
import { root, runSteps } from "./deploy/run-steps";
import { contentCheck } from "./deploy/steps/content-check";
import { readDeployPlan, type DeployPlan } from "./deploy/steps/plan";
import { siteBuild } from "./deploy/steps/site-build";
import { runCommand } from "./cli";

const USAGE = `
npm run deploy:site: checks the content, builds the site for its host and deploys it alone to the Cloudflare Pages
project, from the company's values in ${SETTINGS_FILE} (docs/deploying.md).
  CLOUDFLARE_API_TOKEN   an API token with ${SITE_TOKEN_PERMISSIONS.join(", ")}
  CLOUDFLARE_ACCOUNT_ID  the Cloudflare account's id
  GITHUB_TOKEN           optional: post the commit's status on GitHub, for the editor (set in GitHub Actions)
Options:
  --preview <branch>  deploy the branch as a preview (a draft's), leaving the live site as it is
  --force             publish even when this checkout is behind the editor's branch on GitHub or has
                      uncommitted changes in data/, and upload even when the live site holds the same files`;

/** A branch name as git allows it, without anything a command line or an address could misread. */
const BRANCH = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/;

function parseArguments(): { preview?: string; force: boolean } {
  const given = process.argv.slice(2);
  if (given.includes("--help") || given.includes("-h")) {
    console.log(USAGE.trim());
    process.exit(0);
  }
  let preview: string | undefined;
  let force = false;
  for (let index = 0; index < given.length; index += 1) {
    const argument = given[index];
    if (argument === "--force") force = true;
    else if (argument === "--preview" && given[index + 1] && BRANCH.test(given[index + 1] ?? "")) {
      preview = given[index + 1];
      index += 1;
    } else {
      console.error(
        `${argument === "--preview" ? `--preview needs a branch name, such as --preview cms/services/services` : `Unknown argument: ${argument}`}.\n\n${USAGE.trim()}`,
      );
      process.exit(2);
    }
  }
  if (preview === PRODUCTION_BRANCH) {
    console.error(
      `--preview ${PRODUCTION_BRANCH} would publish the live site: run npm run deploy:site without --preview.`,
    );
    process.exit(2);
  }
  return { preview, force };
}

async function main() {
  const { preview, force } = parseArguments();
  let plan: DeployPlan;
  try {
    plan = readDeployPlan(root, { force, check: false });
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`${error.message}\nNothing was deployed. Put each right and run npm run deploy:site again.`);
    process.exit(1);
  }
  const { settings, env } = plan;
  for (const warning of settingsWarnings(root, settings)) console.warn(`Warning: ${warning}`);
  const credentials = cloudflareCredentials(process.env);
  if ("unset" in credentials) {
    console.error(
      [
        credentials.unset,
        `Create an API token at https://dash.cloudflare.com/profile/api-tokens with ${SITE_TOKEN_PERMISSIONS.join(", ")}; in GitHub Actions, the repository's Actions secrets hold the two (docs/deploying.md).`,
      ].join("\n"),
    );
    process.exit(1);
  }
  const inActions = process.env.GITHUB_ACTIONS === "true";
  const repository = process.env.GITHUB_REPOSITORY?.trim() || settings.editorRepository;
  const poster = gitHubFromEnvironment(process.env, settings.editorRepository);
  const reader: GitHub =
    poster ?? gitHub({ repository, apiUrl: process.env.GITHUB_API_URL, token: process.env.GITHUB_TOKEN });
  const branch = preview ?? PRODUCTION_BRANCH;

  let commit = checkedOutCommit(root) ?? process.env.GITHUB_SHA;
  if (!preview) {
    const freshness = await checkFreshness({ root, branch: PRODUCTION_BRANCH, github: reader, inActions });
    if (freshness.verdict === "superseded") {
      console.log(
        `${PRODUCTION_BRANCH} on GitHub has moved on to ${freshness.newer.slice(0, 7)}: its own run publishes it, with this commit's change in it. Nothing was deployed from ${freshness.commit.slice(0, 7)}.`,
      );
      return;
    }
    for (const warning of freshness.warnings) console.warn(`Warning: ${warning}`);
    if (freshness.verdict === "refuse") {
      if (!force) {
        console.error(
          `This checkout is not published:\n- ${freshness.problems.join("\n- ")}\nNothing was deployed. To publish it anyway, run npm run deploy:site -- --force.`,
        );
        process.exit(1);
      }
      console.warn(`--force: publishing although\n- ${freshness.problems.join("\n- ")}`);
    }
    commit = freshness.commit ?? commit;
  }

  const context = preview ? PREVIEW_CONTEXT : PRODUCTION_CONTEXT;
  const run = actionsRunUrl(process.env);
  /** Posts the commit's status for the editor; a GitHub that does not answer costs a warning, not the deploy. */
  const status = async (state: "pending" | "success" | "failure", description: string, target?: string) => {
    if (!poster || !commit) return;
    try {
      await poster.postStatus(commit, { state, context, description, target_url: target ?? run });
    } catch (error) {
      console.warn(`Warning: the status for the editor was not posted on GitHub: ${(error as Error).message}`);
    }
  };

  const api = cloudflareApi({ ...credentials, baseUrl: process.env.CLOUDFLARE_API_BASE_URL });
  let upload: Upload | undefined;
  await status("pending", preview ? "Building the draft's preview" : "Checking the change, then publishing it");
  const { failed } = await runSteps(
    [
      // The same check and build as npm run deploy's (scripts/deploy/steps/), for this checkout's commit.
      ...[contentCheck(), siteBuild(plan)].map((step) => ({ ...step, run: () => step.run({ api, commit }) })),
      {
        title: preview ? `Preview of ${preview}` : "Site",
        plan: preview
          ? `deploy public/ and functions/ to the Pages project as a preview of ${preview} (wrangler pages deploy)`
          : "deploy public/ and functions/ to the Pages project (wrangler pages deploy), unless they are live as they are",
        run: async () => {
          upload = await uploadSite(api, settings, env, { branch, commit, force });
          return upload.summary;
        },
      },
    ],
    { command: "npm run deploy:site", permissions: SITE_TOKEN_PERMISSIONS },
  );
  if (failed || !upload) {
    const why =
      failed?.error instanceof CheckFailure
        ? failed.error.summary
        : `${failed?.step.title ?? "The deploy"} failed: ${failed?.error.message.split("\n")[0] ?? ""}`;
    await status("failure", why);
    process.exit(1);
  }
  const address = `${upload.address.replace(/\/+$/, "")}/`;
  await status("success", preview ? `Preview ready at ${address}` : `Live at ${address}`, address);
  console.log(preview ? `\nPreview of ${preview}: ${address}` : `\nLive: ${address}`);
}

runCommand(main);
