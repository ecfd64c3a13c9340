/**
 * The wrangler this package depends on, wherever npm put it (hoisted to the
 * workspace's root or kept in the package's own node_modules), and the
 * environment every local run of it gets: offline, quiet, without colours.
 */
import path from "node:path";

export const wranglerBin = path.join(path.dirname(require.resolve("wrangler/package.json")), "bin", "wrangler.js");

export const wranglerEnv = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  // The banner is where wrangler asks the registry for a newer version.
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_COLOR: "1",
  FORCE_COLOR: "0",
};
