import fs from "node:fs";
import { withCompanyValues, WORKER_CONFIG } from "../worker-config";
import { ACCOUNT, type DeployPlan, type DeployStep } from "./plan";

/** The mail service's D1 database, and its id written into the Worker's configuration with the company's values. */
export const database = ({ database: name, settings, configFile }: DeployPlan): DeployStep => ({
  title: `D1 database "${name}"`,
  plan: `find it, or create it in ${settings.databaseLocation}, and write its id into ${WORKER_CONFIG} with the company's values`,
  run: async ({ api }) => {
    const found = await api.get<{ uuid: string; name: string }[]>(
      `${ACCOUNT}/d1/database?name=${encodeURIComponent(name)}`,
    );
    const existing = found.find((database) => database.name === name);
    // The location is chosen when the database is created, and kept for its life (docs/deploying.md).
    const databaseId =
      existing?.uuid ??
      (
        await api.post<{ uuid: string }>(`${ACCOUNT}/d1/database`, {
          name,
          primary_location_hint: settings.databaseLocation,
        })
      ).uuid;
    const before = fs.readFileSync(configFile, "utf8");
    const after = await withCompanyValues(before, settings, databaseId);
    if (after !== before) fs.writeFileSync(configFile, after);
    return `${existing ? "found" : "created"} (${databaseId})${after !== before ? `; ${WORKER_CONFIG} updated: commit it` : ""}`;
  },
});
