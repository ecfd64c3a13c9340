import { createRequire } from "node:module";
import { chromium, type Browser, type Page } from "@playwright/test";
import type axe from "axe-core";
import { chromiumArgs, chromiumPath } from "../chromium";
import { siteReady } from "../site-ready";
import type { AuditPage, AxeResult } from "./report-types";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * axe-core in Chromium on every page: at phone and desktop width, with the
 * phone menu open, and with the check-availability popup open.
 */
export async function runAxe(baseUrl: string, pages: AuditPage[]): Promise<AxeResult[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const results: AxeResult[] = [];
  try {
    for (const page of pages) {
      for (const width of [375, 1280]) {
        results.push(await audit(browser, page, width, "menu closed", `${baseUrl}${page.path}`));
        if (width < 768) {
          results.push(
            await audit(browser, page, width, "menu open", `${baseUrl}${page.path}`, async (tab) => {
              // The menu button, whatever its label in the page's language.
              await tab.locator('button[aria-controls="site-menu"]').click();
              await tab.locator("#site-menu").waitFor({ state: "visible" });
            }),
          );
        }
        results.push(
          await audit(browser, page, width, "popup open", `${baseUrl}${page.path}#check-availability`, async (tab) => {
            await tab.getByRole("dialog").waitFor({ state: "visible" });
          }),
        );
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

async function audit(
  browser: Browser,
  page: AuditPage,
  width: number,
  state: string,
  url: string,
  prepare?: (tab: Page) => Promise<void>,
): Promise<AxeResult> {
  // axe is injected as a script, which the site's Content-Security-Policy rightly refuses.
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  const tab = await context.newPage();
  await tab.goto(url, { waitUntil: "networkidle" });
  await tab.waitForFunction(siteReady);
  if (prepare) await prepare(tab);
  await tab.addScriptTag({ path: axePath });
  const violations = await tab.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ["violations"],
    });
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((node) => node.target.join(" ")),
    }));
  });
  await context.close();
  return { page: page.name, state: `${width}px, ${state}`, violations };
}
