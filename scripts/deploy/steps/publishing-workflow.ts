import { gitHub, GitHubError } from "../github";
import type { DeployPlan, DeployStep } from "./plan";

/**
 * Whether the repository has the two secrets the publishing workflow (.github/workflows/publish.yml) deploys
 * with. Reading a repository's secrets' names takes a token with administration rights (GITHUB_TOKEN); without
 * one, the step says what to set and where. Either way it does not stop the deploy: the site is live without it.
 */
export const publishingWorkflow = ({ settings, env }: DeployPlan): DeployStep => ({
  title: "Publishing workflow",
  plan: `check that ${settings.editorRepository} has the Actions secrets the publishing workflow deploys with`,
  run: async () => {
    const repository = settings.editorRepository;
    const needed = ["CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"];
    const howTo = `in GitHub, ${repository} → Settings → Secrets and variables → Actions, set ${needed.join(" and ")} (a token with Account · Cloudflare Pages · Edit is enough: docs/deploying.md), or: gh secret set CLOUDFLARE_API_TOKEN --repo ${repository}`;
    const token = env.GITHUB_TOKEN?.trim();
    if (!token) return `not checked (no GITHUB_TOKEN): so that editors' changes go live by themselves, ${howTo}`;
    try {
      const names = await gitHub({ repository, token, apiUrl: env.GITHUB_API_URL }).actionsSecrets();
      const missing = needed.filter((name) => !names.includes(name));
      return missing.length === 0
        ? "both secrets are set: each change an editor publishes is checked and deployed"
        : `${missing.join(" and ")} missing, so the editors' changes will not go live by themselves: ${howTo}`;
    } catch (error) {
      const reason = error instanceof GitHubError ? error.message : String(error);
      return `not checked (${reason}): ${howTo}`;
    }
  },
});
