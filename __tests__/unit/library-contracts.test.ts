/**
 * @jest-environment node
 *
 * Where the site uses a library beyond its top-level exports, the version is
 * pinned in package.json and what the site relies on is checked here, so an
 * upgrade that changes it fails this test instead of the site: decap-server's
 * middleware entry (the editor server, scripts/editor-server.ts), reached
 * because its top-level entry starts a server of its own as soon as it loads.
 */
import * as decapServer from "decap-server/dist/middlewares.js";
import packageJson from "../../package.json";

test("decap-server is pinned to the version installed", async () => {
  const installed = ((await import("decap-server/package.json")) as { version: string }).version;
  expect(packageJson.devDependencies["decap-server"]).toBe(installed);
});

test("decap-server's middleware entry registers the file-system backend on an express app", () => {
  const entry =
    "registerLocalFs" in decapServer ? decapServer : (decapServer as { default: typeof decapServer }).default;
  expect(typeof entry.registerLocalFs).toBe("function");
});
