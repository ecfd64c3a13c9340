import type { Locator, Page } from "@playwright/test";
import { languages, localizedPath } from "../../contract/src/languages";
import breakpoints from "../../src/styles/breakpoints.json";
import { contents, pagesIn } from "../support/content";
import { drawnLines, linesMeeting } from "./support/drawn-lines";
import { expect, openPage, test } from "./support/fixtures";
import { sampledWidths } from "./support/sampled";

/**
 * The frame of every page fits every screen, in every language: the chat link
 * stands over no text, on the first screen or at the bottom of the page; the
 * menu's labels stay on one line wherever the top bar shows them; the top
 * bar holds its items in one row and is no taller in one language than in
 * another for a company name of as many lines; the footer keeps a phone
 * number or the e-mail address whole where its column has room; and the
 * phone menu closes on a tap outside it. In the full suite, at the widths
 * where the layout changes (support/sampled.ts).
 */

const desktopWidth = 16 * Number.parseFloat(breakpoints["--lg"].replace(/^\(min-width: /, ""));

/**
 * Text the chat link stands over: every line of text whose box meets the
 * link's. Such a line is only acceptable where what covers it is a fixed bar
 * across the whole width of the screen: there the text runs out of sight as
 * at the screen's edge, whole lines at a time, instead of showing around the link.
 */
async function textUnderChatLink(page: Page, chatLabel: string) {
  const link = page.getByRole("link", { name: chatLabel, exact: true });
  const box = await link.boundingBox();
  if (!box) return [`no chat link named ${chatLabel}`];
  const under = linesMeeting(await drawnLines(page.locator("body"), link), box);
  const behindFixedBar = await page.evaluate(
    (points) =>
      points.map(({ x, y }) => {
        for (let at = document.elementFromPoint(x, y); at; at = at.parentElement) {
          if (getComputedStyle(at).position !== "fixed") continue;
          const rect = at.getBoundingClientRect();
          return (
            rect.left <= 0 &&
            rect.right >= document.documentElement.getBoundingClientRect().right &&
            getComputedStyle(at).backgroundColor !== "rgba(0, 0, 0, 0)"
          );
        }
        return false;
      }),
    under.map(({ middle }) => middle),
  );
  return under.filter((_, index) => !behindFixedBar[index]).map(({ text }) => text);
}

/** How wide the element's text is on one line, unbroken, in its own font. */
function unbrokenWidth(element: Locator): Promise<number> {
  return element.evaluate((holder) => {
    const probe = document.createElement("span");
    probe.style.whiteSpace = "nowrap";
    probe.textContent = holder.textContent;
    holder.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  });
}

interface TopBar {
  height: number;
  minHeight: number;
  paddingBlock: number;
  /** The taller of the company name and the controls beside it. */
  tallestItem: number;
  nameLines: number;
}

/** The top bar's height and what it is made of: its least height, its padding, its items and the company name's lines. */
async function topBar(page: Page, companyName: string): Promise<TopBar> {
  const brand = page.getByRole("banner").getByRole("link", { name: companyName, exact: true });
  const nameLines = (await drawnLines(brand, brand.locator("svg"))).length;
  const figures = await brand.evaluate((link) => {
    const bar = link.parentElement ?? link;
    const style = getComputedStyle(bar);
    return {
      height: bar.getBoundingClientRect().height,
      minHeight: Number.parseFloat(style.minHeight),
      paddingBlock: Number.parseFloat(style.paddingBlockStart) + Number.parseFloat(style.paddingBlockEnd),
      tallestItem: Math.max(...[...bar.children].map((item) => item.getBoundingClientRect().height)),
    };
  });
  return { ...figures, nameLines };
}

for (const language of languages) {
  const routes = [...pagesIn(language.code).map(({ path }) => path), localizedPath("/404.html", language.code)];

  if (language.dir === "rtl") {
    test(
      `every accessible name and description on the ${language.name} pages is in ${language.name}, or marked as another language`,
      { tag: "@full" },
      async ({ page }) => {
        for (const route of routes) {
          await openPage(page, route);
          const foreign = await page.evaluate((code) => {
            const attributes = [
              "aria-label",
              "aria-roledescription",
              "aria-description",
              "alt",
              "title",
              "placeholder",
            ];
            const found: string[] = [];
            for (const element of document.body.querySelectorAll("*")) {
              const lang = element.closest("[lang]")?.getAttribute("lang") ?? code;
              for (const name of attributes) {
                const value = element.getAttribute(name);
                // A name with Latin letters but not one letter of the page's script, outside anything marked as another language.
                if (value && lang === code && /[A-Za-z]/.test(value) && !/[\u0600-\u06FF]/.test(value))
                  found.push(`${name}="${value}"`);
              }
            }
            return found;
          }, language.code);
          expect({ route, foreign }).toEqual({ route, foreign: [] });
        }
      },
    );
  }
}

// The widths where the layout changes, each in one language (the everyday suite's layout and in-view specs keep the
// bars' basics).
for (const { width, language } of sampledWidths()) {
  const content = contents[language.code];
  const chatLabel = content.contactYaml.chatLabel;
  const routes = [...pagesIn(language.code).map(({ path }) => path), localizedPath("/404.html", language.code)];
  test.describe(`${language.name} at ${width} px`, { tag: "@full" }, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the chat link stands over no text, on the first screen or at the bottom of any page", async ({ page }) => {
      for (const route of routes) {
        await openPage(page, route);
        expect({ route, screen: "first", covered: await textUnderChatLink(page, chatLabel) }).toEqual({
          route,
          screen: "first",
          covered: [],
        });
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForFunction(
          () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
        );
        expect({ route, screen: "bottom", covered: await textUnderChatLink(page, chatLabel) }).toEqual({
          route,
          screen: "bottom",
          covered: [],
        });
        // At the bottom, the page's last text ends above the bar: nothing is left that scrolling cannot reach.
        const chatLink = page.getByRole("link", { name: chatLabel, exact: true });
        const footerLines = await drawnLines(page.getByRole("contentinfo"), chatLink);
        const lastTextBottom = Math.max(0, ...footerLines.map(({ y, height }) => y + height));
        const chatTop = (await chatLink.boundingBox())?.y ?? 0;
        expect(lastTextBottom).toBeLessThanOrEqual(chatTop);
      }
    });

    if (width >= desktopWidth) {
      test("every label of the top bar stays on one line", async ({ page }) => {
        await openPage(page, localizedPath("/", language.code));
        const nav = page.getByRole("banner").getByRole("navigation");
        for (const link of content.siteYaml.navigation) {
          const lines = await nav
            .getByRole("link", { name: link.label, exact: true })
            .evaluate((element) => element.getClientRects().length);
          expect({ label: link.label, lines }).toEqual({ label: link.label, lines: 1 });
        }
        const tops = await nav
          .getByRole("link")
          .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
        expect(new Set(tops).size).toBe(1);
      });
    } else {
      test("the open menu shows each label on one line, and a tap outside closes it", async ({ page }) => {
        await openPage(page, localizedPath("/about", language.code));
        const button = page.getByRole("button", { name: content.siteYaml.menuLabel });
        await button.click();
        await expect(button).toHaveAttribute("aria-expanded", "true");
        for (const link of content.siteYaml.navigation) {
          const lines = await page
            .getByRole("banner")
            .getByRole("link", { name: link.label, exact: true })
            .evaluate((element) => element.getClientRects().length);
          expect({ label: link.label, lines }).toEqual({ label: link.label, lines: 1 });
        }
        // Below the open menu, on the page itself.
        await page.mouse.click(width / 2, 600);
        await expect(button).toHaveAttribute("aria-expanded", "false");
        await expect(page).toHaveURL(localizedPath("/about", language.code));
      });
    }

    test("the chat label keeps to one line wherever the bar has room for it, and a short company name to two lines", async ({
      page,
    }) => {
      await openPage(page, localizedPath("/", language.code));
      const chatLink = page.getByRole("link", { name: chatLabel, exact: true });
      // What the link needs on one line (its label, icon, gap and padding) against the bar's room.
      const label = await unbrokenWidth(chatLink);
      const chat = await chatLink.evaluate((link, label) => {
        const style = getComputedStyle(link);
        const bar = link.parentElement ?? link;
        const barStyle = getComputedStyle(bar);
        return {
          needs:
            label +
            (link.querySelector("svg")?.getBoundingClientRect().width ?? 0) +
            Number.parseFloat(style.columnGap) +
            Number.parseFloat(style.paddingLeft) +
            Number.parseFloat(style.paddingRight),
          room:
            bar.getBoundingClientRect().width -
            Number.parseFloat(barStyle.paddingLeft) -
            Number.parseFloat(barStyle.paddingRight),
        };
      }, label);
      // A label of a few words, as the chat link's is, has room for one line on the narrowest phone.
      if ([...chatLabel].length <= 32) expect(chat.needs, chatLabel).toBeLessThanOrEqual(chat.room);
      if (chat.needs <= chat.room) {
        const lines = (await drawnLines(chatLink, chatLink.locator("svg"))).length;
        expect({ label: chatLabel, lines }).toEqual({ label: chatLabel, lines: 1 });
      }
      // The bubble stands beside the label, never over it, and level with it when it takes one line.
      const labelLines = await drawnLines(chatLink, chatLink.locator("svg"));
      const [line] = labelLines;
      const icon = await chatLink.locator("svg").boundingBox();
      if (!line || !icon) throw new Error("The chat link has no label or no icon.");
      if (labelLines.length === 1)
        expect(Math.abs(icon.y + icon.height / 2 - (line.y + line.height / 2))).toBeLessThanOrEqual(3);
      const apart = language.dir === "rtl" ? icon.x - (line.x + line.width) : line.x - (icon.x + icon.width);
      expect(apart).toBeGreaterThanOrEqual(4);
      // A name of a few words, as most company names are, never takes a third line of the bar.
      const { companyName } = content.siteYaml;
      if ([...companyName].length <= 30) {
        const brand = page.getByRole("banner").getByRole("link", { name: companyName, exact: true });
        const lines = (await drawnLines(brand, brand.locator("svg"))).length;
        expect(lines, companyName).toBeLessThanOrEqual(2);
      }
    });

    test("the top bar is as tall as its items need, and no taller than in a language whose company name takes as many lines", async ({
      page,
    }) => {
      const bars: (TopBar & { code: string })[] = [];
      for (const { code } of languages) {
        await openPage(page, localizedPath("/about", code));
        bars.push({ code, ...(await topBar(page, contents[code].siteYaml.companyName)) });
      }
      const own = bars.find(({ code }) => code === language.code);
      expect(own).toBeDefined();
      if (!own) return;
      // One row: the company name and the controls side by side, none pushed onto a row of its own.
      expect(own.height).toBeLessThanOrEqual(Math.max(own.minHeight, own.tallestItem + own.paddingBlock) + 1);
      // A longer name may need more lines; the same number of lines makes the same bar in every language.
      for (const other of bars.filter(({ nameLines }) => nameLines === own.nameLines)) {
        expect(own.height, `no taller than the ${other.code} bar`).toBeLessThanOrEqual(other.height + 1);
      }
    });

    test("the footer keeps each phone number and the e-mail address on one line where its column has room", async ({
      page,
    }) => {
      await openPage(page, localizedPath("/", language.code));
      const footer = page.getByRole("contentinfo");
      const { phones, salesEmail } = content.contactYaml;
      for (const value of [...phones.map((phone) => phone.number), salesEmail]) {
        const link = footer.getByRole("link", { name: value, exact: true });
        // The address's width unbroken, and the room a column of the footer's row is owed: the whole row when
        // the columns stack, a third of it beside the others (the quick links take only what they need).
        const unbroken = await unbrokenWidth(link);
        const owed = await link.evaluate((element) => {
          const row = element.closest("section")?.parentElement ?? element;
          return row.getBoundingClientRect().width / getComputedStyle(row).gridTemplateColumns.split(" ").length;
        });
        if (unbroken > owed) continue;
        const lines = (await drawnLines(link, link.locator("svg"))).length;
        expect({ value, lines }).toEqual({ value, lines: 1 });
      }
    });
  });
}
