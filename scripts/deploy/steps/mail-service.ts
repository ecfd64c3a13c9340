import fs from "node:fs";
import path from "node:path";
import { fingerprint } from "../fingerprint";
import { root, wrangler } from "../run-steps";
import { WORKER_CONFIG } from "../worker-config";
import { ACCOUNT, type DeployPlan, type DeployStep } from "./plan";

/** The Worker as `wrangler deploy` would upload it, written to `outdir` (index.js) without calling any API. */
export const bundleWorker = (config: string, outdir: string, env: NodeJS.ProcessEnv, options?: { quiet?: boolean }) =>
  wrangler(["deploy", "--dry-run", `--outdir=${outdir}`, "-c", config], env, options);

/** The Worker, deployed unless the version live is this code with these settings (its tag says so). */
export const mailService = ({ workerConfig, settings, configFile, env, mailApi }: DeployPlan): DeployStep => ({
  title: "Mail service",
  plan: `deploy the Worker "${workerConfig.name}" on https://${settings.mailHost} (wrangler deploy), unless it is live as it is`,
  run: async ({ api }) => {
    const bundle = path.join(root, ".wrangler", "deploy-bundle");
    fs.rmSync(bundle, { recursive: true, force: true });
    await bundleWorker(WORKER_CONFIG, bundle, env, { quiet: true });
    // The code and the settings; not the README wrangler writes beside them, which holds the time.
    const tag = fingerprint([path.join(bundle, "index.js"), configFile]);
    const scripts = `${ACCOUNT}/workers/scripts/${workerConfig.name}`;
    const live = (
      await api.find<{ deployments: { versions: { version_id: string }[] }[] }>(`${scripts}/deployments`)
    )?.deployments[0]?.versions[0]?.version_id;
    const liveTag =
      live &&
      (await api.get<{ annotations?: Record<string, string> }>(`${scripts}/versions/${live}`)).annotations?.[
        "workers/tag"
      ];
    if (liveTag === tag) return `unchanged since it was deployed (version tag ${tag}): left as it is`;
    await wrangler(["deploy", "-c", WORKER_CONFIG, `--tag=${tag}`], env);
    return `deployed (version tag ${tag}); its address: ${mailApi}`;
  },
});
