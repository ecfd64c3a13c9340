/**
 * `npm run bench:spam`: the spam policy (mail-service/src/core/spam.ts) measured on the built site and its mail
 * service in Cloudflare's runtime, as the browser tests serve them (__tests__/browser/support/serve-site.ts), against
 * the corpora of mail-service/test/spam-corpus.ts:
 *
 * - people's enquiries, with the check a person's page sends; spam typed at a person's pace, the same; scripts
 *   posting the six fields straight at the API (no check, a made-up one, one page's check copied to every post);
 *   all through the service's own address, each held or delivered as the operator's `spam` lists it;
 * - on Lighthouse's phone (its CPU and network throttling, through the DevTools protocol) in Chromium: browser
 *   robots filling every field of the page's form at once; a person typing in each language, timed from the first
 *   key to the proof being ready (the page's performance mark), and from Send to the thank-you, split into the
 *   check's wait before the request leaves and the request itself; and a Send a moment after the first key, the
 *   proof's worst case.
 *
 * Prints held and delivered per kind, the false positives per language, and the times; exits 1 when a target is
 * missed: no person's enquiry held, every script's and robot's held (a copied check's first use is a person's
 * alike, and passes), three in four typed spams held, the proof ready within 2 s of the first key in every round,
 * and the check's wait at Send no more than 50 ms (Send to thank-you no slower than the request alone).
 *
 *   npm run bench:spam [-- --rounds 5] [-- --no-build]
 */
import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { chromium, type Browser, type Page } from "@playwright/test";
import { CHECK_HEADER, encodeCheck } from "../contract/src/enquiry-check";
import { aCheck } from "../contract/src/example-check";
import type { Enquiry } from "../contract/src/fields";
import { LEGITIMATE, ROBOT_MESSAGES, TYPED_SPAM, type CorpusEnquiry } from "../mail-service/test/spam-corpus";
import { BEGAN_ATTRIBUTE } from "../src/lib/early-controls";
import { PROOF_MARK } from "../src/lib/enquiry-check";
import { content, contents } from "../__tests__/support/content";
import { chromiumArgs, chromiumPath, PHONE } from "./chromium";
import { runCommand } from "./cli";
import { siteReady } from "./site-ready";

const project = path.resolve(__dirname, "..");
const PROOF_READY_BUDGET_MS = 2_000;
const CHECK_WAIT_BUDGET_MS = 50;
const PERSON_KEY_MS = 60;

function rounds(): number {
  const index = process.argv.indexOf("--rounds");
  const value = index >= 0 ? Number(process.argv[index + 1]) : 5;
  if (!Number.isInteger(value) || value < 1) {
    console.error("--rounds takes a whole number of rounds, 1 or more.");
    process.exit(2);
  }
  return value;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

interface Served {
  site: string;
  api: string;
  state: string;
  stop(): Promise<void>;
}

/** The built site and its mail service, as the browser tests' web server serves them. */
async function serve(build: boolean): Promise<Served> {
  const server = spawn(path.join(project, "node_modules", ".bin", "tsx"), ["__tests__/browser/support/serve-site.ts"], {
    cwd: project,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", ...(build ? {} : { SKIP_BUILD: "1" }) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<RegExpExecArray>((resolve, reject) => {
    let printed = "";
    server.stdout.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /Test site at (\S+), mail service at (\S+), its inbox at (\S+)/.exec(printed);
      if (found) resolve(found);
    });
    server.once("exit", (code) => reject(new Error(`The site and its mail service did not start (exit ${code}).`)));
  });
  const [, site = "", api = "", inbox = ""] = line;
  return {
    site,
    api,
    state: path.join(path.dirname(inbox), "state"),
    stop: () =>
      new Promise((resolve) => {
        server.once("exit", () => resolve());
        server.kill("SIGTERM");
      }),
  };
}

let visitors = 0;
/** Posts straight at the service, as a script does (or as the page does, with a person's check). */
async function post(served: Served, enquiry: Enquiry, check: string | null): Promise<string> {
  visitors += 1;
  const response = await fetch(`${served.api}/mail-sender`, {
    method: "POST",
    headers: {
      Origin: served.site,
      "Content-Type": "application/json",
      "CF-Connecting-IP": `2001:db8:5a:${visitors.toString(16)}::1`,
      ...(check !== null && { [CHECK_HEADER]: check }),
    },
    body: JSON.stringify(enquiry),
  });
  if (response.status !== 202) throw new Error(`The service answered ${response.status} to an enquiry.`);
  return ((await response.json()) as { id: string }).id;
}

/** The ids and messages of what the operator's `spam` lists as held. */
async function held(served: Served): Promise<{ ids: Set<string>; messages: Set<string> }> {
  const { stdout } = await promisify(execFile)(
    path.join(project, "node_modules", ".bin", "tsx"),
    ["mail-service/scripts/operator.ts", "spam", "--json", "--state", served.state],
    { cwd: project, maxBuffer: 64 * 1024 * 1024 },
  );
  const list = JSON.parse(stdout) as { id: string; message: string }[];
  return { ids: new Set(list.map(({ id }) => id)), messages: new Set(list.map(({ message }) => message)) };
}

/** A page on the phone, nothing cached: throttled as Lighthouse throttles it. */
async function phonePage(browser: Browser): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: PHONE.viewport, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // Send's moments, by the page's own clock: the submit, the request's leaving, the thank-you's showing.
  await page.addInitScript(() => {
    const times: Record<string, number> = {};
    Object.assign(window, { sendTimes: times });
    document.addEventListener("submit", () => (times.submit ??= performance.now()), true);
    const fetched = window.fetch;
    window.fetch = (...args: Parameters<typeof fetch>) => {
      if (String(args[0]).endsWith("/mail-sender")) times.request ??= performance.now();
      return fetched(...args);
    };
    new MutationObserver(() => {
      if (times.request !== undefined && document.querySelector("main [role=status]")?.textContent?.trim())
        times.thanked ??= performance.now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const devtools = await context.newCDPSession(page);
  await devtools.send("Network.enable");
  await devtools.send("Network.emulateNetworkConditions", { offline: false, ...PHONE.network });
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
  return { page, close: () => context.close() };
}

interface PersonTimes {
  proofReadyMs: number;
  checkWaitMs: number;
  requestMs: number;
}

/** A person on the Contact page typing an enquiry: from the first key to the proof, and Send to the thank-you. */
async function personRound(
  browser: Browser,
  served: Served,
  entry: CorpusEnquiry,
  { sendAtOnce = false } = {},
): Promise<PersonTimes> {
  const { page, close } = await phonePage(browser);
  try {
    const language = entry.language;
    const words = contents[language].enquiryFormYaml;
    await page.goto(`${served.site}${language === "ar" ? "/ar" : ""}/contact/`);
    await page.waitForFunction(siteReady, null, { timeout: 120_000 });
    const main = page.getByRole("main");
    const message = main.getByLabel(words.messageLabel, { exact: true });
    const text = entry.enquiry.message || "Please call me.";
    if (sendAtOnce) await message.pressSequentially(text.slice(0, 1));
    else {
      await main.getByLabel(words.nameLabel, { exact: true }).pressSequentially(entry.enquiry.name || "Sam", {
        delay: PERSON_KEY_MS,
      });
      await message.pressSequentially(text, { delay: PERSON_KEY_MS });
    }
    let proofReadyMs = Number.NaN;
    if (!sendAtOnce) {
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PROOF_MARK);
      proofReadyMs = await page.evaluate(
        ({ mark, began }) =>
          (performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN) -
          Number(document.querySelector(`[${began}]`)?.getAttribute(began)),
        { mark: PROOF_MARK, began: BEGAN_ATTRIBUTE },
      );
    }
    await main.getByRole("button", { name: words.submitLabel }).click();
    const times = await page.waitForFunction(
      () => {
        const sent = (window as unknown as { sendTimes: Record<string, number> }).sendTimes;
        return sent.thanked !== undefined && sent;
      },
      null,
      { timeout: 60_000 },
    );
    const { submit = 0, request = 0, thanked = 0 } = (await times.jsonValue()) as Record<string, number>;
    return { proofReadyMs, checkWaitMs: request - submit, requestMs: thanked - request };
  } finally {
    await close();
  }
}

/** A browser robot: every text field of the form filled at once, the unseen ones with them, then Send. */
async function robotRound(browser: Browser, served: Served, enquiry: Enquiry): Promise<void> {
  const { page, close } = await phonePage(browser);
  try {
    await page.goto(`${served.site}/contact/`);
    await page.waitForFunction(siteReady, null, { timeout: 120_000 });
    const form = page.getByRole("main").locator("form");
    for (const field of await form.locator("input[type=text], input:not([type])").all())
      await field.fill(enquiry.name, { force: true });
    await form.locator("input[type=email]").fill(enquiry.email);
    await form.locator("input[type=tel]").fill(enquiry.phone);
    await form.locator("textarea").fill(enquiry.message);
    await form.getByRole("button", { name: content.enquiryFormYaml.submitLabel }).click();
    await page.getByRole("main").getByRole("status").waitFor({ timeout: 60_000 });
  } finally {
    await close();
  }
}

async function main() {
  const count = rounds();
  const served = await serve(!process.argv.includes("--no-build"));
  const broken: string[] = [];
  try {
    // Through the API: people and typed spam with a person's check; scripts without one, or with a copied one.
    const people = await Promise.all(
      LEGITIMATE.map(async (entry) => ({
        entry,
        id: await post(served, entry.enquiry, await aCheck({ typedMs: entry.typedMs })),
      })),
    );
    const typed = await Promise.all(
      TYPED_SPAM.map(async (entry) => ({
        entry,
        id: await post(served, entry.enquiry, await aCheck({ typedMs: entry.typedMs })),
      })),
    );
    const copied = await aCheck();
    const scripts = await Promise.all(
      ROBOT_MESSAGES.flatMap((enquiry, index) => [
        post(served, enquiry, null),
        post(
          served,
          { ...enquiry, email: `made-up.${index}@example.net` },
          encodeCheck({ trap: "", typedMs: 4_000, proof: null }),
        ),
        post(served, { ...enquiry, email: `copied.${index}@example.net` }, copied),
      ]),
    );

    // In the browser, on the phone.
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const times: PersonTimes[] = [];
    const atOnce: PersonTimes[] = [];
    const robots: Enquiry[] = [];
    try {
      for (let round = 0; round < count; round += 1) {
        const person =
          LEGITIMATE.filter(({ enquiry }) => enquiry.message.length > 20)[(round * 7) % 30] ?? LEGITIMATE[0];
        const arabic = LEGITIMATE.filter(({ language }) => language === "ar")[round] ?? person;
        times.push(
          await personRound(browser, served, round % 2 ? (arabic as CorpusEnquiry) : (person as CorpusEnquiry)),
        );
        atOnce.push(await personRound(browser, served, person as CorpusEnquiry, { sendAtOnce: true }));
        const robot = ROBOT_MESSAGES[round % ROBOT_MESSAGES.length] as Enquiry;
        const enquiry = { ...robot, message: `${robot.message} (${round}-${Math.random().toString(36).slice(2)})` };
        await robotRound(browser, served, enquiry);
        robots.push(enquiry);
      }
    } finally {
      await browser.close();
    }

    const { ids, messages } = await held(served);
    const line = (kind: string, total: number, heldCount: number) =>
      `  ${kind.padEnd(34)} ${String(heldCount).padStart(4)} held ${String(total - heldCount).padStart(4)} delivered`;
    const peopleHeld = people.filter(({ id }) => ids.has(id));
    const typedHeld = typed.filter(({ id }) => ids.has(id)).length;
    const scriptsHeld = scripts.filter((id) => ids.has(id)).length;
    const robotsHeld = robots.filter(({ message }) => messages.has(message)).length;
    console.log("\nHeld and delivered, by kind:");
    console.log(line("people's enquiries", people.length, peopleHeld.length));
    console.log(line("scripts posting at the API", scripts.length, scriptsHeld));
    console.log(line("browser robots (phone)", robots.length, robotsHeld));
    console.log(line("spam typed at a person's pace", typed.length, typedHeld));
    console.log("False positives, by language:");
    for (const language of ["en", "ar"] as const) {
      const mine = people.filter(({ entry }) => entry.language === language);
      const wrong = peopleHeld.filter(({ entry }) => entry.language === language);
      console.log(
        `  ${language}: ${wrong.length} of ${mine.length}${wrong.map(({ entry }) => `; ${entry.note}`).join("")}`,
      );
    }
    const ready = times.map(({ proofReadyMs }) => proofReadyMs);
    const waits = times.map(({ checkWaitMs }) => checkWaitMs);
    console.log(`On the phone (${count} rounds, alternately English and Arabic):`);
    console.log(
      `  proof ready after the first key   median ${median(ready).toFixed(0)} ms, slowest ${Math.max(...ready).toFixed(0)} ms`,
    );
    console.log(
      `  Send to thank-you                 median ${median(times.map((t) => t.checkWaitMs + t.requestMs)).toFixed(0)} ms: the check's wait ${median(waits).toFixed(0)} ms, then the request ${median(times.map((t) => t.requestMs)).toFixed(0)} ms (before the check, Send to thank-you was the request alone)`,
    );
    console.log(
      `  Send a moment after the first key the check's wait median ${median(atOnce.map((t) => t.checkWaitMs)).toFixed(0)} ms, slowest ${Math.max(...atOnce.map((t) => t.checkWaitMs)).toFixed(0)} ms`,
    );

    if (peopleHeld.length > 0) broken.push(`${peopleHeld.length} people's enquiries held`);
    if (scriptsHeld < scripts.length - 1) broken.push(`${scripts.length - scriptsHeld} script posts delivered`);
    if (robotsHeld < robots.length) broken.push(`${robots.length - robotsHeld} browser robots' posts delivered`);
    if (typedHeld * 4 < typed.length * 3) broken.push(`only ${typedHeld} of ${typed.length} typed spams held`);
    if (Math.max(...ready) > PROOF_READY_BUDGET_MS)
      broken.push(
        `the proof took ${Math.max(...ready).toFixed(0)} ms from the first key (budget ${PROOF_READY_BUDGET_MS})`,
      );
    if (median(waits) > CHECK_WAIT_BUDGET_MS)
      broken.push(`Send waited ${median(waits).toFixed(0)} ms for the check (budget ${CHECK_WAIT_BUDGET_MS})`);
  } finally {
    await served.stop();
  }
  if (broken.length > 0) {
    console.error(`\nMissed: ${broken.join("; ")}.`);
    process.exitCode = 1;
  } else console.log("\nEvery target met.");
}

runCommand(main);
