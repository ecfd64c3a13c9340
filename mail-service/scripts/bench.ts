#!/usr/bin/env node
/**
 * `npm run bench:mail`: the mail service under load, on this computer, in
 * Cloudflare's Worker runtime (wrangler's local workerd with local D1, Queue
 * and rate limiter). autocannon keeps 50 senders posting distinct enquiries
 * for 30 s, each sending its next as soon as it has its answer, while the
 * SMTP server takes 200 ms per message; then the benchmark waits for every
 * accepted enquiry to be delivered.
 *
 * Prints accepted enquiries per second, answer times (p50, p99), how many
 * were delivered while the load ran (the answer does not wait for delivery),
 * the runtime's peak memory and how many accepted enquiries were lost
 * (neither delivered nor waiting in the store). For scale, the same senders
 * are first timed on an address that does no work (a 404), which is the
 * local runtime's own floor. Budgets: p99 under 50 ms and none lost; the
 * command exits 1 when one is broken.
 *
 * The rate limiter is raised for the run, as the load comes from one address.
 * Delivery here runs one queue batch at a time (wrangler's local queue), five
 * messages at once; Cloudflare runs many batches side by side. wrangler logs
 * warnings only, so that its line per request is not timed with the service.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { queryDatabase } from "./database";
import { startLocalInbox } from "./local-inbox";
import { startLocalMailService } from "./local-service";

const SENDERS = 50;
const SECONDS = 30;
const FLOOR_SECONDS = 10;
const SMTP_DELAY_MS = 200;
const P99_BUDGET_MS = 50;
/** The wait for delivery ends when nothing more has been delivered for this long. */
const STALL_MS = 120_000;
const SITE = "http://127.0.0.1:9000";

const enquiryIdPattern = /^X-Enquiry-ID: (\S+)$/m;

/** The enquiry ids of the e-mails in the inbox folder (read from the head of each file). */
function deliveredIds(folder: string): Set<string> {
  const ids = new Set<string>();
  for (const file of fs.readdirSync(folder)) {
    if (!file.endsWith(".eml")) continue;
    const head = fs.readFileSync(path.join(folder, file), "utf8").slice(0, 2000);
    const id = enquiryIdPattern.exec(head)?.[1];
    if (id) ids.add(id);
  }
  return ids;
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

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-mail-"));
  const inbox = await startLocalInbox({ folder: path.join(work, "inbox"), delayMs: SMTP_DELAY_MS });
  const service = await startLocalMailService({
    stateDir: path.join(work, "state"),
    vars: {
      ALLOWED_ORIGINS: SITE,
      MAIL_TRANSPORT: "smtp",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(inbox.port),
      SMTP_SECURITY: "none",
      SMTP_AUTH: "none",
    },
    adjust: (config) => {
      for (const limiter of config.ratelimits) limiter.simple.limit = 1_000_000;
    },
    logLevel: "warn",
  });
  const database = { remote: false as const, state: path.join(work, "state") };
  const workerd = service.processIds();

  try {
    console.log(`${SENDERS} senders for ${FLOOR_SECONDS} s on an address that does no work...`);
    const floor = await autocannon({ url: `${service.url}/`, connections: SENDERS, duration: FLOOR_SECONDS });

    let sent = 0;
    const accepted = new Set<string>();
    console.log(`${SENDERS} senders for ${SECONDS} s; the SMTP server takes ${SMTP_DELAY_MS} ms per message...`);
    const result = await autocannon({
      url: `${service.apiUrl}/mail-sender`,
      connections: SENDERS,
      duration: SECONDS,
      method: "POST",
      headers: { Origin: SITE, "Content-Type": "application/json" },
      requests: [
        {
          setupRequest: (request) => {
            sent += 1;
            return {
              ...request,
              body: JSON.stringify({
                industry: "Oil and Gas",
                name: "Fatima Al Mansoori",
                phone: "+971 50 123 4567",
                companyName: "Falcon Drilling Services",
                email: "fatima@example.com",
                message: `Benchmark enquiry ${sent}: we need on-site support for 40 laptops.`,
              }),
            };
          },
          onResponse: (status, body) => {
            if (status === 202) accepted.add((JSON.parse(body) as { id: string }).id);
          },
        },
      ],
    });
    const answerPeak = peakMemoryMiB(workerd);
    const refused = result.non2xx + result.errors + result.timeouts;
    const deliveredDuringLoad = deliveredIds(inbox.folder).size;

    // Wait for delivery while it progresses.
    let delivered = deliveredIds(inbox.folder);
    let lastProgress = Date.now();
    let lastCount = delivered.size;
    let lastReport = 0;
    while ([...accepted].some((id) => !delivered.has(id)) && Date.now() - lastProgress < STALL_MS) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      delivered = deliveredIds(inbox.folder);
      if (delivered.size > lastCount) {
        lastCount = delivered.size;
        lastProgress = Date.now();
      }
      if (Date.now() - lastReport > 15_000) {
        console.log(`  delivered ${delivered.size} of ${accepted.size}...`);
        lastReport = Date.now();
      }
    }
    const waiting = new Set(
      (await queryDatabase<{ id: string }>("SELECT id FROM enquiries WHERE status != 'delivered'", database)).map(
        (row) => row.id,
      ),
    );
    const lost = [...accepted].filter((id) => !delivered.has(id) && !waiting.has(id));
    const stillWaiting = [...accepted].filter((id) => !delivered.has(id) && waiting.has(id));

    const p99 = result.latency.p99;
    console.log("");
    console.log(`Accepted enquiries:      ${accepted.size} (${(accepted.size / SECONDS).toFixed(0)} per second)`);
    console.log(`Refused or failed:       ${refused}`);
    console.log(
      `Answer time p50 / p99:   ${result.latency.p50} ms / ${p99} ms (budget: p99 under ${P99_BUDGET_MS} ms)`,
    );
    console.log(`  an address doing no work, same senders: ${floor.latency.p50} ms / ${floor.latency.p99} ms`);
    console.log(`Delivered during the load: ${deliveredDuringLoad}`);
    console.log(`Peak memory (runtime):   ${Math.max(answerPeak, peakMemoryMiB(workerd)).toFixed(0)} MiB`);
    console.log(`Delivered:               ${[...accepted].filter((id) => delivered.has(id)).length}`);
    console.log(`Waiting in the store:    ${stillWaiting.length}`);
    console.log(`Lost:                    ${lost.length} (budget: 0)`);

    const broken = [
      ...(p99 >= P99_BUDGET_MS ? [`p99 answer time ${p99} ms is not under ${P99_BUDGET_MS} ms`] : []),
      ...(lost.length > 0 ? [`${lost.length} accepted enquiries were lost`] : []),
      ...(refused > 0 ? [`${refused} enquiries were not accepted`] : []),
    ];
    if (broken.length > 0) {
      console.error(`\nBudget broken: ${broken.join("; ")}.`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all([service.close(), inbox.close()]);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
