/**
 * @jest-environment node
 *
 * `npm start` as a newcomer runs it, in a copy of the project on free ports:
 * it builds the site, serves it, and runs the mail service beside it; an
 * enquiry arrives in mail-outbox/. When the mail service's runtime dies, npm
 * start says so and starts it again on its port, its database kept, and
 * enquiries arrive again.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePortSync } from "../../scripts/free-ports";
import { copyProject } from "../support/project-copy";
import { waitFor } from "../mail-service/support/test-mail";

jest.setTimeout(900_000);

let project: string;
let start: ChildProcess | undefined;
let output = "";
const sitePort = freePortSync();
const mailPort = freePortSync();

beforeAll(async () => {
  project = copyProject("npm-start", path.resolve(__dirname, "../.."));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(sitePort), MAIL_PORT: String(mailPort), CI: "1" };
  delete env.GATSBY_MAIL_API_URL;
  start = spawn("npm", ["start"], { cwd: project, env, detached: true });
  start.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  start.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    "npm start to serve the site",
    () => output,
    (text) => text.includes("Press Ctrl+C to stop."),
    600_000,
  );
});

afterAll(async () => {
  if (start?.pid) {
    process.kill(-start.pid, "SIGINT");
    await new Promise((resolve) => start?.once("exit", resolve));
  }
  fs.rmSync(project, { recursive: true, force: true });
});

const outbox = () => path.join(project, "mail-outbox");
const emails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).filter((file) => file.endsWith(".eml")) : []);

/** Sends an enquiry as the site's pages do, and waits for its e-mail in mail-outbox/. */
async function sendEnquiry(message: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${mailPort}/api/v1/mail-sender`, {
    method: "POST",
    headers: { Origin: `http://localhost:${sitePort}`, "Content-Type": "application/json" },
    body: JSON.stringify({ industry: "", name: "Noura", phone: "", companyName: "", email: "", message }),
  });
  expect(response.status).toBe(202);
  await waitFor(
    `the e-mail holding "${message}"`,
    () => emails().map((file) => fs.readFileSync(path.join(outbox(), file), "utf8")),
    (texts) => texts.some((text) => text.includes(message)),
    60_000,
  );
}

test("the site is served, and an enquiry sent to the mail service arrives in mail-outbox/", async () => {
  const home = await fetch(`http://127.0.0.1:${sitePort}/`);
  expect(home.status).toBe(200);
  await sendEnquiry("First enquiry after npm start");
});

test("when the mail service's runtime dies, npm start says so, starts it again on its port, and enquiries arrive again", async () => {
  // The process listening on the mail port is the runtime; its whole process group goes, as in a crash.
  const listener = execFileSync("ss", ["-Hltnp", `sport = :${mailPort}`], { encoding: "utf8" });
  const pid = Number(/pid=(\d+)/.exec(listener)?.[1]);
  expect(pid).toBeGreaterThan(0);
  const group = Number(execFileSync("ps", ["-o", "pgid=", "-p", String(pid)], { encoding: "utf8" }).trim());
  process.kill(-group, "SIGKILL");

  await waitFor(
    "npm start to notice",
    () => output,
    (text) => text.includes("its runtime stopped"),
    30_000,
  );
  await waitFor(
    "the mail service to run again",
    () => output,
    (text) => text.includes("running again"),
    120_000,
  );
  expect((await fetch(`http://127.0.0.1:${mailPort}/api/v1/health`)).status).toBe(200);
  await sendEnquiry("Second enquiry, after the restart");
});
