import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { HELD_SECONDS } from "../../src/lib/early-controls";
import { siteReady } from "../../scripts/site-ready";
import { fillTemplate } from "../../src/lib/fill-template";
import { contents, pagesIn } from "../support/content";
import { anEnquiry, fillEnquiry } from "./support/enquiry";
import { expect, test } from "./support/fixtures";
import { testMailService } from "./support/environment";

/**
 * What a visitor does between the page's first paint and React's arrival, or
 * when React never comes (a captive portal, a blocked path, a train's
 * connection): the page's scripts are held back by the test, released later
 * or never, or refused. Nothing tapped is dead and nothing typed is lost: the
 * menu opens and closes, Send never posts the page away (it is held, and sent
 * once when React comes), and a Send that cannot go says so, with the other
 * ways to reach the company, what was typed still in the form.
 */
const mailSender = `${testMailService.apiUrl}/mail-sender`;

/** Holds the page's scripts back until `release()`; with `never`, for good. */
async function holdScripts(page: Page, { refuse = false } = {}): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (route) => {
    if (refuse) return route.abort("connectionrefused");
    await released;
    return route.continue();
  });
  return { release };
}

/** The form's labels in a language, for fillEnquiry. */
const formLabels = (code: "en" | "ar") => {
  const form = contents[code].enquiryFormYaml;
  return {
    industry: form.industryLabel,
    name: form.nameLabel,
    email: form.emailLabel,
    phone: form.phoneLabel,
    companyName: form.companyNameLabel,
    message: form.messageLabel,
  };
};

/** An enquiry in a language: the industry as the page's list shows it. */
const enquiryIn = (code: "en" | "ar") => {
  const { industries } = contents[code].industriesYaml;
  return anEnquiry({ industry: industries[industries.length - 1] ?? "" });
};

const contactPath = (code: "en" | "ar") => pagesIn(code).find(({ key }) => key === "contact")?.path ?? "/contact/";

for (const code of ["en", "ar"] as const) {
  const content = contents[code];
  const form = content.enquiryFormYaml;
  const thanks = fillTemplate(form.successMessage, { company: content.siteYaml.companyName });
  for (const [device, width] of [
    ["phone", 375],
    ["desktop", 1280],
  ] as const) {
    // One of the four runs every day; the others belong to the full suite.
    const tag = code === "en" && device === "phone" ? {} : { tag: "@full" };

    test(
      `${code}, ${device}: Send before the scripts is held, not posted, and sent once when they come`,
      tag,
      async ({ page, salesInbox }) => {
        await page.setViewportSize({ width, height: 800 });
        const scripts = await holdScripts(page);
        const posts: string[] = [];
        page.on("request", (request) => {
          if (request.method() === "POST") posts.push(request.url());
        });
        const enquiry = enquiryIn(code);
        await page.goto(contactPath(code), { waitUntil: "domcontentloaded" });
        const main = page.getByRole("main");
        await fillEnquiry(page, enquiry, formLabels(code));
        const address = page.url();
        await main.getByRole("button", { name: form.submitLabel }).click();
        // The button says it is sending, and the page stays: nothing was posted, the typed text is in its fields.
        await expect(main.getByRole("button", { name: form.sendingLabel })).toBeVisible();
        await expect(main.getByLabel(form.messageLabel, { exact: true })).toHaveValue(enquiry.message);
        expect(page.url()).toBe(address);
        expect(posts).toEqual([]);

        scripts.release();
        await expect(main.getByRole("status")).toHaveText(thanks);
        const email = await salesInbox.emailWith(enquiry.message);
        expect(email.text).toContain(`Name: ${enquiry.name}`);
        // Once: one request to the mail service, one e-mail in the inbox.
        await page.waitForFunction(siteReady);
        expect(posts).toEqual([mailSender]);
        expect(await salesInbox.countWith(enquiry.message)).toBe(1);
      },
    );
  }

  test(`${code}, phone: the menu opens and closes before the scripts, and React goes on from where it stands`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const scripts = await holdScripts(page);
    await page.goto(pagesIn(code)[0]?.path ?? "/", { waitUntil: "domcontentloaded" });
    const menu = page.getByRole("button", { name: content.siteYaml.menuLabel });
    const links = page.getByRole("navigation", { name: content.siteYaml.menuLabel }).getByRole("link");
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(links.first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(links.first()).toBeHidden();
    await menu.click();
    await expect(links.first()).toBeVisible();

    scripts.release();
    await page.waitForFunction(siteReady);
    // React found the menu open: it stays open, and the next tap closes it.
    await expect(links.first()).toBeVisible();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(links.first()).toBeHidden();
  });

  test(
    `${code}: with the scripts never coming, a Send says so after ${HELD_SECONDS} s, with the other ways in and the text kept`,
    { tag: "@full" },
    async ({ page }) => {
      await page.clock.install();
      await holdScripts(page);
      const enquiry = enquiryIn(code);
      await page.goto(contactPath(code), { waitUntil: "domcontentloaded" });
      const main = page.getByRole("main");
      await fillEnquiry(page, enquiry, formLabels(code));
      await main.getByRole("button", { name: form.submitLabel }).click();
      const note = main.getByRole("alert");
      await expect(note).toBeHidden();
      await page.clock.fastForward(HELD_SECONDS * 1000 + 500);
      await expect(note).toBeVisible();
      await expect(note).toContainText(form.notSentYetMessage);
      const contact = content.contactYaml;
      for (const { number } of contact.phones) await expect(note.getByRole("link", { name: number })).toBeVisible();
      await expect(note.getByRole("link", { name: contact.salesEmail })).toBeVisible();
      await expect(note.getByRole("link", { name: contact.chatPanelLink })).toHaveAttribute("href", contact.chatUrl);
      await expect(main.getByLabel(form.messageLabel, { exact: true })).toHaveValue(enquiry.message);
      await expect(main.getByLabel(form.nameLabel, { exact: true })).toHaveValue(enquiry.name);
      // Nothing for axe to fix in the form as it says so (its colours, its links, its alert).
      const { violations } = await new AxeBuilder({ page }).include("main form").analyze();
      expect(violations.map(({ id, help }) => `${id}: ${help}`)).toEqual([]);
      // For people to look at after a run (not committed).
      await page.setViewportSize({ width: 375, height: 800 });
      await note.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.resolve(__dirname, `../../artifacts/screenshots/not-sent-yet-${code}-375.png`),
      });
    },
  );

  test(`${code}: when the scripts fail to load, a Send says so at once`, { tag: "@full" }, async ({ page }) => {
    await holdScripts(page, { refuse: true });
    const enquiry = enquiryIn(code);
    await page.goto(contactPath(code), { waitUntil: "load" });
    const main = page.getByRole("main");
    await fillEnquiry(page, enquiry, formLabels(code));
    await main.getByRole("button", { name: form.submitLabel }).click();
    await expect(main.getByRole("alert")).toContainText(form.notSentYetMessage, { timeout: 2_000 });
    await expect(main.getByLabel(form.messageLabel, { exact: true })).toHaveValue(enquiry.message);
  });
}

test("the slideshow's Pause and dots show once they can be obeyed, in the place they keep meanwhile", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const slides = contents.en.slidesYaml;
  const pause = page.getByRole("button", { name: slides.pauseLabel });
  const dots = page.getByRole("button", {
    name: fillTemplate(slides.dotLabel, { number: 1, total: slides.slides.length }),
  });
  await expect(pause).toBeHidden();
  await expect(dots).toBeHidden();
  const before = await page
    .locator("ul")
    .filter({ has: page.locator("li > button") })
    .boundingBox();
  scripts.release();
  await page.waitForFunction(siteReady);
  await expect(pause).toBeVisible();
  await expect(dots).toBeVisible();
  expect(
    await page
      .locator("ul")
      .filter({ has: page.locator("li > button") })
      .boundingBox(),
  ).toEqual(before);
});
