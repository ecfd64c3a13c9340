import { gitHub, GitHubError } from "../github";
import type { DeployPlan, DeployStep } from "./plan";

/** The environments the publishing workflows upload from (.github/workflows/), and the secrets each needs. */
export const ENVIRONMENTS = ["production", "preview"];
export const NEEDED_SECRETS = ["CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"];

/**
 * Whether the repository's two Actions environments hold the secrets the publishing workflows upload with, and
 * whether each lets main alone deploy from it: the workflows that upload run on main (a push to it, and the
 * workflow_run that previews a draft), and any other branch's workflow naming an environment would get its token,
 * which can publish production too. Reading them takes a token with administration rights (GITHUB_TOKEN); without
 * one, the step says what to set and where. Either way it does not stop the deploy: the site is live without it.
 */
export const publishingWorkflow = ({ settings, env }: DeployPlan): DeployStep => ({
  title: "Publishing workflow",
  plan: `check that ${settings.editorRepository}'s environments ${ENVIRONMENTS.join(" and ")} hold the secrets the publishing workflows upload with`,
  run: async () => {
    const repository = settings.editorRepository;
    const howTo = `in GitHub, ${repository} → Settings → Environments, make "production" and "preview", each with deployment branches "Selected branches": main alone, and give each the secrets ${NEEDED_SECRETS.join(" and ")} (a token with Account · Cloudflare Pages · Edit is enough: docs/deploying.md), or: gh secret set CLOUDFLARE_API_TOKEN --env production --repo ${repository}`;
    const token = env.GITHUB_TOKEN?.trim();
    if (!token) return `not checked (no GITHUB_TOKEN): so that editors' changes go live by themselves, ${howTo}`;
    try {
      const github = gitHub({ repository, token, apiUrl: env.GITHUB_API_URL });
      const problems: string[] = [];
      for (const name of ENVIRONMENTS) {
        const environment = await github.environment(name);
        const missing = NEEDED_SECRETS.filter((secret) => !environment?.secrets.includes(secret));
        if (!environment) problems.push(`no environment "${name}"`);
        else if (missing.length > 0) problems.push(`${missing.join(" and ")} missing in "${name}"`);
        const branches = environment?.branches;
        if (branches && !(Array.isArray(branches) && branches.length === 1 && branches[0] === "main")) {
          const which =
            branches === "any"
              ? "any branch"
              : branches === "protected"
                ? "every protected branch"
                : branches.length === 0
                  ? "no branch"
                  : branches.join(", ");
          problems.push(`"${name}" lets ${which} deploy from it (choose main alone)`);
        }
      }
      return problems.length === 0
        ? "both environments hold their secrets, for main alone: each change an editor publishes is checked and deployed"
        : `${problems.join("; ")}, so the editors' changes will not go live as they should: ${howTo}`;
    } catch (error) {
      const reason = error instanceof GitHubError ? error.message : String(error);
      return `not checked (${reason}): ${howTo}`;
    }
  },
});
