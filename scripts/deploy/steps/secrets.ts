import { PAGES_SECRETS, workerSecrets, type DeploySettings } from "../settings";
import { StepFailure } from "../run-steps";
import { WORKER_CONFIG } from "../worker-config";
import { ACCOUNT, type DeployPlan, type DeployStep } from "./plan";

/** A secret a person sets with wrangler: what it is, where it goes, and the command that sets it. */
export interface SecretToSet {
  name: string;
  what: string;
  on: "worker" | "pages";
  /** The command, which asks for the value without showing it. */
  command: string;
}

/** Every secret the deployment needs: the mail service's, then the Pages project's (the editor's sign-in). */
export function secretsToSet(settings: DeploySettings): SecretToSet[] {
  return [
    ...workerSecrets(settings).map(({ name, what }) => ({
      name,
      what,
      on: "worker" as const,
      command: `npx wrangler secret put ${name} -c ${WORKER_CONFIG}`,
    })),
    ...PAGES_SECRETS.map(({ name, what }) => ({
      name,
      what,
      on: "pages" as const,
      command: `npx wrangler pages secret put ${name} --project-name ${settings.pagesProject}`,
    })),
  ];
}

/** The secrets a person sets with wrangler (the deploy never sees their values): stops, naming each one missing. */
export const secrets = ({ settings, workerConfig }: DeployPlan): DeployStep => {
  const needed = secretsToSet(settings);
  const worker = needed.filter(({ on }) => on === "worker");
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
      const missing = needed
        .filter(({ name, on }) =>
          on === "worker" ? !workerSet.some((secret) => secret.name === name) : !pagesSet.includes(name),
        )
        .map(({ name, what, command }) => `${name} (${what}): ${command}`);
      if (missing.length > 0) {
        throw new StepFailure(
          `Missing secrets. Set each (wrangler asks for its value), then run npm run deploy again:\n  ${missing.join("\n  ")}`,
        );
      }
      return "all set";
    },
  };
};
