/**
 * What `npm run deploy`'s steps are made from: the plan, read from the company's values before anything is called
 * (what --dry-run prints), and what a real run adds to it, the API and the commit.
 */
import fs from "node:fs";
import path from "node:path";
import type { CloudflareApi } from "../cloudflare-api";
import { readSettings, type DeploySettings } from "../settings";
import { mailApiAddress, siteAddress } from "../site";
import { queueNames, readWorkerConfig, WORKER_CONFIG, type WorkerConfig } from "../worker-config";

export interface DeployPlan {
  settings: DeploySettings;
  workerConfig: WorkerConfig;
  /** mail-service/wrangler.jsonc in the project being deployed. */
  configFile: string;
  database: string;
  queues: string[];
  mailApi: string;
  siteUrl: string;
  /** The environment of the commands the steps run. */
  env: NodeJS.ProcessEnv;
  /** Whether the run ends with the live check. */
  check: boolean;
  /** Upload the site even when the live one holds the same files. */
  force: boolean;
}

/** What a real run has beside the plan. */
export interface DeployAccess {
  api: CloudflareApi;
  /** The commit deployed, when the checkout is one. */
  commit: string | undefined;
}

/** One step: its title and what it will do (the progress line and --dry-run say both), and the doing. */
export interface DeployStep {
  title: string;
  plan: string;
  /** Looks at what is there first, makes only what is missing; says what it did. */
  run(access: DeployAccess): Promise<string>;
}

/** A step done on this computer alone (the content check, the build): it needs the commit, and no API. */
export interface LocalStep extends DeployStep {
  run(access: Pick<DeployAccess, "commit">): Promise<string>;
}

/** The account's part of Cloudflare's API paths (cloudflare-api.ts fills in the id). */
export const ACCOUNT = "/accounts/{account}";

/** The plan for the project at `root`, from deploy/cloudflare.jsonc; throws SettingsError for a wrong value. */
export function readDeployPlan(
  root: string,
  { check = true, force = false, env = process.env }: { check?: boolean; force?: boolean; env?: NodeJS.ProcessEnv } = {},
): DeployPlan {
  const settings = readSettings(root);
  const configFile = path.join(root, WORKER_CONFIG);
  const workerConfig = readWorkerConfig(fs.readFileSync(configFile, "utf8"));
  return {
    settings,
    workerConfig,
    configFile,
    database: workerConfig.d1_databases[0]?.database_name ?? "enquiries",
    queues: queueNames(workerConfig),
    mailApi: mailApiAddress(settings),
    siteUrl: siteAddress(settings),
    env: { ...env, GATSBY_TELEMETRY_DISABLED: "1" },
    check,
    force,
  };
}
