/**
 * Serves the built site with Debian's nginx, configured as the site deploys
 * to it: the server blocks of deploy/nginx-site.conf with the rules the build
 * writes (deploy/nginx-headers.conf), listening on 127.0.0.1 (the site's
 * block in place of https, the redirecting one in place of plain http). The browser
 * tests, the audit and the nginx host test use it: a host's own server,
 * answering in a millisecond. nginx runs as one process of this user, with
 * everything it writes in a folder of its own.
 *
 * The site's block answers plain http unless `tls` is asked for: then it
 * speaks https and HTTP/2 as deployed, with a certificate made for 127.0.0.1
 * on the spot, which a browser must be told to accept
 * (--ignore-certificate-errors). The audit measures the pages that way, since
 * how a browser fetches a page's files depends on the protocol.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePortSync } from "./free-ports";
import { localCertificate, type Certificate } from "./local-certificate";

/** Debian's nginx, unless NGINX_PATH names another. */
export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

const project = path.resolve(__dirname, "..");

/** The site's server blocks, pointed at a build and listening on 127.0.0.1, with or without TLS. */
function serverBlocks(root: string, port: number, plainPort: number, tls: Certificate | null): string {
  return fs
    .readFileSync(path.join(project, "deploy", "nginx-site.conf"), "utf8")
    .split("\n")
    .filter((line) => !/^\s*#/.test(line) && (tls || !/^\s*ssl_/.test(line)))
    .map((line) =>
      line
        .replace(/^(\s*)listen\s+80;/, `$1listen 127.0.0.1:${plainPort};`)
        .replace(/^(\s*)listen\s+443([^;]*);/, (_, indent: string, options: string) =>
          tls ? `${indent}listen 127.0.0.1:${port}${options};` : `${indent}listen 127.0.0.1:${port};`,
        )
        .replace(/^(\s*)ssl_certificate\s[^;]*;/, `$1ssl_certificate ${tls?.certificate};`)
        .replace(/^(\s*)ssl_certificate_key\s[^;]*;/, `$1ssl_certificate_key ${tls?.key};`)
        .replace(/^(\s*)root\s[^;]*;/, `$1root ${path.resolve(root)};`)
        .replace(
          /^(\s*)include\s+\S*nginx-headers\.conf;/,
          `$1include ${path.join(project, "deploy", "nginx-headers.conf")};`,
        ),
    )
    .join("\n");
}

function configuration(folder: string, root: string, port: number, plainPort: number, tls: Certificate | null): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
    (kind) => `    ${kind}_temp_path ${folder}/${kind};`,
  );
  return [
    "daemon off;",
    "master_process off;",
    `pid ${folder}/nginx.pid;`,
    `error_log ${folder}/error.log warn;`,
    "events { worker_connections 256; }",
    "http {",
    "    include /etc/nginx/mime.types;",
    "    default_type application/octet-stream;",
    "    access_log off;",
    ...temp,
    serverBlocks(root, port, plainPort, tls),
    "}",
    "",
  ].join("\n");
}

export interface Nginx {
  url: string;
  /** The block that answers plain http (port 80 when deployed). */
  plainUrl: string;
  /** What `nginx -t` said of the configuration. */
  configTest: string;
  close(): Promise<void>;
}

/** Whether nginx answers: its plain block, which it opens with the site's, answers without a certificate. */
async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { redirect: "manual" })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

export async function startNginx({ root, tls = false }: { root: string; tls?: boolean }): Promise<Nginx> {
  if (!fs.existsSync(NGINX)) {
    throw new Error(
      `The tests serve the site with Debian's nginx, and there is none at ${NGINX}: sudo apt-get install -y nginx`,
    );
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-"));
  const conf = path.join(folder, "nginx.conf");
  const certificate = tls ? localCertificate(folder) : null;
  // A port found free may be taken before nginx binds it; then another is tried.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = freePortSync();
    const plainPort = freePortSync();
    fs.writeFileSync(conf, configuration(folder, root, port, plainPort, certificate));
    const check = spawnSync(NGINX, ["-t", "-p", folder, "-c", conf], { encoding: "utf8" });
    const configTest = `${check.stdout}${check.stderr}`;
    if (check.status !== 0) throw new Error(`nginx refused the site's configuration:\n${configTest}`);
    const nginx: ChildProcess = spawn(NGINX, ["-p", folder, "-c", conf], { stdio: "ignore" });
    const exited = new Promise<void>((resolve) => nginx.once("exit", () => resolve()));
    const url = `${tls ? "https" : "http"}://127.0.0.1:${port}`;
    const plainUrl = `http://127.0.0.1:${plainPort}`;
    const deadline = Date.now() + 10_000;
    while (nginx.exitCode === null && Date.now() < deadline) {
      if (await answers(plainUrl)) {
        return {
          url,
          plainUrl,
          configTest,
          close: async () => {
            if (nginx.exitCode === null) nginx.kill("SIGQUIT");
            await exited;
            fs.rmSync(folder, { recursive: true, force: true });
          },
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (nginx.exitCode === null) nginx.kill("SIGKILL");
    await exited;
  }
  throw new Error(`nginx did not start:\n${fs.readFileSync(path.join(folder, "error.log"), "utf8")}`);
}
