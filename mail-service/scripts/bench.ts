#!/usr/bin/env node
/**
 * `npm run bench:mail`: the mail service under load, on this computer, in
 * Cloudflare's Worker runtime (wrangler's local workerd with local D1, Queue
 * and rate limiter), while the SMTP server takes 200 ms per message.
 *
 * Paced load, as visitors arrive: after 10 s of unmeasured warm-up, 50, then
 * 100 enquiries a second for 20 s each, distinct enquiries from 20
 * connections, each timed beside the same
 * pace on an address that does no work (a 404), in the same run, which is the
 * local runtime's own floor on this machine. Then the benchmark waits for
 * every accepted enquiry to be delivered and counts the lost (neither
 * delivered nor waiting in the store) and the delivered twice.
 *
 * Budgets, at each pace: p99 answer time at most 150 ms above the no-work
 * address's p99; none lost; none delivered twice. The command exits 1 when one
 * is broken. The closed loop (20 senders that each send again as soon as they
 * are answered) is printed too, not gated: by Little's law it asks more
 * answers a second than the local runtime gives even a no-work address.
 *
 * Each enquiry carries the check the site's page sends beside it (a proof of work made for it, contract/src/
 * example-check.ts), so that each is delivered as a person's: they are made before the run, as many as it sends.
 *
 * The limits per visitor and for the whole service, and the provider's pace,
 * are raised for the run, as the load comes from one address and the provider
 * here is this computer's. Delivery here runs one queue batch at a time
 * (wrangler's local queue). wrangler logs warnings only, so that its line per
 * request is not timed with the service.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { queryDatabase } from "./database";
import { startLocalInbox } from "./local-inbox";
import { startLocalMailService } from "./local-service";
import { runCommand } from "./command";
import { CHECK_HEADER } from "enquiry-contract/enquiry-check";
import { aCheck } from "enquiry-contract/example-check";

const PACES = [50, 100];
const PACED_SECONDS = 20;
const CONNECTIONS = 20;
const CLOSED_LOOP_SECONDS = 5;
/** The closed loop sends this many enquiries (its no-work floor runs CLOSED_LOOP_SECONDS): each needs its own check. */
const CLOSED_LOOP_MOST = 2_500;
/** Unmeasured load first: the runtime compiles its code and opens its store, as a deployed Worker has long done. */
const WARM_UP_SECONDS = 10;
const SMTP_DELAY_MS = 200;
/** How far above the no-work address's p99 the enquiries' p99 may be, at each pace. */
const P99_OVER_FLOOR_BUDGET_MS = 150;
/** The wait for delivery ends when nothing more has been delivered for this long. */
const STALL_MS = 120_000;
const SITE = "http://127.0.0.1:9000";

const enquiryIdPattern = /^X-Enquiry-ID: (\S+)$/m;

/** How many e-mails the inbox folder holds for each enquiry id (read from the head of each file). */
function deliveredCopies(folder: string): Map<string, number> {
  const copies = new Map<string, number>();
  for (const file of fs.readdirSync(folder)) {
    if (!file.endsWith(".eml")) continue;
    const head = fs.readFileSync(path.join(folder, file), "utf8").slice(0, 2000);
    const id = enquiryIdPattern.exec(head)?.[1];
    if (id) copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  return copies;
}

/** The highest resident memory (VmHWM) among the processes, in MiB. */
function peakMemoryMiB(pids: number[]): number {
  let peak = 0;
  for (const pid of pids) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      const kib = Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kib / 1024);
    } catch {
      // The process has ended.
    }
  }
  return peak;
}

/** Checks as the page makes them, one for each enquiry the run sends, made beforehand. */
async function makeChecks(count: number): Promise<string[]> {
  const checks: string[] = [];
  while (checks.length < count) checks.push(...(await Promise.all(Array.from({ length: 500 }, () => aCheck()))));
  return checks;
}

/** One distinct enquiry per request, each with a check of its own from `checks`, each accepted one's id kept. */
function enquiries(accepted: Set<string>, label: string, checks: string[]): autocannon.Request[] {
  let sent = 0;
  return [
    {
      setupRequest: (request) => {
        sent += 1;
        const check = checks.pop();
        if (!check) throw new Error("The run sent more enquiries than it made checks for (makeChecks).");
        return {
          ...request,
          headers: { ...request.headers, [CHECK_HEADER]: check },
          body: JSON.stringify({
            industry: "Oil and Gas",
            name: "Fatima Al Mansoori",
            phone: "+971 50 123 4567",
            companyName: "Falcon Drilling Services",
            email: "fatima@example.com",
            message: `Benchmark enquiry ${label}-${sent}: we need on-site support for 40 laptops.`,
          }),
        };
      },
      onResponse: (status, body) => {
        if (status === 202) accepted.add((JSON.parse(body) as { id: string }).id);
      },
    },
  ];
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-mail-"));
  const inbox = await startLocalInbox({ folder: path.join(work, "inbox"), delayMs: SMTP_DELAY_MS });
  const service = await startLocalMailService({
    stateDir: path.join(work, "state"),
    vars: {
      ALLOWED_ORIGINS: SITE,
      ...inbox.serviceVars,
      DELIVERY_RATE_PER_MINUTE: "10000",
      SERVICE_LIMIT_PER_MINUTE: "100000",
    },
    adjust: (config) => {
      for (const limiter of config.ratelimits) limiter.simple.limit = 1_000_000;
    },
    logLevel: "warn",
  });
  const database = { remote: false as const, state: path.join(work, "state") };
  const workerd = service.processIds();
  let closing = false;
  // A runtime that dies under the load would otherwise show only as refusals.
  void service.exited.then((code) => {
    if (!closing)
      console.error(
        `\nThe mail service's runtime ended (exit code ${code}) during the run:\n${service.output().slice(-3000)}`,
      );
  });
  // Paced runs send at most their pace for their seconds; autocannon's rate keeps under it.
  const sends = WARM_UP_SECONDS * (PACES[0] ?? 0) + PACES.reduce((sum, pace) => sum + pace * PACED_SECONDS, 0);
  console.log("Making a check for each enquiry, as the page makes one...");
  const checks = await makeChecks(sends + CLOSED_LOOP_MOST);
  const post = { method: "POST" as const, headers: { Origin: SITE, "Content-Type": "application/json" } };
  const accepted = new Set<string>();
  const broken: string[] = [];
  let refused = 0;

  try {
    console.log(`Warming up: ${PACES[0]} a second for ${WARM_UP_SECONDS} s, not measured...`);
    await autocannon({
      url: `${service.apiUrl}/mail-sender`,
      connections: CONNECTIONS,
      overallRate: PACES[0],
      duration: WARM_UP_SECONDS,
      ...post,
      requests: enquiries(accepted, "warm-up", checks),
    });
    const rows: string[] = [];
    for (const pace of PACES) {
      console.log(`${pace} a second for ${PACED_SECONDS} s: the no-work address, then enquiries...`);
      const floor = await autocannon({
        url: `${service.url}/`,
        connections: CONNECTIONS,
        overallRate: pace,
        duration: PACED_SECONDS,
      });
      const load = await autocannon({
        url: `${service.apiUrl}/mail-sender`,
        connections: CONNECTIONS,
        overallRate: pace,
        duration: PACED_SECONDS,
        ...post,
        requests: enquiries(accepted, `paced-${pace}`, checks),
      });
      refused += load.non2xx + load.errors + load.timeouts;
      const over = load.latency.p99 - floor.latency.p99;
      rows.push(
        `${String(pace).padStart(4)} a second:  p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms; no-work p99 ${floor.latency.p99} ms; ${over} ms above (budget ${P99_OVER_FLOOR_BUDGET_MS})`,
      );
      if (over > P99_OVER_FLOOR_BUDGET_MS)
        broken.push(`at ${pace} a second, p99 is ${over} ms above the no-work address's`);
    }

    console.log(`${CONNECTIONS} senders in a closed loop, ${CLOSED_LOOP_MOST} enquiries (printed, not gated)...`);
    const closedFloor = await autocannon({
      url: `${service.url}/`,
      connections: CONNECTIONS,
      duration: CLOSED_LOOP_SECONDS,
    });
    const closed = await autocannon({
      url: `${service.apiUrl}/mail-sender`,
      connections: CONNECTIONS,
      amount: CLOSED_LOOP_MOST,
      ...post,
      requests: enquiries(accepted, "closed", checks),
    });
    refused += closed.non2xx + closed.errors + closed.timeouts;
    const answerPeak = peakMemoryMiB(workerd);

    // Wait for delivery while it progresses.
    let copies = deliveredCopies(inbox.folder);
    let lastProgress = Date.now();
    let lastCount = copies.size;
    let lastReport = 0;
    while ([...accepted].some((id) => !copies.has(id)) && Date.now() - lastProgress < STALL_MS) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      copies = deliveredCopies(inbox.folder);
      if (copies.size > lastCount) {
        lastCount = copies.size;
        lastProgress = Date.now();
      }
      if (Date.now() - lastReport > 15_000) {
        console.log(`  delivered ${copies.size} of ${accepted.size}...`);
        lastReport = Date.now();
      }
    }
    const waiting = new Set(
      (await queryDatabase<{ id: string }>("SELECT id FROM enquiries WHERE status != 'delivered'", database)).map(
        (row) => row.id,
      ),
    );
    const lost = [...accepted].filter((id) => !copies.has(id) && !waiting.has(id));
    const stillWaiting = [...accepted].filter((id) => !copies.has(id) && waiting.has(id));
    const twice = [...copies.values()].filter((count) => count > 1).length;

    console.log("");
    console.log("Paced load (answer times):");
    for (const row of rows) console.log(`  ${row}`);
    console.log(
      `Closed loop, ${CONNECTIONS} senders:  ${(closed.requests.total / closed.duration).toFixed(0)} answers a second, p50 ${closed.latency.p50} ms, p99 ${closed.latency.p99} ms; no-work ${(closedFloor.requests.total / CLOSED_LOOP_SECONDS).toFixed(0)} a second, p99 ${closedFloor.latency.p99} ms`,
    );
    console.log(`Accepted enquiries:      ${accepted.size}`);
    console.log(`Refused or failed:       ${refused}`);
    console.log(`Peak memory (runtime):   ${Math.max(answerPeak, peakMemoryMiB(workerd)).toFixed(0)} MiB`);
    console.log(`Delivered:               ${[...accepted].filter((id) => copies.has(id)).length}`);
    console.log(`Waiting in the store:    ${stillWaiting.length}`);
    console.log(`Lost:                    ${lost.length} (budget: 0)`);
    console.log(`Delivered twice:         ${twice} (budget: 0)`);

    if (lost.length > 0) broken.push(`${lost.length} accepted enquiries were lost`);
    if (twice > 0) broken.push(`${twice} enquiries were delivered twice`);
    if (refused > 0) broken.push(`${refused} enquiries were not accepted`);
    if (broken.length > 0) {
      console.error(`\nBudget broken: ${broken.join("; ")}.`);
      process.exitCode = 1;
    }
  } finally {
    closing = true;
    await Promise.all([service.close(), inbox.close()]);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

runCommand(main);
