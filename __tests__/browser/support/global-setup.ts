import { spawnSync } from "node:child_process";
import path from "node:path";
import { MAIL_API_URL, SITE_PORT } from "./environment";

const root = path.resolve(__dirname, "../../..");

/**
 * Builds the production site pointed at the test mail stand-in and serves it
 * on 127.0.0.1 for the whole run. SKIP_BUILD=1 reuses a build made for the
 * tests before (public/ must have been built with the same mail address).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.SKIP_BUILD !== "1") {
    const build = spawnSync("npx", ["gatsby", "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", GATSBY_MAIL_API_URL: MAIL_API_URL },
    });
    if (build.status !== 0) throw new Error("The site did not build; see the output above.");
  }
  const { startStaticServer } = await import("../../../scripts/static-server.mjs");
  const server = await startStaticServer({ root: path.join(root, "public"), port: SITE_PORT });
  return server.close;
}
