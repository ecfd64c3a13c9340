import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { siteReady } from "../../../scripts/site-ready";
import { testMailService } from "./environment";

export { expect };

export interface SalesInbox {
  /**
   * The e-mail whose plain text holds `text`, once the mail service has
   * delivered it (a few seconds at most); fails the test if none arrives.
   */
  emailWith(text: string): Promise<ParsedMail>;
  /** How many e-mails delivered so far hold `text` in their plain text. */
  countWith(text: string): Promise<number>;
}

async function emailsIn(folder: string): Promise<ParsedMail[]> {
  const files = fs.readdirSync(folder).filter((file) => file.endsWith(".eml"));
  return Promise.all(files.map((file) => simpleParser(fs.readFileSync(path.join(folder, file)))));
}

interface Fixtures {
  /** The sales inbox the mail service delivers to. */
  salesInbox: SalesInbox;
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
  salesInbox: async ({}, use) => {
    await use({
      async emailWith(text) {
        let found: ParsedMail | undefined;
        await expect
          .poll(
            async () => {
              found = (await emailsIn(testMailService.inbox)).find((email) => email.text?.includes(text));
              return found !== undefined;
            },
            { message: `an e-mail holding ${JSON.stringify(text.slice(0, 80))} in the sales inbox`, timeout: 20_000 },
          )
          .toBe(true);
        return found as ParsedMail;
      },
      async countWith(text) {
        return (await emailsIn(testMailService.inbox)).filter((email) => email.text?.includes(text)).length;
      },
    });
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
