/**
 * The site's part of a deploy, shared by `npm run deploy` (everything) and
 * `npm run deploy:site` (the site alone, as the publishing workflow runs it):
 * the content check, the build for the site's host, and the upload of
 * public/ with the checkout's functions/ to the Pages project, as production
 * or as a preview of a branch.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { checkContent, formatNote, formatProblems } from "../../plugins/site-content/check";
import { codeInSite, notStaticFiles } from "./build-folder";
import type { CloudflareApi } from "./cloudflare-api";
import { pagesMessage, siteFingerprint } from "./fingerprint";
import type { DeploySettings } from "./settings";
import { root, run, StepFailure, withoutSecrets, wrangler } from "./run-steps";

/** The branch the editor commits to, and the Pages project's production branch. */
export const PRODUCTION_BRANCH = "main";

export const siteAddress = (settings: DeploySettings) => `https://${settings.siteHost}`;
export const mailApiAddress = (settings: DeploySettings) => `https://${settings.mailHost}/api/v1`;

/** A failed check, with the line an editor is shown for it (a commit status holds one line). */
export class CheckFailure extends StepFailure {
  constructor(
    message: string,
    readonly summary: string,
  ) {
    super(message);
  }
}

/** The content check the build runs first, on its own: its message names the file, language, entry and field. */
export async function checkSiteContent(): Promise<string> {
  const problems = await checkContent(path.join(root, "data"));
  if (problems.length > 0) {
    const [first] = problems;
    throw new CheckFailure(
      formatProblems(problems),
      `Stopped by the content check${problems.length > 1 ? ` (${problems.length} problems)` : ""}: ${first ? formatNote(first) : ""}`,
    );
  }
  return "no problem found";
}

/** Builds the site for its host: posting to the mail service, its editor saving to the repository. */
export async function buildSite(
  settings: DeploySettings,
  env: NodeJS.ProcessEnv,
  commit: string | undefined,
): Promise<string> {
  try {
    await run("npx", ["gatsby", "build"], {
      ...withoutSecrets(env),
      GATSBY_TELEMETRY_DISABLED: "1",
      GATSBY_MAIL_API_URL: mailApiAddress(settings),
      CMS_REPO: settings.editorRepository,
      CMS_AUTH_URL: `${siteAddress(settings)}/api/auth`,
      ...(settings.publishMode === "editorial_workflow" && { CMS_PUBLISH_MODE: "editorial_workflow" }),
      ...(commit && { SITE_COMMIT: commit }),
    });
  } catch (error) {
    throw new CheckFailure(
      (error as Error).message,
      "Stopped: the site's build failed. Its log, linked here, says where.",
    );
  }
  return `built${commit ? ` from ${commit.slice(0, 7)}` : ""}`;
}

export interface Upload {
  /** The address the deployment is served at: the site's own for production, the branch's for a preview. */
  address: string;
  summary: string;
}

/** What the deploy reads of a Pages deployment: its branch and commit, which the upload names (`--commit-hash`). */
interface PagesDeployment {
  deployment_trigger?: { metadata?: { branch?: string; commit_hash?: string; commit_message?: string } };
}

interface PagesProject {
  production_branch?: string;
  canonical_deployment?: PagesDeployment | null;
}

/**
 * The address Cloudflare gives a branch's previews: https://<alias>.<project>.pages.dev, the alias being the branch
 * in lower case, each run of other characters a hyphen, cut to 28 characters, with no hyphen at either end.
 */
export function previewAlias(branch: string): string {
  return branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 28)
    .replace(/^-+|-+$/g, "");
}

/**
 * Why a branch may not have a preview, or null: one whose address would be production's (main in any case,
 * "Main", "main/"), one with no letter or digit to name it, or one whose address another branch's preview has
 * already (Cloudflare cuts names at 28 characters: two long names can share one), which would replace that
 * preview and send its reviewers to this one.
 */
async function previewProblem(api: CloudflareApi, project: string, branch: string): Promise<string | null> {
  const alias = previewAlias(branch);
  if (alias === "") return `the branch "${branch}" has no letter or digit for its preview's address.`;
  if (alias === previewAlias(PRODUCTION_BRANCH)) {
    return `the branch "${branch}" would have a preview at ${alias}.${project}.pages.dev, which reads as the live site's branch (${PRODUCTION_BRANCH}): give the draft another branch name.`;
  }
  const previews = await api.get<PagesDeployment[]>(`/accounts/{account}/pages/projects/${project}/deployments?env=preview`);
  const other = previews
    .map((deployment) => deployment.deployment_trigger?.metadata?.branch)
    .find((named) => named !== undefined && named !== branch && previewAlias(named) === alias);
  return other
    ? `the branch "${branch}" would have its preview at ${alias}.${project}.pages.dev, the address of "${other}"'s preview (Cloudflare cuts a branch's name to 28 characters): give one of them a shorter or another name.`
    : null;
}

/** Whether `older` is `newer` or one of its ancestors in the checkout's history; undefined when git cannot tell. */
function holds(newer: string, older: string): boolean | undefined {
  const answer = spawnSync("git", ["merge-base", "--is-ancestor", older, newer], { cwd: root, stdio: "ignore" });
  return answer.status === 0 ? true : answer.status === 1 ? false : undefined;
}

/**
 * Why production may not be replaced with `commit`, or null: the live deployment names its commit, and a commit
 * that does not hold it would take its changes off the site (a hand deploy of an older commit finishing after the
 * workflow put a newer one live). Asked just before the upload, after the build's minutes.
 */
function replacementProblem(live: string | undefined, commit: string | undefined): string | null {
  if (!live || !commit || live === commit) return null;
  const newer = holds(commit, live);
  if (newer) return null;
  const short = (sha: string) => sha.slice(0, 7);
  if (newer === undefined) {
    return `the live site was deployed from ${short(live)}, which this checkout does not have: it cannot be told whether ${short(commit)} holds its changes. Run git fetch, then deploy again.`;
  }
  return holds(live, commit)
    ? `the live site was deployed from ${short(live)}, which is newer than ${short(commit)}: deploying ${short(commit)} would take its changes off the site.`
    : `the live site was deployed from ${short(live)}, which ${short(commit)} does not hold: deploying it would take ${short(live)}'s changes off the site.`;
}

/**
 * Uploads a build's public/ (wrangler pages deploy), from the project or from the folder a build job left
 * (`folder`), with the server code of this checkout's functions/: wrangler bundles what its working folder holds,
 * and it works here, never in a folder a build made, which may hold only the site's static files. The Pages
 * project's production branch must be the editors' branch. Production is left as it is when the deployment live
 * there holds the same files (unless `force`), and is not replaced by a commit that does not hold the live one's
 * (unless `force`, which says so); a preview always uploads, to its branch's own address, which must be its own.
 */
export async function uploadSite(
  api: CloudflareApi,
  settings: DeploySettings,
  env: NodeJS.ProcessEnv,
  {
    branch,
    commit,
    force = false,
    folder = root,
  }: { branch: string; commit?: string; force?: boolean; folder?: string },
): Promise<Upload> {
  const site = path.join(folder, "public");
  const code = folder === root ? codeInSite(site) : notStaticFiles(folder);
  if (code.length > 0) {
    throw new StepFailure(
      `Nothing was uploaded: ${path.relative(root, folder) || "this checkout"}${folder === root ? "'s public/" : "/"} holds what is not the site's pages and files: ${code.join(", ")}. An upload takes the build's static files alone, and the site's server code from this checkout's functions/.`,
    );
  }
  const project = await api.find<PagesProject>(`/accounts/{account}/pages/projects/${settings.pagesProject}`);
  if (!project) {
    throw new StepFailure(
      `The Pages project "${settings.pagesProject}" does not exist yet: run npm run deploy once, which makes it (docs/deploying.md).`,
    );
  }
  if (project.production_branch !== PRODUCTION_BRANCH) {
    throw new StepFailure(
      `The Pages project "${settings.pagesProject}" publishes the branch "${project.production_branch ?? ""}" as the live site, not ${PRODUCTION_BRANCH}, the editors' branch: set its production branch to ${PRODUCTION_BRANCH} (Workers & Pages → ${settings.pagesProject} → Settings → Branch control), then deploy again. Nothing was uploaded.`,
    );
  }
  const production = branch === PRODUCTION_BRANCH;
  if (!production) {
    const problem = await previewProblem(api, settings.pagesProject, branch);
    if (problem) throw new StepFailure(`No preview was deployed: ${problem}`);
  }
  const print = siteFingerprint(site, path.join(root, "functions"));
  let forced = "";
  // Compared with the deployment that is live (after a rollback, not the newest one), unless told to upload anyway.
  if (production) {
    const live = project.canonical_deployment?.deployment_trigger?.metadata;
    if (!force && live?.commit_message === pagesMessage(print)) {
      return {
        address: siteAddress(settings),
        summary: `unchanged since it was deployed (${print}): left as it is`,
      };
    }
    const problem = replacementProblem(live?.commit_hash, commit);
    if (problem && !force) {
      throw new StepFailure(`Nothing was uploaded: ${problem} To deploy it anyway, add --force.`);
    }
    if (problem) {
      console.warn(`--force: uploading although ${problem}`);
      forced = " (forced over a newer live site)";
    }
  }
  const output = await wrangler(
    [
      "pages",
      "deploy",
      site,
      `--project-name=${settings.pagesProject}`,
      `--branch=${branch}`,
      `--commit-message=${pagesMessage(print)}`,
      ...(commit ? [`--commit-hash=${commit}`] : []),
      "--commit-dirty=true",
    ],
    env,
    { cwd: root },
  );
  const deployment = /Take a peek over at (\S+)/.exec(output)?.[1];
  const alias = /Deployment alias URL: (\S+)/.exec(output)?.[1];
  const address = production ? siteAddress(settings) : (alias ?? deployment);
  if (!address) throw new StepFailure("wrangler pages deploy did not say where the preview is; its output is above.");
  return {
    address,
    summary: `deployed (${print})${forced}${production ? (deployment ? `; this deployment: ${deployment}` : "") : `: ${address}`}`,
  };
}
