/**
 * SQL on the mail service's D1 database through wrangler, for the operator
 * command and the tests: the deployed database (--remote, signed in with
 * `wrangler login`) or a local service's, kept in its state folder.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const serviceFolder = path.resolve(__dirname, "..");
const wranglerBin = path.resolve(serviceFolder, "..", "node_modules", ".bin", "wrangler");

/** npm start's service keeps its database here (its state folder). */
export const LOCAL_STATE = path.resolve(serviceFolder, "..", ".wrangler", "mail-service");

export type Database = { remote: true } | { remote: false; state: string };

/** Runs one SQL statement and returns its rows; throws with wrangler's words when it cannot. */
export function queryDatabase<T>(sql: string, database: Database): T[] {
  const where = database.remote ? ["--remote"] : ["--local", `--persist-to=${path.join(database.state, "d1")}`];
  const run = spawnSync(
    wranglerBin,
    [
      "d1",
      "execute",
      "DB",
      ...where,
      `--config=${path.join(serviceFolder, "wrangler.jsonc")}`,
      "--json",
      "--command",
      sql,
    ],
    {
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", NO_COLOR: "1" },
    },
  );
  if (run.status !== 0) throw new Error(`wrangler could not reach the service's database:\n${run.stdout}${run.stderr}`);
  const [result] = JSON.parse(run.stdout) as { results: T[] }[];
  return result?.results ?? [];
}
