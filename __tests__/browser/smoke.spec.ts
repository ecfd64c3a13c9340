import type { Page } from "@playwright/test";
import { retentionDays } from "../../plugins/build-settings";
import { hex } from "../../src/lib/palette";
import { languages, localizedPath, type LanguageCode } from "../../contract/src/languages";
import { contents, pagesIn, type Content } from "../support/content";
import { fixedWords } from "../support/fixed-words";
import { expect, openPage, test } from "./support/fixtures";

/**
 * One look at every page in every language: it answers, has its title,
 * language, direction and main heading, the frame (top bar, footer, chat
 * link, the row of pictures) and its own sections, and runs without a browser
 * error (a Content-Security-Policy violation is one).
 */

type PageKey = ReturnType<typeof pagesIn>[number]["key"];

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#x27);/g, (entity) => entities[entity] ?? entity);

/** What each page shows besides the frame, read from the content. */
const sections: Record<PageKey, (page: Page, content: Content, language: LanguageCode) => Promise<void>> = {
  home: async (page, { whyUsYaml: whyUs, partnersYaml: partners }) => {
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2, name: whyUs.heading })).toBeVisible();
    await expect(main.getByText(whyUs.text)).toBeVisible();
    await expect(main.getByRole("heading", { level: 3 })).toHaveText(whyUs.points.map((point) => point.title));
    for (const partner of partners.partners) {
      await expect(main.getByRole("img", { name: partner.alt, exact: true })).toBeVisible();
    }
  },
  about: async (page, { aboutYaml: about }) => {
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
      about.sections.map((section) => section.title),
    );
  },
  service: async (page, { servicesYaml: services, siteYaml: site }) => {
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(
      services.services.map((service) => service.title),
    );
    const icons = await cards.evaluateAll((elements) =>
      elements.map((card) => card.querySelector("svg")?.getAttribute("data-icon")),
    );
    expect(icons).toEqual(services.services.map((service) => service.icon));
    // The brand mark is the company's logo from data/, drawn whole beside its name; without one the specification's
    // network icon. The tab's icon is the same mark.
    const home = page.getByRole("banner").getByRole("link", { name: site.companyName, exact: true });
    const icon = page.locator('link[rel="icon"]');
    if (site.logo) {
      const logo = home.locator('img[alt=""]');
      await expect(logo).toBeVisible();
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(logo).toHaveCSS("object-fit", "contain");
      await expect(home.locator("svg")).toHaveCount(0);
      await expect(icon).toHaveAttribute("href", /^\/static\/.+\.png$/);
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", /^\/static\/.+\.png$/);
    } else {
      await expect(home.locator('svg[data-icon="network"]')).toHaveCount(1);
      await expect(icon).toHaveAttribute("href", "/favicon.png");
    }
    // The company's colours, when data/ gives them: the footer stands on the main colour, the mark on the accent.
    if (site.mainColour && site.accentColour) {
      const rgb = (colour: string) => `rgb(${hex(colour).join(", ")})`;
      await expect(page.getByRole("contentinfo")).toHaveCSS("background-color", rgb(site.mainColour));
      if (!site.logo) await expect(home.locator("span").first()).toHaveCSS("background-color", rgb(site.accentColour));
    }
  },
  privacy: async (page, { privacyYaml: privacy, contactYaml: contact }) => {
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText(privacy.sections.map((section) => section.title));
    // The sales address the notice names is a link that writes to it; the retention is the service's own setting.
    await expect(main.getByRole("link", { name: contact.salesEmail }).first()).toHaveAttribute(
      "href",
      `mailto:${contact.salesEmail}`,
    );
    await expect(main).toContainText(String(retentionDays()));
    await expect(main).not.toContainText("{");
  },
  contact: async (page, { contactYaml: contact, pagesYaml: texts, enquiryFormYaml: form }, language) => {
    const heading = language === "en" ? fixedWords.contactHeading : texts.contact.heading;
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    const details = page.getByRole("region", { name: contact.panelHeading });
    await expect(details.getByText(contact.street)).toBeVisible();
    for (const phone of contact.phones) {
      await expect(details.getByRole("link", { name: phone.number })).toBeVisible();
      await expect(details.getByText(phone.label, { exact: true })).toBeVisible();
    }
    // Both optional: shown when the content has them.
    if (contact.officeHours) {
      await expect(details.getByText(contact.hoursLabel, { exact: true })).toBeVisible();
      await expect(details.getByText(contact.officeHours)).toBeVisible();
    }
    if (contact.mapUrl) {
      const directions = details.getByRole("link", { name: contact.directionsLabel, exact: true });
      await expect(directions).toHaveAttribute("href", contact.mapUrl);
      await expect(directions).toHaveAttribute("target", "_blank");
    }
    // The chat button wears WhatsApp's mark when it opens a WhatsApp chat, a plain bubble otherwise.
    const whatsApp = ["wa.me", "api.whatsapp.com"].includes(new URL(contact.chatUrl).hostname);
    await expect(page.getByRole("link", { name: contact.chatLabel, exact: true }).locator("svg")).toHaveAttribute(
      "data-icon",
      whatsApp ? "whatsapp" : "chat",
    );
    await expect(details.getByRole("link", { name: contact.salesEmail })).toBeVisible();
    await expect(details.getByRole("link", { name: contact.chatPanelLink })).toHaveAttribute("href", contact.chatUrl);
    await expect(page.getByRole("button", { name: form.submitLabel })).toBeVisible();
  },
};

for (const language of languages) {
  const content = contents[language.code];
  const { siteYaml: site, pagesYaml: texts } = content;
  const chatLabel = language.code === "en" ? fixedWords.chatLabel : content.contactYaml.chatLabel;

  test.describe(language.name, () => {
    for (const route of pagesIn(language.code)) {
      test(`${route.path} opens with its title, heading, frame and sections, in its language and direction, without errors`, async ({
        page,
        browserErrors,
      }) => {
        const response = await page.request.get(route.path, { maxRedirects: 0 });
        expect(response.status()).toBe(200);
        // As search engines and visitors without JavaScript get it: its own title, language and direction.
        const html = await response.text();
        expect(/<html lang="([^"]*)" dir="([^"]*)"/.exec(html)?.slice(1)).toEqual([language.code, language.dir]);
        expect(unescapeHtml(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? "")).toBe(
          `${route.title} | ${site.companyName}`,
        );
        // The address as a person types it, without the final slash, ends on the same page.
        const typed = await page.request.get(route.path.replace(/(.)\/$/, "$1"));
        expect([typed.status(), new URL(typed.url()).pathname]).toEqual([200, route.path]);

        await openPage(page, route.path);
        await expect(page).toHaveTitle(`${route.title} | ${site.companyName}`);
        await expect(page.locator("html")).toHaveAttribute("lang", language.code);
        await expect(page.locator("html")).toHaveAttribute("dir", language.dir);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
        await expect(page.getByRole("banner")).toBeVisible();
        await expect(page.getByRole("contentinfo")).toBeVisible();
        const chat = page.getByRole("link", { name: chatLabel, exact: true });
        await expect(chat).toBeVisible();
        await expect(chat).toHaveAttribute("href", content.contactYaml.chatUrl);
        await expect(chat).toHaveAttribute("target", "_blank");
        await expect(chat).toHaveAttribute("rel", "noopener noreferrer");

        const { images } = content.imageRowYaml;
        const row = page.locator("main ul", { has: page.getByRole("img", { name: images[0]?.alt, exact: true }) });
        await expect(row.getByRole("img")).toHaveCount(images.length);
        for (const [index, { alt }] of images.entries()) {
          await expect(row.getByRole("img").nth(index)).toHaveAttribute("alt", alt);
        }

        await sections[route.key](page, content, language.code);
        expect(browserErrors).toEqual([]);
      });

      test(`${route.path} does not scroll sideways at 320 px`, { tag: "@full" }, async ({ page }) => {
        await page.setViewportSize({ width: 320, height: 720 });
        await openPage(page, route.path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      });
    }

    test("an unknown address shows the not-found page with status 404 and a way to every page", async ({ page }) => {
      const unknown = localizedPath("/no-such-page", language.code);
      const home = localizedPath("/", language.code);
      const response = await page.goto(unknown);
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", language.code);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.notFound.heading);
      await openPage(page, unknown);
      // Every page of the navigation, in the page's language, home first by the words that say it is the way home.
      const main = page.getByRole("main");
      for (const link of site.navigation.filter(({ path }) => path !== "/")) {
        await expect(main.getByRole("link", { name: link.label, exact: true })).toHaveAttribute(
          "href",
          localizedPath(link.path, language.code),
        );
      }
      await main.getByRole("link", { name: texts.notFound.linkLabel }).click();
      await expect(page).toHaveURL(home);
    });
  });
}

test("the build publishes a sitemap of every page in every language and a robots.txt pointing at it", async ({
  request,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  expect(locations.sort()).toEqual(languages.flatMap(({ code }) => pagesIn(code).map((route) => route.path)).sort());
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: https:\/\/.+\/sitemap\.xml$/m);
});
