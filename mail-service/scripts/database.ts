/**
 * SQL on the mail service's D1 database through wrangler, for the operator
 * command and the tests: the deployed database (--remote, signed in with
 * `wrangler login`) or a local service's, kept in its state folder.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

import { wranglerBin, wranglerEnv } from "./wrangler";

const serviceFolder = path.resolve(__dirname, "..");

/** npm start's service keeps its database here (its state folder). */
export const LOCAL_STATE = path.resolve(serviceFolder, "..", ".wrangler", "mail-service");

export type Database = { remote: true } | { remote: false; state: string };

/**
 * Runs SQL and returns the rows of its last statement; throws with wrangler's words when it cannot. Statements
 * sent together run as one batch, all or none.
 * It waits without blocking: a caller holding idle keep-alive connections (the tests' fetches
 * to the local service) must see the server close them, or its next request goes out on a
 * closed socket ("other side closed").
 */
export async function queryDatabase<T>(sql: string, database: Database): Promise<T[]> {
  const where = database.remote ? ["--remote"] : ["--local", `--persist-to=${path.join(database.state, "d1")}`];
  const args = [
    "d1",
    "execute",
    "DB",
    ...where,
    `--config=${path.join(serviceFolder, "wrangler.jsonc")}`,
    "--json",
    "--command",
    sql,
  ];
  const env = { ...process.env, ...wranglerEnv };
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(process.execPath, [wranglerBin, ...args], {
      encoding: "utf8",
      env,
      maxBuffer: 256 * 1024 * 1024,
    }));
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    const said = `${failed.stdout ?? ""}${failed.stderr ?? ""}` || failed.message;
    throw new Error(`wrangler could not reach the service's database:\n${said}`);
  }
  const results = JSON.parse(stdout) as { results: T[] }[];
  return results.at(-1)?.results ?? [];
}
