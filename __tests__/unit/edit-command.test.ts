/** @jest-environment node */
import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const SITE_PORT = 17120;
const PROXY_PORT = 17121;

let occupant: net.Server;

async function occupy(port: number) {
  occupant = net.createServer();
  await new Promise<void>((resolve) => occupant.listen(port, "127.0.0.1", resolve));
}

afterEach(async () => {
  await new Promise((resolve) => occupant.close(resolve));
});

test.each([
  { port: SITE_PORT, setting: "EDIT_PORT", what: "site" },
  { port: PROXY_PORT, setting: "DECAP_SERVER_PORT", what: "proxy" },
])("npm run edit stops at once on a busy $what port and says which setting picks another", async ({ port, setting }) => {
  await occupy(port);
  const result = spawnSync(process.execPath, ["scripts/edit.mjs"], {
    cwd: root,
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, EDIT_PORT: String(SITE_PORT), DECAP_SERVER_PORT: String(PROXY_PORT) },
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(`Port ${port} is already in use`);
  expect(result.stderr).toContain(`${setting}=<port> npm run edit`);
});
