/**
 * The mail service as the tests use it: the Worker in wrangler's local
 * runtime (workerd, local D1, Queue, rate limiter, send_email) delivering to
 * a real SMTP server on 127.0.0.1 (the local inbox), both on free ports, with
 * their state in a temporary folder. What the tests read is what a person
 * would: the service's answers, the e-mails in the inbox parsed by a MIME
 * parser, and the events it logs for the operator. It posts as the site's
 * form does, with a person's check beside the enquiry unless told otherwise.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { startLocalInbox, type LocalInbox, type LocalInboxOptions } from "mail-service/local-inbox";
import { startLocalMailService, type LocalMailService, type LocalMailServiceOptions } from "mail-service/local-service";
import { siteIndustries } from "../../../plugins/site-content/industries";
import { CHECK_HEADER } from "../../../contract/src/enquiry-check";
import { aCheck } from "../../../contract/src/example-check";
export { anEnquiry } from "../../../contract/src/example-enquiry";
export { aCheck };

const project = path.resolve(__dirname, "../../..");

/** The site's origin as the service is set up to allow it; no site needs to run for that. */
export const SITE = "http://127.0.0.1:9000";

export interface TestMailOptions extends Pick<LocalMailServiceOptions, "adjust" | "env"> {
  /** Settings over the test defaults (SMTP to the inbox, short pauses). */
  vars?: Record<string, string>;
  inbox?: Omit<LocalInboxOptions, "folder">;
}

export interface PostOptions {
  origin?: string | null;
  /** The visitor's address, as Cloudflare reports it (CF-Connecting-IP). */
  ip?: string;
  referer?: string;
  contentType?: string | null;
  method?: string;
  /** The form's check header (contract/src/enquiry-check.ts): by default a person's, fresh each time; null, none. */
  check?: string | null;
}

let visitors = 0;
/**
 * A visitor no other request of this run has been: an IPv6 address of a /64 of its own, as the service counts
 * visitors by their /64, so one test's posts never meet another's limit.
 */
export function newVisitor(): string {
  visitors += 1;
  return `2001:db8:${(process.pid % 0xffff).toString(16)}:${visitors.toString(16)}::1`;
}

export async function waitFor<T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Waited ${timeoutMs / 1000} s for ${what}; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The id the service gives an enquiry it accepted (202), failing the test for any other answer. */
export async function idOf(response: Response): Promise<string> {
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

/** The e-mails of one enquiry, by the id it was given (its X-Enquiry-Id header). */
export const copiesOf = (emails: ParsedMail[], id: string) =>
  emails.filter((email) => email.headers.get("x-enquiry-id") === id);

export async function parseEmail(file: string): Promise<ParsedMail> {
  return simpleParser(fs.readFileSync(file));
}

export interface TestMail {
  service: LocalMailService;
  inbox: LocalInbox;
  stateDir: string;
  post(body: unknown, options?: PostOptions): Promise<Response>;
  /** The e-mails in the inbox, parsed, oldest first. */
  received(): Promise<ParsedMail[]>;
  /** Waits until the inbox holds `count` e-mails and returns them. */
  waitForEmails(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Waits until the Worker has logged an event of this name (and matching `fields`). */
  waitForEvent(event: string, fields?: Record<string, unknown>, timeoutMs?: number): Promise<Record<string, unknown>>;
  /**
   * Kills the Worker's runtime at once and starts it again on the same database, with the deployment changed
   * by `adjust` if given (else as before).
   */
  crashAndRestart(adjust?: LocalMailServiceOptions["adjust"]): Promise<void>;
  /**
   * Runs the operator command (npm run mail:operator) on this service's database and resolves with what it printed.
   * It waits without blocking: this process is also the mail server the Worker delivers to, and holds keep-alive
   * connections to the service that must be seen to close.
   */
  operator(...args: string[]): Promise<{ status: number | null; output: string }>;
  /** Stops the inbox (the provider is down) or starts it again on the same port. */
  inboxDown(): Promise<void>;
  inboxUp(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestMail({
  vars = {},
  inbox: inboxOptions = {},
  adjust,
  env,
}: TestMailOptions = {}): Promise<TestMail> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-service-test-"));
  const inboxFolder = path.join(stateDir, "inbox");
  let inbox = await startLocalInbox({ folder: inboxFolder, ...inboxOptions });
  let adjustment = adjust;
  const serviceOptions = (): LocalMailServiceOptions => ({
    stateDir,
    adjust: adjustment,
    env,
    vars: {
      ALLOWED_ORIGINS: SITE,
      SITE_INDUSTRIES: siteIndustries(project),
      ...inbox.serviceVars,
      RETRY_BASE_SECONDS: "1",
      RETRY_MAX_SECONDS: "2",
      REQUEUE_AFTER_SECONDS: "2",
      // Short pauses, but a conversation limit a busy machine cannot reach: a drill of the deadline sets its own.
      DELIVERY_TIMEOUT_SECONDS: "30",
      // The drills send in bursts; the pacing has tests of its own.
      DELIVERY_RATE_PER_MINUTE: "10000",
      SERVICE_LIMIT_PER_MINUTE: "100000",
      ...vars,
    },
  });
  let service: LocalMailService;
  try {
    service = await startLocalMailService(serviceOptions());
  } catch (error) {
    await inbox.close();
    throw error;
  }
  // Events logged by runtimes this test has already restarted.
  let earlierEvents: Record<string, unknown>[] = [];

  const received = async () => Promise.all(inbox.messages().map(parseEmail));
  const events = () => [...earlierEvents, ...service.events()];
  const handle: TestMail = {
    get service() {
      return service;
    },
    get inbox() {
      return inbox;
    },
    stateDir,
    async post(
      body,
      { origin = SITE, ip = newVisitor(), referer, contentType = "application/json", method = "POST", check } = {},
    ) {
      const headers: Record<string, string> = { "CF-Connecting-IP": ip };
      const checkHeader = check === undefined ? await aCheck() : check;
      if (checkHeader !== null) headers[CHECK_HEADER] = checkHeader;
      if (origin !== null) headers.Origin = origin;
      if (contentType !== null) headers["Content-Type"] = contentType;
      if (referer) headers.Referer = referer;
      return fetch(`${service.apiUrl}/mail-sender`, {
        method,
        headers,
        body:
          method === "GET" || method === "HEAD" ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
    },
    received,
    async waitForEmails(count, timeoutMs = 30_000) {
      await waitFor(
        `${count} e-mail(s) in the inbox`,
        () => inbox.messages().length,
        (n) => n >= count,
        timeoutMs,
      );
      return received();
    },
    async waitForEvent(event, fields = {}, timeoutMs = 30_000) {
      const matches = (logged: Record<string, unknown>) =>
        logged.event === event && Object.entries(fields).every(([key, value]) => logged[key] === value);
      try {
        const found = await waitFor(
          `the event ${event}`,
          () => events().find(matches),
          (value) => value !== undefined,
          timeoutMs,
        );
        return found as Record<string, unknown>;
      } catch (error) {
        // What the service did instead, named in the failure.
        const logged = events()
          .slice(-12)
          .map((logged) => JSON.stringify(logged));
        throw new Error(`${(error as Error).message}\nThe service's last events:\n${logged.join("\n")}`);
      }
    },
    async crashAndRestart(adjustAfter) {
      earlierEvents = events();
      await service.kill();
      if (adjustAfter) adjustment = adjustAfter;
      service = await startLocalMailService(serviceOptions());
    },
    async operator(...args) {
      const run = spawn(
        path.join(project, "node_modules", ".bin", "tsx"),
        ["mail-service/scripts/operator.ts", ...args, "--state", stateDir],
        { cwd: project },
      );
      let output = "";
      run.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      run.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const status = await new Promise<number | null>((resolve) => run.once("close", resolve));
      return { status, output };
    },
    async inboxDown() {
      await inbox.close();
    },
    async inboxUp() {
      inbox = await startLocalInbox({ folder: inboxFolder, ...inboxOptions, port: inbox.port });
    },
    async close() {
      await Promise.all([service.close(), inbox.close()]);
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
  return handle;
}
