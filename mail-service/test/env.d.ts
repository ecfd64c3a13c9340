import type { D1Migration } from "cloudflare:test";

// The bindings only the tests have (vitest.config.ts).
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** A secret in a deployment; the tests set it (vitest.config.mts). */
      HEALTH_TOKEN: string;
    }
  }
}
