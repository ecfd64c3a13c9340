/**
 * @jest-environment node
 *
 * `npm start` as a newcomer runs it, in a copy of the project on free ports:
 * it builds the site, serves it, and runs the mail service beside it; an
 * enquiry arrives in mail-outbox/. When the mail service's runtime dies, npm
 * start says so and starts it again on its port, its database kept, and
 * enquiries arrive again. `npm run check:live` passes against it, with the
 * editor's sign-in set up, and fails against a plain static server of the
 * same build.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { CHECK_HEADER } from "../../contract/src/enquiry-check";
import { aCheck } from "../../contract/src/example-check";
import { freePortSync } from "../../scripts/free-ports";
import { copyProject, runScript } from "../support/project-copy";
import { simpleParser } from "mailparser";
import { waitFor } from "../mail-service/support/test-mail";
import { COMPANY } from "../support/deploy-project";

jest.setTimeout(900_000);

let project: string;
let start: ChildProcess | undefined;
let output = "";
const sitePort = freePortSync();
const REPOSITORY = "example/website";
const mailPort = freePortSync();

beforeAll(async () => {
  const root = path.resolve(__dirname, "../..");
  project = copyProject("npm-start", root);
  // The company's addresses in the deploy's settings: the local e-mails use them, as the deployed service will.
  const settings = path.join(project, "deploy", "cloudflare.jsonc");
  fs.writeFileSync(
    settings,
    fs
      .readFileSync(settings, "utf8")
      .replace(/"salesAddress": "[^"]*"/, `"salesAddress": "${COMPANY.salesAddress}"`)
      .replace(/"fromAddress": "[^"]*"/, `"fromAddress": "${COMPANY.fromAddress}"`),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The copy is no git checkout: the build is told the commit it is, as a deploy tells it, for /version.json.
    SITE_COMMIT: execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).trim(),
    PORT: String(sitePort),
    MAIL_PORT: String(mailPort),
    CI: "1",
    CMS_REPO: REPOSITORY,
    GITHUB_CLIENT_ID: "an-oauth-app",
    GITHUB_CLIENT_SECRET: "its-secret",
  };
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

/** Sends an enquiry as the site's pages do (its check beside it), and waits for its e-mail in mail-outbox/. */
async function sendEnquiry(message: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${mailPort}/api/v1/mail-sender`, {
    method: "POST",
    headers: {
      Origin: `http://localhost:${sitePort}`,
      "Content-Type": "application/json",
      [CHECK_HEADER]: await aCheck(),
    },
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

test("the site is served, and an enquiry sent to the mail service arrives in mail-outbox/, to and from the company's addresses", async () => {
  const home = await fetch(`http://127.0.0.1:${sitePort}/`);
  expect(home.status).toBe(200);
  await sendEnquiry("First enquiry after npm start");
  const [file] = emails();
  const email = await simpleParser(fs.readFileSync(path.join(outbox(), file ?? ""), "utf8"));
  expect(email.to && !Array.isArray(email.to) ? email.to.value.map(({ address }) => address) : []).toEqual([
    COMPANY.salesAddress,
  ]);
  expect(email.from?.value.map(({ address }) => address)).toEqual([COMPANY.fromAddress]);
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

/** `npm run check:live -- <address>` in the copy: its exit code and its table. */
const checkLive = (address: string) =>
  runScript(project, "scripts/check-live.ts", [address, "--repository", REPOSITORY]);

test("check:live passes against npm start: pages, headers, not-found pages, mail service, editor, sign-in", async () => {
  const { status, output: table } = await checkLive(`http://localhost:${sitePort}`);
  expect(table).toMatch(/All \d+ checks passed/);
  expect(table).toMatch(/ok {2}\s*Editor's sign-in\s+sends to https:\/\/github\.com\/login\/oauth\/authorize/);
  expect(table).toMatch(/ok {2}\s*CORS from another origin\s+refused/);
  expect(status).toBe(0);
});

test("check:live fails against a plain static server of the same build, naming the missing headers and service", async () => {
  const publicDir = path.join(project, "public");
  const server = http.createServer((request, response) => {
    const wanted = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const file = path.join(publicDir, wanted.endsWith("/") ? `${wanted}index.html` : wanted);
    if (!file.startsWith(publicDir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    response.writeHead(200).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const result = await checkLive(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/FAIL\s+Page \/ +no content-security-policy; strict-transport-security missing/);
    expect(result.output).toMatch(/FAIL\s+Mail service\s+no page's policy names a mail service/);
    expect(result.output).toMatch(/FAIL\s+Editor's sign-in\s+\/api\/auth answered 404/);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
