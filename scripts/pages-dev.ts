/**
 * Serves the built site with Cloudflare Pages' own local runtime (`wrangler
 * pages dev`, workerd), so that `npm start`, `npm run serve`, the browser
 * tests and the audit see what a host serves: its addresses and redirects,
 * the nearest 404.html with status 404, compression, and public/_headers,
 * read again whenever the build changes it; with `functions`, the site's
 * Pages Functions too (functions/: the editor's sign-in), given `vars` as
 * their settings and secrets. Kept off the network: no metrics, no update
 * check, no fetch of Cloudflare's request metadata.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { wranglerEnv } from "mail-service/wrangler";
import type { Certificate } from "./local-certificate";

/** A date wrangler knows offline; Pages' behaviour for static files does not depend on it. */
const COMPATIBILITY_DATE = "2026-05-01";

/** The site's Pages Functions: the editor's sign-in (docs/deploying.md). */
export const SITE_FUNCTIONS = path.resolve(__dirname, "..", "functions");

/** The sign-in's secrets, from an environment that has them (npm start's, npm run serve's). */
export function signInVars(env: NodeJS.ProcessEnv): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const name of ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"]) {
    const value = env[name];
    if (value) vars[name] = value;
  }
  return vars;
}

export interface PagesDevOptions {
  /** The folder to serve (public/). */
  root: string;
  /** 0 takes a free port. */
  port?: number;
  host?: string;
  /** Whether to run the site's functions/ (SITE_FUNCTIONS), as Pages runs them beside the build. */
  functions?: boolean;
  /** The functions' settings and secrets (on Cloudflare: the Pages project's variables and secrets). */
  vars?: Readonly<Record<string, string>>;
  /** Whether wrangler's output (a line per request) is shown; kept for output() either way. */
  quiet?: boolean;
  /** Speak https with this certificate, as Pages does: its functions then see https addresses. */
  tls?: Certificate;
}

export interface PagesDev {
  url: string;
  /** What wrangler printed so far. */
  output(): string;
  close(): Promise<void>;
}

export function startPagesDev({
  root,
  port = 0,
  host = "127.0.0.1",
  quiet = false,
  functions,
  vars = {},
  tls,
}: PagesDevOptions): Promise<PagesDev> {
  const project = path.resolve(__dirname, "..");
  // Its working folder and state (none for a static site) of its own, apart from any other running beside it.
  fs.mkdirSync(path.join(project, ".wrangler"), { recursive: true });
  const workFolder = fs.mkdtempSync(path.join(project, ".wrangler", "pages-dev-"));
  // wrangler runs the functions/ folder and reads .dev.vars where it is started: both are put in its own folder.
  if (functions) fs.cpSync(SITE_FUNCTIONS, path.join(workFolder, "functions"), { recursive: true });
  fs.writeFileSync(
    path.join(workFolder, ".dev.vars"),
    Object.entries(vars)
      .map(([name, value]) => `${name}=${JSON.stringify(value)}\n`)
      .join(""),
    { mode: 0o600 },
  );
  const wrangler = spawn(
    path.join(project, "node_modules", ".bin", "wrangler"),
    [
      "pages",
      "dev",
      path.resolve(root),
      `--compatibility-date=${COMPATIBILITY_DATE}`,
      `--ip=${host}`,
      `--port=${port}`,
      "--inspector-port=0",
      `--persist-to=${path.join(workFolder, "state")}`,
      ...(tls ? ["--local-protocol=https", `--https-cert-path=${tls.certificate}`, `--https-key-path=${tls.key}`] : []),
    ],
    {
      cwd: workFolder,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...wranglerEnv },
    },
  );
  let printed = "";
  const exited = new Promise<void>((resolve) =>
    wrangler.once("exit", () => {
      fs.rmSync(workFolder, { recursive: true, force: true });
      resolve();
    }),
  );
  return new Promise((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      printed += chunk.toString();
      if (!quiet) process.stdout.write(chunk);
      const ready = /Ready on (https?:\/\/\S+)/.exec(printed);
      if (ready?.[1]) {
        resolve({
          url: ready[1],
          output: () => printed,
          close: async () => {
            if (wrangler.exitCode === null) wrangler.kill("SIGTERM");
            await exited;
          },
        });
      }
    };
    wrangler.stdout.on("data", onOutput);
    wrangler.stderr.on("data", onOutput);
    wrangler.once("exit", (code) =>
      reject(new Error(`wrangler pages dev ended (code ${code}) before it served ${root}:\n${printed}`)),
    );
    wrangler.once("error", reject);
  });
}
