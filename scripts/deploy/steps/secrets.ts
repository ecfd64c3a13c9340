import { PAGES_SECRETS, workerSecrets } from "../settings";
import { StepFailure } from "../run-steps";
import { WORKER_CONFIG } from "../worker-config";
import { ACCOUNT, type DeployPlan, type DeployStep } from "./plan";

/** The secrets a person sets with wrangler (the deploy never sees their values): stops, naming each one missing. */
export const secrets = ({ settings, workerConfig }: DeployPlan): DeployStep => {
  const worker = workerSecrets(settings);
  return {
    title: "Secrets",
    plan: `check that the Pages project has ${PAGES_SECRETS.map(({ name }) => name).join(" and ")}${
      worker.length > 0
        ? `, and the mail service ${worker.map(({ name }) => name).join(", ")}`
        : " (the mail service needs none with send_email)"
    }`,
    run: async ({ api }) => {
      const workerSet =
        (await api.find<{ name: string }[]>(`${ACCOUNT}/workers/scripts/${workerConfig.name}/secrets`)) ?? [];
      const project = await api.get<{
        deployment_configs?: { production?: { env_vars?: Record<string, unknown> } };
      }>(`${ACCOUNT}/pages/projects/${settings.pagesProject}`);
      const pagesSet = Object.keys(project.deployment_configs?.production?.env_vars ?? {});
      const missing = [
        ...worker
          .filter(({ name }) => !workerSet.some((secret) => secret.name === name))
          .map(({ name, what }) => `${name} (${what}): npx wrangler secret put ${name} -c ${WORKER_CONFIG}`),
        ...PAGES_SECRETS.filter(({ name }) => !pagesSet.includes(name)).map(
          ({ name, what }) =>
            `${name} (${what}): npx wrangler pages secret put ${name} --project-name ${settings.pagesProject}`,
        ),
      ];
      if (missing.length > 0) {
        throw new StepFailure(
          `Missing secrets. Set each (wrangler asks for its value), then run npm run deploy again:\n  ${missing.join("\n  ")}`,
        );
      }
      return "all set";
    },
  };
};
