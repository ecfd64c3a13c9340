import { fillTemplate } from "../../src/lib/fill-template";
import { phoneHref } from "../../src/lib/phone-link";
import { content, pages } from "../support/content";
import { spec } from "../support/spec";
import { expect, openPage, test } from "./support/fixtures";

const { siteYaml: site, contactYaml: contact } = content;
const links = site.navigation;
/** A page the navigation leads to that is not the home page. */
const otherPage = links.find((link) => link.path !== "/") ?? { label: "", path: "" };

for (const width of [375, 768, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the top bar reaches every page of the navigation and marks the current one", async ({ page }) => {
      await openPage(page, "/");
      const menuButton = page.getByRole("button", { name: site.menuLabel });
      const nav = page.getByRole("banner").getByRole("navigation");
      const otherLink = nav.getByRole("link", { name: otherPage.label, exact: true });

      if (width < 768) {
        await expect(menuButton).toBeVisible();
        await expect(menuButton).toHaveAttribute("aria-expanded", "false");
        await expect(otherLink).toBeHidden();
        await menuButton.click();
        await expect(menuButton).toHaveAttribute("aria-expanded", "true");
      } else {
        await expect(menuButton).toBeHidden();
      }
      for (const link of links) {
        await expect(nav.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.path);
      }

      await otherLink.click();
      await expect(page).toHaveURL(otherPage.path);
      const heading = pages.find((route) => route.path === otherPage.path)?.heading ?? "";
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      if (width < 768) {
        await expect(menuButton).toHaveAttribute("aria-expanded", "false");
        await expect(otherLink).toBeHidden();
        await menuButton.click();
      }
      await expect(otherLink).toHaveAttribute("aria-current", "page");
      for (const link of links.filter(({ path }) => path !== otherPage.path)) {
        await expect(nav.getByRole("link", { name: link.label, exact: true })).not.toHaveAttribute("aria-current");
      }
    });

    test("the footer has the blurb, quick links, address, every phone, the e-mail and this year", async ({ page }) => {
      await page.clock.setFixedTime(new Date("2031-06-15T09:00:00+04:00"));
      await openPage(page, "/service");
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByText(site.blurb)).toBeVisible();
      for (const link of links) {
        await expect(footer.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.path);
      }
      await expect(footer.getByText(contact.street)).toBeVisible();
      await expect(footer.getByText(`${contact.city}, ${contact.country}`)).toBeVisible();
      for (const phone of contact.phones) {
        await expect(footer.getByRole("link", { name: phone })).toHaveAttribute("href", phoneHref(phone));
      }
      await expect(footer.getByRole("link", { name: contact.salesEmail })).toHaveAttribute(
        "href",
        `mailto:${contact.salesEmail}`,
      );
      await expect(
        footer.getByText(fillTemplate(site.copyright, { year: 2031, company: site.companyName })),
      ).toBeVisible();
      await expect(footer.getByRole("link", { name: site.designerCredit })).toHaveAttribute("href", site.designerUrl);
    });

    test("the chat link floats on every page and opens the chat in a new tab, safely", async ({ page }) => {
      for (const { path } of pages) {
        await openPage(page, path);
        const chat = page.getByRole("link", { name: spec.chatLabel, exact: true });
        await expect(chat).toBeVisible();
        await expect(chat).toHaveAttribute("href", contact.chatUrl);
        await expect(chat).toHaveAttribute("target", "_blank");
        await expect(chat).toHaveAttribute("rel", "noopener noreferrer");
        expect(await chat.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
      }
    });

    test("the row of pictures is on every page, each with its description", async ({ page }) => {
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
  });
}

test.describe("the menu on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("closes on Escape and gives focus back to the menu button", async ({ page }) => {
    await openPage(page, "/service");
    const menuButton = page.getByRole("button", { name: site.menuLabel });
    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(`#${await menuButton.getAttribute("aria-controls")}`)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toBeFocused();
  });
});

test("every navigation lands at the top of the new page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await openPage(page, "/");
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole("contentinfo").getByRole("link", { name: otherPage.label, exact: true }).click();
  await expect(page).toHaveURL(otherPage.path);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the skip link moves keyboard users past the menu to the page", async ({ page }) => {
  await openPage(page, "/about");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: site.skipLink });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test("the About page has its sections, in order, each under its heading", async ({ page }) => {
  await openPage(page, "/about");
  const headings = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(headings).toHaveText(content.aboutYaml.sections.map((section) => section.title));
});

test("the Service page has a card for each service, in order", async ({ page }) => {
  await openPage(page, "/service");
  const titles = page.getByRole("main").getByRole("article").getByRole("heading", { level: 2 });
  await expect(titles).toHaveText(content.servicesYaml.services.map((service) => service.title));
});

test("the Contact page has the header, the contact details and the enquiry form", async ({ page }) => {
  await openPage(page, "/contact");
  await expect(page.getByRole("heading", { level: 1, name: spec.contactHeading })).toBeVisible();
  const details = page.getByRole("region", { name: contact.panelHeading });
  await expect(details.getByText(contact.street)).toBeVisible();
  for (const phone of contact.phones) await expect(details.getByRole("link", { name: phone })).toBeVisible();
  await expect(details.getByRole("link", { name: contact.salesEmail })).toBeVisible();
  await expect(details.getByRole("link", { name: contact.chatPanelLink })).toHaveAttribute("href", contact.chatUrl);
  await expect(page.getByRole("button", { name: spec.submit })).toBeVisible();
});

test("the home page has the why-us block with each of its points, and the partner logos", async ({ page }) => {
  const { whyUsYaml: whyUs, partnersYaml: partners } = content;
  await openPage(page, "/");
  await expect(page.getByRole("heading", { level: 2, name: whyUs.heading })).toBeVisible();
  await expect(page.getByText(whyUs.text)).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 3 })).toHaveText(
    whyUs.points.map((point) => point.title),
  );
  for (const partner of partners.partners) {
    await expect(page.getByRole("img", { name: partner.alt, exact: true })).toBeVisible();
  }
});

/**
 * The lines of a wrapped list of items (cards, pictures): each item's box,
 * grouped by line. Every line must reach from the list's first left edge to
 * its last right edge, or the line ends in an empty slot.
 */
async function linesOf(list: import("@playwright/test").Locator) {
  return list.evaluate((element) => {
    const boxes = Array.from(element.children, (child) => child.getBoundingClientRect());
    const lines = new Map<number, { left: number; right: number }>();
    for (const box of boxes) {
      const top = Math.round(box.top);
      const line = lines.get(top) ?? { left: Infinity, right: -Infinity };
      lines.set(top, { left: Math.min(line.left, box.left), right: Math.max(line.right, box.right) });
    }
    return [...lines.values()].map(({ left, right }) => ({ left: Math.round(left), right: Math.round(right) }));
  });
}

for (const width of [375, 768, 1280]) {
  test.describe(`the layout at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("sections start on one content column, and no list of cards or pictures ends a line with an empty slot", async ({
      page,
    }) => {
      const checks = [
        { path: "/", lists: ["why-us points", "picture row"] },
        { path: "/service", lists: ["service cards", "picture row"] },
      ];
      for (const { path } of checks) {
        await openPage(page, path);
        const main = page.getByRole("main");
        const lists = {
          "why-us points": main.locator("ul", { has: page.getByRole("heading", { level: 3 }) }),
          "service cards": main.locator("ul", { has: page.getByRole("article") }),
          "picture row": main.locator("ul", {
            has: page.getByRole("img", { name: content.imageRowYaml.images[0]?.alt }),
          }),
        };
        const edges: number[] = [];
        for (const [name, list] of Object.entries(lists)) {
          if ((await list.count()) === 0) continue;
          const lines = await linesOf(list);
          const [first] = lines;
          for (const line of lines) expect({ list: name, ...line }).toEqual({ list: name, ...first });
          edges.push(first?.left ?? 0);
        }
        const heading = main.getByRole("heading", { level: path === "/" ? 2 : 1 }).first();
        edges.push(Math.round((await heading.boundingBox())?.x ?? 0));
        expect(new Set(edges).size, `left edges on ${path}: ${edges.join(", ")}`).toBe(1);
      }
    });

    test("the chat button leaves the text readable and keeps its name for screen readers", async ({ page }) => {
      await openPage(page, "/about");
      const chat = page.getByRole("link", { name: spec.chatLabel, exact: true });
      await expect(chat).toBeVisible();
      const box = await chat.boundingBox();
      if (width < 768) expect(box?.width).toBeLessThanOrEqual(56);
      else await expect(chat.getByText(spec.chatLabel)).toBeVisible();
    });
  });
}

test("each service card shows the icon its entry names; the brand mark is the network icon", async ({ page }) => {
  await openPage(page, "/service");
  const icons = await page
    .getByRole("main")
    .getByRole("article")
    .evaluateAll((cards) => cards.map((card) => card.querySelector("svg")?.getAttribute("data-icon")));
  expect(icons).toEqual(content.servicesYaml.services.map((service) => service.icon));
  await expect(page.getByRole("banner").locator('svg[data-icon="network"]')).toHaveCount(1);
});
