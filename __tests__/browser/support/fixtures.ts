import fs from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import { siteReady } from "../../../scripts/site-ready";
import { testMailService, testSite } from "./environment";
import type { StandInOptions } from "./test-mail-service";

export { expect };

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
  /**
   * Sets up the mail-service stand-in behind the address the site was built
   * for; taken away after the test. Until then, that address answers as a
   * service that is not running.
   */
  startMailService: (options?: Pick<StandInOptions, "delayMs" | "status" | "allowedOrigins">) => Promise<MailStandIn>;
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
  startMailService: async ({}, use, testInfo) => {
    const standIn = `${testMailService.controlUrl}/stand-in`;
    let setUp = false;
    await use(async (options = {}) => {
      // In the test's own output folder, so that every test, in every copy of the project, has its own.
      const outbox = testInfo.outputPath("enquiries.jsonl");
      const log = testInfo.outputPath("requests.jsonl");
      fs.rmSync(outbox, { force: true });
      fs.rmSync(log, { force: true });
      const response = await fetch(standIn, {
        method: "PUT",
        body: JSON.stringify({ outbox, log, allowedOrigins: [testSite.url], ...options }),
      });
      expect(response.status, await response.text()).toBe(204);
      setUp = true;
      const requests = () => readLines<LoggedRequest>(log);
      return {
        url: testMailService.apiUrl,
        requests,
        posts: () => requests().filter((request) => request.method === "POST"),
        enquiries: () => readLines<ReceivedEnquiry>(outbox),
      };
    });
    if (setUp) await fetch(standIn, { method: "DELETE" });
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
