import { wrangler } from "../run-steps";
import { WORKER_CONFIG } from "../worker-config";
import type { DeployPlan, DeployStep } from "./plan";

/** The database's schema: wrangler applies only the migrations it has not applied yet. */
export const migrations = ({ database, env }: DeployPlan): DeployStep => ({
  title: "Database migrations",
  plan: `apply mail-service/migrations/ to "${database}" (wrangler d1 migrations apply --remote)`,
  run: async () => {
    const output = await wrangler(["d1", "migrations", "apply", "DB", "--remote", "-c", WORKER_CONFIG], env);
    return /No migrations to apply/.test(output) ? "none to apply" : "applied";
  },
});
