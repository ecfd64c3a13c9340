import type { Locator, Page } from "@playwright/test";
import { AVAILABILITY_HASH } from "../../src/lib/availability";
import { fillTemplate } from "../../src/lib/fill-template";
import { languages, localizedPath, type Language } from "../../contract/src/languages";
import { contents, pagesIn } from "../support/content";
import { expect, openPage, test } from "./support/fixtures";
import { testMailService, testSite } from "./support/environment";
import { focusedElement, freeBand, hiddenParts } from "./support/in-view";

/**
 * What the visitor acts on and is told stays in view, clear of the fixed top
 * bar and chat bar: the form's answer after Send, in the page and in the
 * popup; a hash link's target; every control the keyboard reaches, on every
 * page (WCAG 2.2's 2.4.11 and 2.4.12, focus not obscured); and, on a screen
 * too short for both bars, the bars shrink to leave the page three quarters
 * of it.
 */

const mailSender = `${testMailService.apiUrl}/mail-sender`;
/** The same pages at an address the mail service does not allow: the enquiry is refused and fails. */
const refusedSite = testSite.url.replace("127.0.0.1", "localhost");

/** Pages the keyboard goes through: each page of the site, the not-found page, and the popup over a page. */
function stopsIn(language: Language) {
  return [
    ...pagesIn(language.code).map(({ path }) => path),
    localizedPath("/no-such-page/", language.code),
    `${localizedPath("/service", language.code)}${AVAILABILITY_HASH}`,
  ];
}

/** Tabs through a page from its start until focus comes round again, and lists what the keyboard reached but hid. */
async function hiddenFocus(page: Page): Promise<{ reached: number; hidden: string[] }> {
  const seen = new Set<string>();
  const hidden: string[] = [];
  for (let step = 0; step < 150; step += 1) {
    await page.keyboard.press("Tab");
    const focused = await focusedElement(page);
    if (focused === null) continue;
    if (seen.has(focused.stop)) break;
    seen.add(focused.stop);
    const problems = await hiddenParts(page.locator(":focus"));
    if (problems.length > 0) hidden.push(`${focused.name}: ${problems.join("; ")}`);
  }
  return { reached: seen.size, hidden };
}

for (const language of languages) {
  const { enquiryFormYaml: form, contactYaml: contact, siteYaml: site } = contents[language.code];
  const first = language === languages[0];

  test.describe(language.name, () => {
    for (const [width, height] of [
      [375, 700],
      [768, 1024],
      [1280, 800],
      [1920, 1080],
    ] as const) {
      for (const where of ["page", "popup"] as const) {
        // The failure at every size, in the page and in the popup: its answer is the larger, the other ways to reach
        // the company under it. The thanks, which takes the same place, once in each: in the page on a desktop every
        // day in the first language, in the popup on a phone in the second.
        for (const outcome of ["thanks", "failure"] as const) {
          const thanksAt = first ? where === "page" && width === 1280 : where === "popup" && width === 375;
          if (outcome === "thanks" && !thanksAt) continue;
          const everyday =
            (first && width === 1280 && where === "page" && outcome === "thanks") ||
            (!first && width === 375 && where === "popup" && outcome === "failure");
          test(
            `at ${width} × ${height} px, the ${outcome} after Send in the ${where} stands wholly between the bars`,
            { tag: everyday ? [] : ["@full"] },
            async ({ page }) => {
              await page.setViewportSize({ width, height });
              const origin = outcome === "failure" ? refusedSite : "";
              const address =
                where === "page"
                  ? localizedPath("/contact", language.code)
                  : `${localizedPath("/about", language.code)}${AVAILABILITY_HASH}`;
              await openPage(page, `${origin}${address}`);
              const scope: Locator =
                where === "page" ? page.getByRole("main") : page.getByRole("dialog", { name: form.popupTitle });
              await scope.getByLabel(form.nameLabel, { exact: true }).fill("Khalid Al Marri");
              await scope.getByLabel(form.messageLabel, { exact: true }).fill("Two printers keep jamming.");

              // The answer is held back while the button says it is sending: sent with Enter from the first field,
              // the button must come into view to say so.
              let answer = () => {};
              const held = new Promise<void>((resolve) => (answer = resolve));
              await page.route(mailSender, async (route) => {
                await held;
                await route.continue();
              });
              await scope.getByLabel(form.nameLabel, { exact: true }).press("Enter");
              const sending = scope.getByRole("button", { name: form.sendingLabel });
              await expect(sending).toBeDisabled();
              expect(await hiddenParts(sending), "the button while sending").toEqual([]);
              answer();

              const message = scope.getByRole("status");
              await expect(message).toHaveText(
                outcome === "thanks"
                  ? fillTemplate(form.successMessage, { company: site.companyName })
                  : form.failureMessage,
              );
              await expect(scope.getByRole("textbox")).toHaveCount(0);
              expect(await hiddenParts(message.locator("p")), `the ${outcome}`).toEqual([]);
              await expect(message.locator("p")).toBeFocused();
              if (outcome === "failure") {
                // No dead end: every other way to reach the company, as links, in view under the message.
                const answerBox = message.locator("..");
                const ways = [
                  ...contact.phones.map(({ number }) => answerBox.getByRole("link", { name: number, exact: true })),
                  answerBox.getByRole("link", { name: contact.salesEmail, exact: true }),
                  answerBox.getByRole("link", { name: contact.chatPanelLink, exact: true }),
                ];
                for (const way of ways) {
                  await expect(way).toBeVisible();
                  expect(await hiddenParts(way), await way.innerText()).toEqual([]);
                }
                await expect(ways.at(-1) as Locator).toHaveAttribute("href", contact.chatUrl);
              }
            },
          );
        }
      }
    }

    test("a link to a part of a page lands with that part below the top bar", { tag: "@full" }, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 700 });
      await openPage(page, localizedPath("/about", language.code));
      const target = page.getByRole("contentinfo").getByRole("heading").nth(1);
      const id = await target.getAttribute("id");
      await page.evaluate((hash) => (window.location.hash = hash), `#${id}`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(await hiddenParts(target)).toEqual([]);
    });

    // Every stop of every page, on a phone and wider, in each language: the full suite's (the everyday suite has the
    // thanks and failure after Send between the bars, and the top bar's share of a phone on its side). The first
    // language at the narrowest phone and on a desktop, the second on a phone and a tablet, each below the width at
    // which the top bar shows its links.
    for (const width of first ? [320, 1280] : [375, 768]) {
      test(
        `at ${width} px, nothing the keyboard reaches is hidden by a bar, on any page or in the popup`,
        { tag: "@full" },
        async ({ page }) => {
          test.setTimeout(180_000);
          await page.setViewportSize({ width, height: 700 });
          const hidden: string[] = [];
          for (const address of stopsIn(language)) {
            await openPage(page, address);
            const { reached, hidden: here } = await hiddenFocus(page);
            expect(reached, `stops reached on ${address}`).toBeGreaterThan(3);
            hidden.push(...here.map((problem) => `${address}: ${problem}`));
          }
          expect(hidden).toEqual([]);
        },
      );
    }

    // A phone on its side, and a 1280 × 800 laptop at 200% zoom (which lays the page out 640 px wide and 400 tall).
    for (const [width, height] of [
      [740, 360],
      [640, 400],
    ] as const) {
      test(
        `at ${width} × ${height} px, the bars over the page take at most a quarter of the screen's height`,
        { tag: "@full" },
        async ({ page }) => {
          await page.setViewportSize({ width, height });
          for (const address of pagesIn(language.code).map(({ path }) => path)) {
            await openPage(page, address);
            for (const scrolled of [0, 400]) {
              await page.evaluate((y) => window.scrollTo(0, y), scrolled);
              const band = await freeBand(page);
              expect(band.top + (band.height - band.bottom), `${address}, scrolled ${scrolled} px`).toBeLessThanOrEqual(
                height / 4,
              );
            }
            // The chat button may show its icon alone; it keeps its label as its name.
            await expect(page.getByRole("link", { name: contact.chatLabel, exact: true })).toBeVisible();
            await expect(page.getByRole("banner").getByRole("link", { name: site.companyName })).toBeAttached();
          }
        },
      );
    }
  });
}
