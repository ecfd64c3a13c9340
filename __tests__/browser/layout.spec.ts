import type { Locator } from "@playwright/test";
import { fillTemplate } from "../../src/lib/fill-template";
import { languages, localizedPath } from "../../contract/src/languages";
import { phoneHref } from "../../src/lib/phone-link";
import { contents, pagesIn } from "../support/content";
import { fixedWords } from "../support/fixed-words";
import { siteReady } from "../../scripts/site-ready";
import { expect, openPage, test } from "./support/fixtures";
import { sampledWidthsIn, widthsIn } from "./support/sampled";
import breakpoints from "../../src/styles/breakpoints.json";

/**
 * The frame of every page, in every language and at each width: the top
 * bar, the footer, the chat link, the picture row, and the rules of the
 * layout (one content column, no line of cards ending in a gap, a chat button
 * that covers no text on phones). Each page's own sections: smoke.fixedWords.ts.
 */

/** From this width up the top bar shows its links; below it, a menu button. */
const desktopWidth = 16 * Number.parseFloat(breakpoints["--lg"].replace(/^\(min-width: /, ""));

/**
 * The lines of a list as drawn: each line's items' edges and sizes, top to bottom. Unrounded: a column centred in an
 * odd number of pixels starts at a half pixel, where a card may end 0.02 px short and round the other way.
 */
async function linesOf(list: Locator) {
  return list.evaluate((element) => {
    const lines = new Map<number, DOMRect[]>();
    for (const child of element.children) {
      const box = child.getBoundingClientRect();
      lines.set(Math.round(box.top), [...(lines.get(Math.round(box.top)) ?? []), box]);
    }
    const list = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const inner = {
      left: list.left + Number.parseFloat(style.paddingLeft),
      right: list.right - Number.parseFloat(style.paddingRight),
    };
    return [...lines.values()].map((boxes) => ({
      count: boxes.length,
      left: Math.min(...boxes.map((box) => box.left)),
      right: Math.max(...boxes.map((box) => box.right)),
      widths: boxes.map((box) => box.width),
      heights: boxes.map((box) => box.height),
      // How far the line is from being centred in the list: 0 for a centred (or full) line.
      offCentre: Math.abs(
        Math.min(...boxes.map((box) => box.left)) -
          inner.left -
          (inner.right - Math.max(...boxes.map((box) => box.right))),
      ),
    }));
  });
}

/** How far apart the largest and the smallest of some sizes or positions are: under a pixel is "the same". */
const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

for (const language of languages) {
  const content = contents[language.code];
  const { siteYaml: site, contactYaml: contact } = content;
  const pages = pagesIn(language.code);
  const links = site.navigation.map((link) => ({ ...link, href: localizedPath(link.path, language.code) }));
  /** A page the navigation leads to that is not the home page. */
  const otherPage = links.find((link) => link.path !== "/") ?? { label: "", path: "", href: "" };
  const chatLabel = language.code === "en" ? fixedWords.chatLabel : contact.chatLabel;
  /** The flows below run every day in the first language (its link leads through the second); the rest in the full suite. */
  const full = language === languages[0] ? [] : ["@full"];

  test.describe(language.name, () => {
    // A phone, a tablet and a desktop, each in one language, the phone in both (support/sampled.ts). The first
    // language at phone width every day; the others in the full suite.
    for (const width of sampledWidthsIn(language, [375, 768, 1280])) {
      const everyday = width === 375 && language === languages[0];
      test.describe(`at ${width} px`, { tag: everyday ? [] : ["@full"] }, () => {
        test.use({ viewport: { width, height: 900 } });

        test("the top bar reaches every page of the navigation and marks the current one", async ({ page }) => {
          await openPage(page, localizedPath("/", language.code));
          const menuButton = page.getByRole("button", { name: site.menuLabel });
          const nav = page.getByRole("banner").getByRole("navigation");
          const otherLink = nav.getByRole("link", { name: otherPage.label, exact: true });

          if (width < desktopWidth) {
            await expect(menuButton).toBeVisible();
            await expect(menuButton).toHaveAttribute("aria-expanded", "false");
            await expect(otherLink).toBeHidden();
            await menuButton.click();
            await expect(menuButton).toHaveAttribute("aria-expanded", "true");
          } else {
            await expect(menuButton).toBeHidden();
          }
          for (const link of links) {
            await expect(nav.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.href);
          }

          await otherLink.click();
          await expect(page).toHaveURL(otherPage.href);
          const heading = pages.find((route) => route.route === otherPage.path)?.heading ?? "";
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
          if (width < desktopWidth) {
            await expect(menuButton).toHaveAttribute("aria-expanded", "false");
            await expect(otherLink).toBeHidden();
            await menuButton.click();
          }
          await expect(otherLink).toHaveAttribute("aria-current", "page");
          for (const link of links.filter(({ path }) => path !== otherPage.path)) {
            await expect(nav.getByRole("link", { name: link.label, exact: true })).not.toHaveAttribute("aria-current");
          }
        });

        test("the footer has the blurb, quick links, address, every phone, the e-mail and this year", async ({
          page,
        }) => {
          await page.clock.setFixedTime(new Date("2031-06-15T09:00:00+04:00"));
          await openPage(page, localizedPath("/service", language.code));
          const footer = page.getByRole("contentinfo");
          await expect(footer.getByText(site.blurb)).toBeVisible();
          for (const link of links) {
            await expect(footer.getByRole("link", { name: link.label, exact: true })).toHaveAttribute(
              "href",
              link.href,
            );
          }
          await expect(footer.getByText(contact.street)).toBeVisible();
          await expect(
            footer.getByText(fillTemplate(contact.localityLine, { city: contact.city, country: contact.country })),
          ).toBeVisible();
          for (const phone of contact.phones) {
            const link = footer.getByRole("link", { name: phone.number });
            await expect(link).toHaveAttribute("href", phoneHref(phone.number));
            await expect(footer.getByText(phone.label, { exact: true })).toBeVisible();
            // Read left to right whatever the page's direction: +971 stays in front.
            expect(await link.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
          }
          await expect(footer.getByRole("link", { name: contact.salesEmail })).toHaveAttribute(
            "href",
            `mailto:${contact.salesEmail}`,
          );
          await expect(
            footer.getByText(fillTemplate(site.copyright, { year: 2031, company: site.companyName })),
          ).toBeVisible();
          await expect(footer.getByRole("link", { name: site.designerCredit })).toHaveAttribute(
            "href",
            site.designerUrl,
          );
          await expect(footer.getByRole("link", { name: content.pagesYaml.privacy.linkLabel })).toHaveAttribute(
            "href",
            localizedPath("/privacy", language.code),
          );
        });

        // Every day, the one look at each page (smoke.fixedWords.ts) checks the link at desktop width.
        test(
          "the chat link floats on every page and opens the chat in a new tab, safely",
          { tag: "@full" },
          async ({ page }) => {
            for (const { path } of pages) {
              await openPage(page, path);
              const chat = page.getByRole("link", { name: chatLabel, exact: true });
              await expect(chat).toBeVisible();
              await expect(chat).toHaveAttribute("href", contact.chatUrl);
              await expect(chat).toHaveAttribute("target", "_blank");
              await expect(chat).toHaveAttribute("rel", "noopener noreferrer");
              await expect(chat.getByText(chatLabel)).toBeVisible();
              // It floats: wherever the page is scrolled, it stays in the same place on the screen.
              const before = await chat.boundingBox();
              await page.mouse.wheel(0, 600);
              await page.waitForFunction(() => window.scrollY > 0);
              expect(await chat.boundingBox()).toEqual(before);
            }
          },
        );

        // Every day, the one look at each page (smoke.fixedWords.ts) checks the row at desktop width.
        test("the row of pictures is on every page, each with its description", { tag: "@full" }, async ({ page }) => {
          const { images } = content.imageRowYaml;
          for (const { path } of pages) {
            await openPage(page, path);
            const row = page.locator("main ul", { has: page.getByRole("img", { name: images[0]?.alt, exact: true }) });
            await expect(row.getByRole("img")).toHaveCount(images.length);
            for (const [index, { alt }] of images.entries()) {
              await expect(row.getByRole("img").nth(index)).toHaveAttribute("alt", alt);
            }
          }
        });

        test("sections start on one content column", { tag: "@full" }, async ({ page }) => {
          for (const path of [localizedPath("/", language.code), localizedPath("/service", language.code)]) {
            await openPage(page, path);
            const main = page.getByRole("main");
            const lists = [
              main.locator("ul", { has: page.getByRole("heading", { level: 3 }) }),
              main.locator("ul", { has: page.getByRole("article") }),
              main.locator("ul", {
                has: page.getByRole("img", { name: content.imageRowYaml.images[0]?.alt, exact: true }),
              }),
            ];
            // Where lines start: the left edge in left-to-right pages, the right edge in right-to-left ones.
            const edges: number[] = [];
            for (const list of lists) {
              if ((await list.count()) === 0) continue;
              const [first] = await linesOf(list);
              edges.push((language.dir === "rtl" ? first?.right : first?.left) ?? 0);
            }
            const heading = main
              .getByRole("heading", { level: path === localizedPath("/", language.code) ? 2 : 1 })
              .first();
            const box = await heading.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
            edges.push(language.dir === "rtl" ? box.right : box.left);
            expect(spread(edges), `line starts on ${path}: ${edges.join(", ")}`).toBeLessThan(1);
          }
        });
      });
    }

    test(
      "in each line of service cards the texts start at one height, whatever lines their titles take",
      { tag: "@full" },
      async ({ page }) => {
        await openPage(page, localizedPath("/service", language.code));
        const cards = page.getByRole("main").getByRole("article");
        for (const width of [768, 1024, 1280, 1920]) {
          await page.setViewportSize({ width, height: 900 });
          const boxes = await cards.evaluateAll((articles) =>
            articles.map((card) => {
              const title = card.querySelector("h2");
              const text = title?.nextElementSibling;
              return {
                top: Math.round(card.getBoundingClientRect().top),
                textTop: text?.getBoundingClientRect().top ?? 0,
              };
            }),
          );
          const lines = new Map<number, typeof boxes>();
          for (const box of boxes) lines.set(box.top, [...(lines.get(box.top) ?? []), box]);
          expect(lines.size, `lines of cards at ${width} px`).toBeLessThan(boxes.length);
          for (const line of lines.values()) {
            expect(spread(line.map((box) => box.textTop)), `texts' starts at ${width} px`).toBeLessThan(1);
          }
        }
      },
    );

    test(
      "pictures and cards are one size from phone to wide screen, in lines as even as their number allows, a shorter last line centred",
      { tag: "@full" },
      async ({ page }) => {
        const widths = [
          320, 375, 450, 520, 580, 640, 730, 768, 800, 870, 930, 1000, 1010, 1024, 1080, 1140, 1280, 1440, 1920,
        ];
        for (const path of [localizedPath("/", language.code), localizedPath("/service", language.code)]) {
          await openPage(page, path);
          const main = page.getByRole("main");
          // Each width in one language: the lines are worked out alike in both (support/sampled.ts).
          const sampled = widthsIn(language, widths);
          const lists = {
            "why-us points": main.locator("ul", { has: page.getByRole("heading", { level: 3 }) }),
            "service cards": main.locator("ul", { has: page.getByRole("article") }),
            "picture row": main.locator("ul", {
              has: page.getByRole("img", { name: content.imageRowYaml.images[0]?.alt, exact: true }),
            }),
          };
          for (const width of sampled) {
            await page.setViewportSize({ width, height: 900 });
            for (const [name, list] of Object.entries(lists)) {
              if ((await list.count()) === 0) continue;
              const lines = await linesOf(list);
              const counts = lines.map((line) => line.count);
              const where = `${name} on ${path} at ${width} px: ${counts.join(" + ")}`;
              // One width for all; no line more than one item longer than another; full lines before a shorter one.
              expect(spread(lines.flatMap((line) => line.widths)), where).toBeLessThan(1);
              expect(Math.max(...counts) - Math.min(...counts), where).toBeLessThanOrEqual(1);
              expect(
                counts.slice(0, -1).every((count) => count === counts[0]),
                where,
              ).toBe(true);
              for (const line of lines) {
                expect(spread(line.heights), where).toBeLessThan(1);
                expect(line.offCentre, where).toBeLessThanOrEqual(1);
              }
            }
          }
        }
      },
    );

    test(
      "the language links lead to the same page in each other language, named in its own words, and back",
      { tag: full },
      async ({ page }) => {
        const aboutHere = localizedPath("/about", language.code);
        for (const other of languages.filter(({ code }) => code !== language.code)) {
          await openPage(page, aboutHere);
          const switchLink = page
            .getByRole("banner")
            .getByRole("link", { name: contents[other.code].siteYaml.languageLinkLabel, exact: true });
          await expect(switchLink).toHaveAttribute("lang", other.code);
          await switchLink.click();
          await expect(page).toHaveURL(localizedPath("/about", other.code));
          await expect(page.locator("html")).toHaveAttribute("lang", other.code);
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(
            contents[other.code].pagesYaml.about.heading,
          );
          await page.getByRole("banner").getByRole("link", { name: site.languageLinkLabel, exact: true }).click();
          await expect(page).toHaveURL(aboutHere);
        }
      },
    );

    test("every navigation lands at the top of the new page", { tag: "@full" }, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 700 });
      await openPage(page, localizedPath("/", language.code));
      await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await page.getByRole("contentinfo").getByRole("link", { name: otherPage.label, exact: true }).click();
      await expect(page).toHaveURL(otherPage.href);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });

    test("the skip link moves keyboard users past the menu to the page", { tag: full }, async ({ page }) => {
      await openPage(page, localizedPath("/about", language.code));
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: site.skipLink });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("main")).toBeFocused();
    });

    // Drawn half-read, a row centred or pushed to the end (the top bar's links, the slideshow's dots) stands where
    // its first items put it and moves when the rest arrive; the page waits until it has read to its end instead.
    for (const { key, path: address } of pages) {
      test(
        `on a slow connection the ${key} page is first drawn whole, and nothing drawn moves`,
        { tag: "@full" },
        async ({ page, context }) => {
          const network = await context.newCDPSession(page);
          await network.send("Network.enable");
          /** Bytes a second the page receives; -1 for no limit. */
          const download = (throughput: number) =>
            network.send("Network.emulateNetworkConditions", {
              offline: false,
              latency: 0,
              downloadThroughput: throughput,
              uploadThroughput: -1,
            });
          // About 8 KB a second: the page's HTML (10–15 KB as sent) takes over a second to arrive, in many parts.
          await download(8_000);
          await page.addInitScript(() => {
            const seen = window as unknown as { shifts: number[]; firstFooter?: string };
            seen.shifts = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) seen.shifts.push((entry as unknown as { value: number }).value);
            }).observe({ type: "layout-shift", buffered: true });
            // The first frame's callback runs just before the page is first drawn.
            requestAnimationFrame(() => {
              seen.firstFooter = document.querySelector("footer")?.textContent ?? "";
            });
          });
          await page.goto(address, { waitUntil: "domcontentloaded" });
          await page.waitForFunction(() => "firstFooter" in window);
          const seen = await page.evaluate(() => {
            const { shifts, firstFooter } = window as unknown as { shifts: number[]; firstFooter: string };
            return { shifts, firstFooter, footer: document.querySelector("footer")?.textContent ?? "" };
          });
          // The footer ends the page: whole in the first frame, the rest of the page came before it.
          expect(seen.footer).not.toBe("");
          expect(seen.firstFooter).toBe(seen.footer);
          await download(-1);
          await page.waitForFunction(siteReady);
          expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
        },
      );
    }
  });
}

test.describe("the menu on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("closes on Escape and gives focus back to the menu button", async ({ page }) => {
    await openPage(page, "/service/");
    const menuButton = page.getByRole("button", { name: contents.en.siteYaml.menuLabel });
    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(`#${await menuButton.getAttribute("aria-controls")}`)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toBeFocused();
  });
});

test(
  "in right-to-left pages, the icons that point along the line of reading turn round",
  { tag: "@full" },
  async ({ page }) => {
    const transformOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).transform);
    for (const language of languages) {
      await openPage(page, localizedPath("/", language.code));
      const arrow = page.getByRole("main").locator('svg[data-icon="arrow"]');
      const menu = page.getByRole("banner").locator('svg[data-icon="menu"]');
      expect(await transformOf(arrow)).toBe(language.dir === "rtl" ? "matrix(-1, 0, 0, 1, 0, 0)" : "none");
      expect(await transformOf(menu)).toBe("none");
    }
  },
);
