/**
 * The site's part of a deploy, shared by `npm run deploy` (everything) and
 * `npm run deploy:site` (the site alone, as the publishing workflow runs it):
 * the content check, the build for the site's host, and the upload of
 * public/ and functions/ to the Pages project, as production or as a
 * preview of a branch.
 */
import path from "node:path";
import { checkContent, formatNote, formatProblems } from "../../plugins/site-content/check";
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

/**
 * Uploads public/ and functions/ (wrangler pages deploy). Production is left as it is when the deployment live
 * there holds the same files (unless `force`); a preview always uploads, to the branch's own address.
 */
export async function uploadSite(
  api: CloudflareApi,
  settings: DeploySettings,
  env: NodeJS.ProcessEnv,
  { branch, commit, force = false }: { branch: string; commit?: string; force?: boolean },
): Promise<Upload> {
  const project = await api.find<{
    canonical_deployment?: { deployment_trigger?: { metadata?: { commit_message?: string } } } | null;
  }>(`/accounts/{account}/pages/projects/${settings.pagesProject}`);
  if (!project) {
    throw new StepFailure(
      `The Pages project "${settings.pagesProject}" does not exist yet: run npm run deploy once, which makes it (docs/deploying.md).`,
    );
  }
  const production = branch === PRODUCTION_BRANCH;
  const print = siteFingerprint(path.join(root, "public"), path.join(root, "functions"));
  // Compared with the deployment that is live (after a rollback, not the newest one), unless told to upload anyway.
  if (production && !force) {
    if (project.canonical_deployment?.deployment_trigger?.metadata?.commit_message === pagesMessage(print)) {
      return {
        address: siteAddress(settings),
        summary: `unchanged since it was deployed (${print}): left as it is`,
      };
    }
  }
  const output = await wrangler(
    [
      "pages",
      "deploy",
      "public",
      `--project-name=${settings.pagesProject}`,
      `--branch=${branch}`,
      `--commit-message=${pagesMessage(print)}`,
      ...(commit ? [`--commit-hash=${commit}`] : []),
      "--commit-dirty=true",
    ],
    env,
  );
  const deployment = /Take a peek over at (\S+)/.exec(output)?.[1];
  const alias = /Deployment alias URL: (\S+)/.exec(output)?.[1];
  const address = production ? siteAddress(settings) : (alias ?? deployment);
  if (!address) throw new StepFailure("wrangler pages deploy did not say where the preview is; its output is above.");
  return {
    address,
    summary: `deployed (${print})${production ? (deployment ? `; this deployment: ${deployment}` : "") : `: ${address}`}`,
  };
}
