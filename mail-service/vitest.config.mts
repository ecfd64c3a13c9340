import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

/**
 * The Worker's own tests, in workerd as Cloudflare's templates run them: the bindings (D1, the queues, send_email,
 * the rate limits) and the settings come from wrangler.jsonc, as `wrangler dev` and the deploy read them, and each
 * test file starts on a database with the migrations applied (test/apply-migrations.ts). The drills that kill the
 * runtime or need a real SMTP server spawn `wrangler dev` instead (the root's __tests__/mail-service*).
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.jsonc" },
        // The operator's health token is a secret in a deployment (wrangler secret put HEALTH_TOKEN).
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, HEALTH_TOKEN: "test-health-token-0123456789abcdef" } },
      }),
    ],
    test: {
      include: ["test/**/*.test.ts"],
      setupFiles: ["./test/apply-migrations.ts"],
      // The Worker logs a line of JSON per event: shown for a failed test only.
      silent: "passed-only",
    },
  };
});
