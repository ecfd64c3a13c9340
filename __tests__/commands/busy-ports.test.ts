/** @jest-environment node */
import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const settings = ["EDIT_PORT", "PORT", "MAIL_PORT"] as const;

let occupant: net.Server;

/** Listens on a free port, as another program would, and says which. */
async function occupyAPort(): Promise<number> {
  occupant = net.createServer();
  await new Promise<void>((resolve) => occupant.listen(0, "127.0.0.1", resolve));
  return (occupant.address() as net.AddressInfo).port;
}

afterEach(async () => {
  await new Promise((resolve) => occupant.close(resolve));
});

test.each([
  { command: "npm run edit", setting: "EDIT_PORT" as const },
  { command: "npm start", setting: "PORT" as const },
  { command: "npm start", setting: "MAIL_PORT" as const },
  { command: "npm run serve", setting: "PORT" as const },
])(
  "$command stops at once when the port of $setting is taken, and says how to pick another",
  async ({ command, setting }) => {
    const taken = await occupyAPort();
    // The other ports are 0, which each command takes as "any free port".
    const ports = Object.fromEntries(settings.map((name) => [name, String(name === setting ? taken : 0)]));
    const env: NodeJS.ProcessEnv = { ...process.env, ...ports };
    delete env.GATSBY_MAIL_API_URL;
    // A build takes about a minute here, so ending within the timeout shows the check comes before it.
    const [program = "npm", ...args] = command.split(" ");
    const result = spawnSync(program, args, {
      cwd: root,
      encoding: "utf8",
      timeout: 30_000,
      env,
    });
    expect(result.stderr).toContain(`Port ${taken} is already in use`);
    expect(result.stderr).toContain(`${setting}=<port> ${command}`);
    expect(result.status).toBe(1);
  },
);
