/**
 * Runs the mail service on this computer in Cloudflare's own runtime
 * (`wrangler dev --local`: workerd with a local D1 database, Queue, rate
 * limiter and send_email), for `npm start`, the tests and the benchmark.
 *
 * Each run gets a configuration of its own: wrangler.jsonc with this run's
 * settings (its mail server, the site's origins) and any changes the run
 * asks for, written as JSON beside its state. The database lives in
 * `stateDir` and outlives the process, as D1 does a Worker's restart; the
 * queue, like a queue that lost its messages, does not. wrangler's local
 * runtime runs no cron by itself: runCron() fires the scheduled handler, as
 * Cloudflare's cron trigger does.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse, type ParseError } from "jsonc-parser";
import { freePortSync } from "./free-port";
import { wranglerBin, wranglerEnv } from "./wrangler";

const serviceFolder = path.resolve(__dirname, "..");

/** The deployment's own settings, wrangler.jsonc, as this module reads and changes it. */
export interface WranglerConfig {
  main: string;
  d1_databases: { binding: string; migrations_dir: string }[];
  queues: {
    producers: { binding: string; queue: string; delivery_delay?: number }[];
    consumers: { queue: string; max_batch_timeout?: number; max_retries?: number; dead_letter_queue?: string }[];
  };
  ratelimits: { name: string; simple: { limit: number; period: number } }[];
  vars: Record<string, string>;
  [key: string]: unknown;
}

export function readWranglerConfig(): WranglerConfig {
  const file = path.join(serviceFolder, "wrangler.jsonc");
  const errors: ParseError[] = [];
  const config = parse(fs.readFileSync(file, "utf8"), errors, { allowTrailingComma: true }) as WranglerConfig;
  if (errors.length > 0)
    throw new Error(`${file} is not valid JSON with comments (error at offset ${errors[0]?.offset}).`);
  return config;
}

/**
 * A secret of a local run's (REVIEW_KEY, HEALTH_TOKEN): made once for a state folder and kept in it, so that a
 * restart on the same database keeps it, and the operator's commands on that folder can read it.
 */
const secretFile = (stateDir: string, name: "REVIEW_KEY" | "HEALTH_TOKEN") =>
  path.join(stateDir, name.toLowerCase().replace("_", "-"));

export function localSecret(stateDir: string, name: "REVIEW_KEY" | "HEALTH_TOKEN"): string {
  const file = secretFile(stateDir, name);
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
}

/** Where a local run that keeps its state in this folder listens, written as it starts (for the operator). */
export const localAddressFile = (stateDir: string) => path.join(stateDir, "service-url");

export interface LocalMailServiceOptions {
  /** The folder that holds this service's database between runs. */
  stateDir: string;
  /** 0 takes a free port. */
  port?: number;
  /** Settings over those of wrangler.jsonc (its vars), e.g. the SMTP server to deliver to. */
  vars?: Record<string, string>;
  /** Further changes to the deployment for this run: a queue's retries, the rate limit. */
  adjust?: (config: WranglerConfig) => void;
  /** Extra environment for wrangler, e.g. NODE_EXTRA_CA_CERTS for a test mail server's certificate. */
  env?: NodeJS.ProcessEnv;
  /** Whether wrangler's output is shown; kept for output() either way. */
  quiet?: boolean;
  /** Called with each event the Worker logs (its JSON lines), as it arrives. */
  onEvent?: (event: Record<string, unknown>) => void;
  /**
   * What wrangler passes on: "log" (the default) carries every event and a line per request; "warn" only the
   * Worker's warnings and errors, for a benchmark, whose requests would otherwise be timed with their logging.
   */
  logLevel?: "log" | "warn";
}

export interface LocalMailService {
  /** e.g. http://127.0.0.1:8025 */
  url: string;
  /** The v1 base address the site posts to: url + /api/v1 */
  apiUrl: string;
  /** What wrangler and the Worker printed so far. */
  output(): string;
  /** The JSON events the Worker logged (one object each), in order. */
  events(): Record<string, unknown>[];
  /** The .eml files the send_email binding wrote, in order (they are gone once the service stops). */
  sentEmails(): string[];
  /** The processes of the runtime (wrangler, workerd and its bundler), for a benchmark to measure. */
  processIds(): number[];
  /**
   * Fires the sweep's cron trigger once and waits for its first sweep (not the second, 20 seconds on).
   * With `at` (milliseconds since 1970) and `cron`, fires that trigger as if it were that time, as a test moves the
   * month on without waiting for it, and waits for the whole handler.
   */
  runCron(at?: number, cron?: string): Promise<void>;
  /** Settles with the runtime's exit code when it ends, whether it was stopped or died. */
  exited: Promise<number | null>;
  /** Ends the runtime at once, as a crash or a pulled plug would: nothing is cleaned up. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalMailService({
  stateDir,
  port = 0,
  vars = {},
  adjust,
  env = {},
  quiet = true,
  onEvent,
  logLevel = "log",
}: LocalMailServiceOptions): Promise<LocalMailService> {
  const config = readWranglerConfig();
  config.main = path.join(serviceFolder, config.main);
  for (const database of config.d1_databases)
    database.migrations_dir = path.join(serviceFolder, database.migrations_dir);
  fs.mkdirSync(stateDir, { recursive: true });
  // Its port is chosen before it starts, so that the digest's links lead to this run (SERVICE_URL), signed with a
  // key of this state folder's own (REVIEW_KEY); the operator's digest asks it with the folder's HEALTH_TOKEN.
  const listenPort = port === 0 ? freePortSync() : port;
  config.vars = {
    ...config.vars,
    SERVICE_URL: `http://127.0.0.1:${listenPort}`,
    REVIEW_KEY: localSecret(stateDir, "REVIEW_KEY"),
    HEALTH_TOKEN: localSecret(stateDir, "HEALTH_TOKEN"),
    ...vars,
  };
  // What the operator's commands on this folder reach it with, as this run has them.
  fs.writeFileSync(localAddressFile(stateDir), config.vars.SERVICE_URL ?? "");
  fs.writeFileSync(secretFile(stateDir, "HEALTH_TOKEN"), config.vars.HEALTH_TOKEN ?? "", { mode: 0o600 });
  // A local run has no host name of its own and never deploys.
  delete config.routes;
  delete config.$schema;
  adjust?.(config);

  // This run's configuration and wrangler's working files; only the database in stateDir outlives it.
  const runFolder = fs.mkdtempSync(path.join(os.tmpdir(), "mail-service-run-"));
  const configFile = path.join(runFolder, "wrangler.json");
  fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
  const persistTo = path.join(stateDir, "d1");
  // A dev registry of its own: wrangler's shared one (in the user's home) joins local runs that bear the same Worker
  // and queue names, and a queue message of this run could be taken by another's consumer (a second test, a second
  // clone, the Worker's own tests), which holds none of this run's enquiries.
  const processEnv = {
    ...process.env,
    ...wranglerEnv,
    WRANGLER_REGISTRY_PATH: path.join(runFolder, "registry"),
    ...env,
  };

  const migrate = spawnSync(
    process.execPath,
    [wranglerBin, "d1", "migrations", "apply", "DB", "--local", `--persist-to=${persistTo}`, `--config=${configFile}`],
    { cwd: runFolder, env: { ...processEnv, CI: "1" }, encoding: "utf8" },
  );
  if (migrate.status !== 0)
    throw new Error(`The mail service's database could not be prepared:\n${migrate.stdout}${migrate.stderr}`);

  // Its own process group, so that kill() ends workerd with it, as a crash of the machine would.
  const wrangler = spawn(
    process.execPath,
    [
      wranglerBin,
      "dev",
      "--local",
      `--config=${configFile}`,
      "--ip=127.0.0.1",
      `--port=${listenPort}`,
      "--inspector-port=0",
      `--persist-to=${persistTo}`,
      "--test-scheduled",
      "--show-interactive-dev-session=false",
      `--log-level=${logLevel}`,
    ],
    { cwd: runFolder, env: processEnv, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let printed = "";
  const events: Record<string, unknown>[] = [];
  /** Reads the Worker's events out of one of wrangler's streams, a whole line at a time. */
  const eventReader = () => {
    let partialLine = "";
    return (chunk: string) => {
      const lines = `${partialLine}${chunk}`.split("\n");
      partialLine = lines.pop() ?? "";
      for (const line of lines) {
        // wrangler colours warnings and errors whatever NO_COLOR says.
        // eslint-disable-next-line no-control-regex -- the escape starts every colour code
        const plain = line.replace(/\x1b\[[0-9;]*m/g, "");
        const start = plain.indexOf('{"level"');
        if (start < 0) continue;
        try {
          const event = JSON.parse(plain.slice(start)) as Record<string, unknown>;
          events.push(event);
          onEvent?.(event);
        } catch {
          // A line that only looks like an event.
        }
      }
    };
  };
  const exited = new Promise<number | null>((resolve) =>
    wrangler.once("exit", (code) => {
      fs.rmSync(runFolder, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const endGroup = (signal: NodeJS.Signals) => {
    try {
      if (wrangler.pid) process.kill(-wrangler.pid, signal);
    } catch {
      // Already gone.
    }
  };

  const url = await new Promise<string>((resolve, reject) => {
    const onOutput = (readEvents: (chunk: string) => void) => (chunk: Buffer) => {
      printed += chunk.toString();
      readEvents(chunk.toString());
      if (!quiet) process.stdout.write(chunk);
      const ready = /Ready on (http:\/\/\S+)/.exec(printed);
      if (ready?.[1]) resolve(ready[1]);
    };
    // Below the "log" level wrangler does not say where it is ready: the address is asked until it answers.
    if (logLevel !== "log") {
      const address = `http://127.0.0.1:${listenPort}`;
      const ask = () =>
        fetch(`${address}/`)
          .then(() => resolve(address))
          .catch(() => {
            if (wrangler.exitCode === null) setTimeout(ask, 100);
          });
      ask();
    }
    wrangler.stdout.on("data", onOutput(eventReader()));
    wrangler.stderr.on("data", onOutput(eventReader()));
    wrangler.once("exit", (code) =>
      reject(new Error(`The mail service ended (code ${code}) before it was ready:\n${printed}`)),
    );
    wrangler.once("error", reject);
  });

  // Whatever ends this process, the runtime in its own process group ends with it.
  const endWithUs = () => endGroup("SIGKILL");
  process.once("exit", endWithUs);
  void exited.then(() => process.off("exit", endWithUs));
  if (new URL(url).port !== String(listenPort)) {
    endGroup("SIGKILL");
    await exited;
    throw new Error(`Port ${listenPort} was taken, so the mail service could not listen where it was asked to.`);
  }

  return {
    url,
    apiUrl: `${url}/api/v1`,
    output: () => printed,
    events: () => [...events],
    sentEmails: () =>
      [...printed.matchAll(/send_email binding called with the following message:\s+(\S+\.eml)/g)].map(
        (match) => match[1] ?? "",
      ),
    processIds: () =>
      wrangler.pid === undefined
        ? []
        : spawnSync("pgrep", ["-g", String(wrangler.pid)], { encoding: "utf8" })
            .stdout.split("\n")
            .filter(Boolean)
            .map(Number),
    exited,
    async runCron(at, cron = "* * * * *") {
      // wrangler's own address answers at the end of the handler's first part and ignores a time; miniflare's
      // answers once the handler and all it waits for are done, at the time given.
      const response = await fetch(
        at === undefined
          ? `${url}/__scheduled?cron=${encodeURIComponent(cron)}`
          : `${url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}&time=${at}`,
      );
      if (!response.ok) throw new Error(`The cron trigger answered ${response.status}: ${await response.text()}`);
    },
    async kill() {
      endGroup("SIGKILL");
      await exited;
    },
    async close() {
      if (wrangler.exitCode === null) endGroup("SIGTERM");
      // wrangler stops workerd and its bundler on SIGTERM; one that has not within ten seconds is ended.
      const deadline = setTimeout(() => endGroup("SIGKILL"), 10_000);
      await exited;
      clearTimeout(deadline);
    },
  };
}
