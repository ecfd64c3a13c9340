#!/usr/bin/env node
/**
 * `npm run deploy:site`: checks the site's content, builds the site for its
 * host from deploy/cloudflare.jsonc and deploys it alone (public/ and
 * functions/) to the Pages project, leaving the mail service as it is, then
 * checks the live site (npm run check:live). Anyone can run it by hand; it
 * needs a token with Cloudflare Pages · Edit only. `--preview <branch>`
 * deploys a draft's branch as a preview, never touching production.
 *
 * The publishing workflows (.github/workflows/) split it in two, so that no
 * job holding the token runs the build's code: `--build-only` checks and
 * builds into site-build/ without any token, and `--from-build site-build`
 * uploads that build without building anything. Where GitHub's settings are
 * in its environment (as in Actions), the upload posts the commit's status as
 * it goes: being published, live and checked (with the address), or stopped
 * (with the check's message), which the editor at /admin shows. Docs:
 * docs/deploying.md.
 */
import path from "node:path";
import { PREVIEW_CONTEXT, PRODUCTION_CONTEXT } from "../plugins/site-admin/editor/publish-state";
import { checkLive, formatChecks, parseConnectTo } from "./check-live";
import { BUILD_FOLDER, readBuildFolder, writeBuildFolder, type BuildReport } from "./deploy/build-folder";
import { cloudflareApi, cloudflareCredentials, SITE_TOKEN_PERMISSIONS } from "./deploy/cloudflare-api";
import { checkFreshness, checkedOutCommit } from "./deploy/freshness";
import { actionsRunUrl, gitHub, gitHubFromEnvironment, type GitHub } from "./deploy/github";
import { SETTINGS_FILE, SettingsError, settingsWarnings } from "./deploy/settings";
import { CheckFailure, PRODUCTION_BRANCH, uploadSite, type Upload } from "./deploy/site";
import { root, runSteps, type Step } from "./deploy/run-steps";
import { contentCheck } from "./deploy/steps/content-check";
import { readDeployPlan, type DeployPlan } from "./deploy/steps/plan";
import { siteBuild } from "./deploy/steps/site-build";
import { runCommand } from "./cli";

const USAGE = `
npm run deploy:site: checks the content, builds the site for its host and deploys it alone to the Cloudflare Pages
project, from the company's values in ${SETTINGS_FILE}, then checks the live site (docs/deploying.md).
  CLOUDFLARE_API_TOKEN   an API token with ${SITE_TOKEN_PERMISSIONS.join(", ")}
  CLOUDFLARE_ACCOUNT_ID  the Cloudflare account's id
  GITHUB_TOKEN           optional: post the commit's status on GitHub, for the editor (set in GitHub Actions)
  LIVE_CHECK_CONNECT_TO  optional: where the live check reaches the site's public origins (check:live's
                         --connect-to), for a rehearsal on this computer
Options:
  --preview <branch>    deploy the branch as a preview (a draft's), leaving the live site as it is
  --build-only          check and build into ${BUILD_FOLDER}/, deploying nothing; needs no token
  --from-build <folder> deploy the build --build-only left there, building nothing
  --commit <sha>        the commit deployed, where this checkout is not it (a draft's head)
  --no-check            leave out the live check after a production upload
  --force               publish even when this checkout is behind the editor's branch on GitHub or has
                        uncommitted changes, when the live site was deployed from a commit this one does not
                        hold, and when the live site holds the same files`;

/** A branch name as git allows it, without anything a command line or an address could misread. */
const BRANCH = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/;
const COMMIT = /^[0-9a-f]{40}$/;

interface Arguments {
  preview?: string;
  force: boolean;
  buildOnly: boolean;
  fromBuild?: string;
  commit?: string;
  check: boolean;
}

function parseArguments(): Arguments {
  const given = process.argv.slice(2);
  if (given.includes("--help") || given.includes("-h")) {
    console.log(USAGE.trim());
    process.exit(0);
  }
  const parsed: Arguments = { force: false, buildOnly: false, check: true };
  const refuse = (why: string) => {
    console.error(`${why}\n\n${USAGE.trim()}`);
    process.exit(2);
  };
  for (let index = 0; index < given.length; index += 1) {
    const argument = given[index];
    const value = given[index + 1];
    if (argument === "--force") parsed.force = true;
    else if (argument === "--build-only") parsed.buildOnly = true;
    else if (argument === "--no-check") parsed.check = false;
    else if (argument === "--preview") {
      if (!value || !BRANCH.test(value))
        refuse("--preview needs a branch name, such as --preview cms/services/services.");
      parsed.preview = value;
      index += 1;
    } else if (argument === "--from-build") {
      if (!value) refuse("--from-build needs the folder --build-only left, such as --from-build site-build.");
      parsed.fromBuild = path.resolve(value ?? "");
      index += 1;
    } else if (argument === "--commit") {
      if (!value || !COMMIT.test(value)) refuse("--commit needs a commit's full 40-character id.");
      parsed.commit = value;
      index += 1;
    } else refuse(`Unknown argument: ${argument}.`);
  }
  if (parsed.buildOnly && parsed.fromBuild) refuse("--build-only builds and --from-build uploads: give one.");
  // Whatever its case or spelling, a branch whose preview address would read as the live site's (Main, main/)
  // is refused when the preview is deployed (deploy/site.ts); the exact name is refused here, before a build.
  if (parsed.preview === PRODUCTION_BRANCH) {
    refuse(`--preview ${PRODUCTION_BRANCH} would publish the live site: run npm run deploy:site without --preview.`);
  }
  return parsed;
}

function readPlan(force: boolean): DeployPlan {
  try {
    return readDeployPlan(root, { force, check: false });
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`${error.message}\nNothing was deployed. Put each right and run npm run deploy:site again.`);
    process.exit(1);
  }
}

/** The content check and the build, for the commit checked out. */
const checkAndBuild = (plan: DeployPlan, commit: string | undefined): Step[] =>
  [contentCheck(), siteBuild(plan)].map((step) => ({ ...step, run: () => step.run({ commit }) }));

/** The line a failed step gives the editor: a check's own, else the step and the first line of its error. */
function failureSummary(failed: { step: Step; error: Error } | undefined): string {
  return failed?.error instanceof CheckFailure
    ? failed.error.summary
    : `${failed?.step.title ?? "The deploy"} failed: ${failed?.error.message.split("\n")[0] ?? ""}`;
}

/** `--build-only`: the content check and the build, into the build folder, with a report either way. */
async function buildOnly(plan: DeployPlan): Promise<void> {
  const commit = checkedOutCommit(root) ?? process.env.GITHUB_SHA;
  const { failed } = await runSteps(checkAndBuild(plan, commit), {
    command: "npm run deploy:site -- --build-only",
    permissions: [],
  });
  const report: BuildReport = {
    ...(commit && { commit }),
    ok: !failed,
    summary: failed ? failureSummary(failed) : `Built${commit ? ` from ${commit.slice(0, 7)}` : ""}`,
  };
  writeBuildFolder(root, path.join(root, BUILD_FOLDER), report);
  console.log(
    failed
      ? `\nThe report for the job that deploys is in ${BUILD_FOLDER}/build.json.`
      : `\nBuilt into ${BUILD_FOLDER}/: deploy it with npm run deploy:site -- --from-build ${BUILD_FOLDER}.`,
  );
  if (failed) process.exit(1);
}

async function main() {
  const args = parseArguments();
  const plan = readPlan(args.force);
  const { settings, env } = plan;
  for (const warning of settingsWarnings(root, settings)) console.warn(`Warning: ${warning}`);
  if (args.buildOnly) return buildOnly(plan);

  const { preview, force, fromBuild } = args;
  const credentials = cloudflareCredentials(process.env);
  if ("unset" in credentials) {
    console.error(
      [
        credentials.unset,
        `Create an API token at https://dash.cloudflare.com/profile/api-tokens with ${SITE_TOKEN_PERMISSIONS.join(", ")}; in GitHub Actions, the repository's environments hold the two (docs/deploying.md).`,
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
  const built = fromBuild ? readBuildFolder(fromBuild) : undefined;

  // The commit deployed: the one named, else the event's (the pushed commit), else the checkout's. A build made
  // elsewhere must be of that commit: its report is only believed where it agrees.
  let commit =
    args.commit ?? (inActions ? process.env.GITHUB_SHA : undefined) ?? checkedOutCommit(root) ?? process.env.GITHUB_SHA;
  if (built?.commit && commit && built.commit !== commit) {
    console.error(
      `${fromBuild} holds a build of ${built.commit.slice(0, 7)}, not ${commit.slice(0, 7)}. Nothing was deployed.`,
    );
    process.exit(1);
  }
  if (preview && commit) {
    // A preview shows the draft as it is now: the build of an older commit of it (a run of its check again, or one
    // that finished late) is not uploaded over the newer one's.
    const head = await reader.branchHead(preview).catch((error: unknown) => {
      console.warn(`Warning: the draft's branch on GitHub could not be read (${(error as Error).message}).`);
      return undefined;
    });
    if (head && head !== commit) {
      console.log(
        `The draft ${preview} has moved on to ${head.slice(0, 7)}: its own check previews it. Nothing was deployed from ${commit.slice(0, 7)}.`,
      );
      return;
    }
  }
  if (!preview) {
    const freshness = await checkFreshness({ root, branch: PRODUCTION_BRANCH, github: reader, inActions });
    if (freshness.verdict === "superseded") {
      console.log(
        `${PRODUCTION_BRANCH} on GitHub has moved on to ${freshness.newer.slice(0, 7)}: its own run publishes it, with this commit's change in it. Nothing was deployed from ${(commit ?? freshness.commit).slice(0, 7)}.`,
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
    commit ??= freshness.commit;
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

  await status("pending", preview ? "Building the draft's preview" : "Checking the change, then publishing it");
  if (built && !built.ok) {
    console.error(`${built.summary}\nNothing was deployed: the build in ${fromBuild} did not pass.`);
    await status("failure", built.summary);
    process.exit(1);
  }
  const api = cloudflareApi({ ...credentials, baseUrl: process.env.CLOUDFLARE_API_BASE_URL });
  let upload: Upload | undefined;
  let checked = "";
  const { failed } = await runSteps(
    [
      // The same check and build as npm run deploy's (scripts/deploy/steps/), unless a build job made them.
      ...(fromBuild ? [] : checkAndBuild(plan, commit)),
      {
        title: preview ? `Preview of ${preview}` : "Site",
        plan: `deploy ${fromBuild ? `the build in ${path.relative(root, fromBuild) || "."}` : "public/ and functions/"} to the Pages project ${preview ? `as a preview of ${preview}` : "(wrangler pages deploy), unless they are live as they are"}`,
        run: async () => {
          upload = await uploadSite(api, settings, env, { branch, commit, force, folder: fromBuild ?? root });
          return upload.summary;
        },
      },
      ...(!preview && args.check
        ? [
            {
              title: "Live check",
              plan: `check ${plan.siteUrl} as its visitors and editors meet it (npm run check:live)`,
              run: async () => {
                const checks = await checkLive(plan.siteUrl, {
                  repository: settings.editorRepository,
                  mailApi: plan.mailApi,
                  headersFile: path.join(fromBuild ?? root, "public", "_headers"),
                  commit,
                  connectTo: parseConnectTo(process.env.LIVE_CHECK_CONNECT_TO ?? ""),
                });
                console.log(formatChecks(checks));
                const failing = checks.filter(({ ok }) => !ok);
                if (failing.length > 0) {
                  const [first] = failing;
                  throw new CheckFailure(
                    `${failing.length} of ${checks.length} live checks failed. Run npm run check:live -- ${plan.siteUrl} again after putting them right.`,
                    `Live at ${plan.siteUrl}/, but ${failing.length} live check${failing.length > 1 ? "s" : ""} failed: ${first?.check}: ${first?.detail}`,
                  );
                }
                checked = `, all ${checks.length} live checks passed`;
                return `all ${checks.length} checks passed`;
              },
            },
          ]
        : []),
    ],
    { command: "npm run deploy:site", permissions: SITE_TOKEN_PERMISSIONS },
  );
  if (failed || !upload) {
    await status("failure", failureSummary(failed));
    process.exit(1);
  }
  const address = `${upload.address.replace(/\/+$/, "")}/`;
  await status("success", preview ? `Preview ready at ${address}` : `Live at ${address}${checked}`, address);
  console.log(preview ? `\nPreview of ${preview}: ${address}` : `\nLive: ${address}`);
}

runCommand(main);
