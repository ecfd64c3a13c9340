/** @jest-environment node */
import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
// Fixed ports below the ephemeral range, apart from those of the browser tests.
const ports = { EDIT_PORT: 17120, DECAP_SERVER_PORT: 17121, PORT: 17122, MAIL_PORT: 17123 };

let occupant: net.Server;

async function occupy(port: number) {
  occupant = net.createServer();
  await new Promise<void>((resolve) => occupant.listen(port, "127.0.0.1", resolve));
}

afterEach(async () => {
  await new Promise((resolve) => occupant.close(resolve));
});

test.each([
  { command: "npm run edit", script: "scripts/edit.mjs", setting: "EDIT_PORT" as const },
  { command: "npm run edit", script: "scripts/edit.mjs", setting: "DECAP_SERVER_PORT" as const },
  { command: "npm start", script: "scripts/start.mjs", setting: "PORT" as const },
  { command: "npm start", script: "scripts/start.mjs", setting: "MAIL_PORT" as const },
  { command: "npm run serve", script: "scripts/static-server.mjs", setting: "PORT" as const },
])(
  "$command stops at once when the port of $setting is taken, and says how to pick another",
  async ({ command, script, setting }) => {
    await occupy(ports[setting]);
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.GATSBY_MAIL_API_URL;
    // A build takes about a minute here, so ending within the timeout shows the check comes before it.
    const result = spawnSync(process.execPath, [script], {
      cwd: root,
      encoding: "utf8",
      timeout: 30_000,
      env: { ...env, ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])) },
    });
    expect(result.stderr).toContain(`Port ${ports[setting]} is already in use`);
    expect(result.stderr).toContain(`${setting}=<port> ${command}`);
    expect(result.status).toBe(1);
  },
);
