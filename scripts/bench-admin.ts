#!/usr/bin/env node
/**
 * The editor's first load on a phone: /admin/ of the production build, served
 * by nginx over https and HTTP/2 with the site's own configuration (gzip, the
 * editor's policy), opened with an empty cache on Lighthouse's phone (390 ×
 * 844, its slow-4G network and a CPU four times slower, applied for real).
 * Prints, as medians of the rounds, the time until the sign-in button is on
 * screen, the bytes sent over the network and the requests.
 *
 * `--editor <folder>` measures another editor the same way: a folder holding
 * its page at admin/ (docs/decisions.md says how the alternative to Decap was
 * set up and measured).
 *
 *   npm run bench:admin [-- --rounds 3] [-- --no-build] [-- --editor <folder>]
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { chromiumArgs, chromiumPath, PHONE } from "./chromium";
import { runCommand } from "./cli";
import { startNginx } from "./nginx";

const project = path.resolve(__dirname, "..");

interface Load {
  ms: number;
  bytes: number;
  requests: number;
}

/** One first load, with nothing cached: until a button naming the sign-in is visible. */
async function firstLoad(browser: Browser, url: string, ready: RegExp): Promise<Load> {
  const context = await browser.newContext({
    viewport: PHONE.viewport,
    isMobile: true,
    hasTouch: true,
    ignoreHTTPSErrors: true,
  });
  try {
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send("Network.enable");
    await devtools.send("Network.emulateNetworkConditions", { offline: false, ...PHONE.network });
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
    let bytes = 0;
    let requests = 0;
    devtools.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
      requests += 1;
    });
    const started = performance.now();
    await page.goto(url, { waitUntil: "commit" });
    await page.getByRole("button", { name: ready }).first().waitFor({ state: "visible", timeout: 120_000 });
    return { ms: performance.now() - started, bytes, requests };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: "string", default: "3" },
      "no-build": { type: "boolean", default: false },
      editor: { type: "string" },
      ready: { type: "string", default: "GitHub" },
    },
  });
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error("--rounds takes a whole number of rounds, 1 or more.");
  if (!values.editor && !values["no-build"]) {
    const built = spawnSync("npx", ["gatsby", "build"], {
      cwd: project,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        GATSBY_TELEMETRY_DISABLED: "1",
        // The editor's page is measured, not the form: any mail service address builds.
        GATSBY_MAIL_API_URL: process.env.GATSBY_MAIL_API_URL ?? "http://127.0.0.1:9/api/v1",
        // The deployed editor signs in with GitHub: the build needs a repository to name.
        CMS_REPO: process.env.CMS_REPO ?? "example/website",
      },
    });
    if (built.status !== 0) console.error(`${built.stdout}${built.stderr}`.slice(-4000));
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const root = values.editor ? path.resolve(values.editor) : path.join(project, "public");
  const site = await startNginx({ root, tls: true });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, "--ignore-certificate-errors"],
  });
  try {
    const loads: Load[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      loads.push(await firstLoad(browser, `${site.url}/admin/`, new RegExp(values.ready, "i")));
      process.stderr.write(`round ${round} of ${rounds}\n`);
    }
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
    console.log(`\nThe editor's first load on a phone (${root}/admin/), medians of ${rounds} rounds`);
    console.log(`${"sign-in on screen".padEnd(22)}${`${(median(loads.map((load) => load.ms)) / 1000).toFixed(1)} s`}`);
    console.log(`${"sent over the network".padEnd(22)}${kib(median(loads.map((load) => load.bytes)))}`);
    console.log(`${"requests".padEnd(22)}${median(loads.map((load) => load.requests))}`);
  } finally {
    await browser.close();
    await site.close();
  }
}

runCommand(main);
