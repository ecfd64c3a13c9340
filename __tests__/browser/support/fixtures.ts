import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { siteReady } from "../../../scripts/site-ready.mjs";
import { MAIL_PORT, SITE_URL } from "./environment";

export { expect };

interface StandInOptions {
  delayMs?: number;
  status?: number;
  allowedOrigins?: string[];
}

/** A request as the stand-in's log notes it. */
interface LoggedRequest {
  method: string;
  origin: string | null;
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** An enquiry as the stand-in's outbox holds it. */
interface ReceivedEnquiry {
  receivedAt: string;
  origin: string | null;
  enquiry: Record<string, unknown>;
}

export interface MailStandIn {
  url: string;
  /** Every request it answered, preflights included, in order. */
  requests: () => LoggedRequest[];
  /** The POST requests among them. */
  posts: () => LoggedRequest[];
  /** What it wrote to its outbox. */
  enquiries: () => ReceivedEnquiry[];
}

const readLines = <T>(file: string): T[] =>
  fs.existsSync(file)
    ? fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T)
    : [];

interface Fixtures {
  /** Starts the mail-service stand-in on the port the site was built for; stopped after the test. */
  startMailService: (options?: StandInOptions) => Promise<MailStandIn>;
  /** Console errors and uncaught exceptions seen during the test. */
  browserErrors: string[];
  /**
   * The site never opens an alert or confirm dialog; one that opens means a
   * script ran that the site did not write (content turned into markup, say).
   * Every test fails on it.
   */
  noDialogs: void;
}

export const test = base.extend<Fixtures>({
  startMailService: async ({}, use) => {
    const running: { close: () => Promise<void> }[] = [];
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "mail-outbox-"));
    const { startMailStandIn } = await import("../../../scripts/mail-stand-in.mjs");
    await use(async (options = {}) => {
      const outbox = path.join(folder, `enquiries-${running.length}.jsonl`);
      const log = path.join(folder, `requests-${running.length}.jsonl`);
      const standIn = await startMailStandIn({ port: MAIL_PORT, outbox, log, allowedOrigins: [SITE_URL], ...options });
      running.push(standIn);
      const requests = () => readLines<LoggedRequest>(log);
      return {
        url: standIn.url,
        requests,
        posts: () => requests().filter((request) => request.method === "POST"),
        enquiries: () => readLines<ReceivedEnquiry>(outbox),
      };
    });
    await Promise.all(running.map((standIn) => standIn.close()));
    fs.rmSync(folder, { recursive: true, force: true });
  },
  noDialogs: [
    async ({ page }, use) => {
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await use();
      expect(dialogs, "dialogs the page opened").toEqual([]);
    },
    { auto: true },
  ],
  browserErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
  },
});

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function openPage(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.waitForFunction(siteReady);
}

/**
 * Stops the page's fake clock (installed with page.clock.install) so that
 * only runFor moves it and timing does not depend on the machine. Until now
 * the clock has followed real time, and it may step past a moment read from
 * the page before the pause reaches it, so the pause aims a second ahead.
 */
export async function freezeClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}
