import fs from "node:fs";
import path from "node:path";
import { retentionDays } from "../../plugins/build-settings";
import type { LanguageCode } from "../../contract/src/languages";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { adminContentSecurityPolicy } from "../../plugins/site-finish/headers/response-headers";
import type { FrameLocator, Page } from "@playwright/test";
import { LOGO_FILE } from "../../plugins/site-admin/editor-addresses";
import { collections, formats, tooLong } from "../../plugins/site-content/model";
import { content, contents, pages } from "../support/content";
import { fixedWords } from "../support/fixed-words";
import { expect, test } from "./support/fixtures";
import {
  openEntry as open,
  publish,
  publishAndWaitUntilSaved,
  startLocalEditor,
  type LocalEditor,
} from "./support/local-editor";

/**
 * The content editor as a marketing editor uses it: `npm run edit` in a copy
 * of the project (so the real data/ and the built site under test stay as
 * they are), a change made in /admin, and the YAML on disk.
 */
let editor: LocalEditor;
let project: string;

// One editor for the file's tests, in order; the editor in Chromium belongs to the full suite (@full).
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  editor = await startLocalEditor("npm-run-edit");
  project = editor.project;
});

test.afterAll(async () => {
  await editor.stop();
  fs.rmSync(project, { recursive: true, force: true });
});

const openEntry = (page: Page, collection: string) => open(page, editor.url, collection);

/**
 * With both languages side by side, the editor shows the preview when asked
 * (its eye button), and remembers the choice for the next entry.
 */
async function showPreview(page: Page): Promise<FrameLocator> {
  const frame = page.locator("iframe");
  const toggle = page.getByRole("button", { name: "Toggle preview" });
  await expect(frame.or(toggle).first()).toBeVisible();
  if ((await frame.count()) === 0) await toggle.click();
  await expect(frame.first()).toBeVisible();
  return page.frameLocator("iframe").first();
}

/** A language's part of a data/ file of the copy, as the editor left it. */
const readData = <T>(file: string, language: LanguageCode = "en") =>
  (readContentYaml(fs.readFileSync(path.join(project, "data", file), "utf8"), file) as Record<string, T> | undefined)?.[
    language
  ];

test(
  "the editor refuses a phone number the build would refuse, with the build's wording",
  { tag: "@full" },
  async ({ page }) => {
    const before = fs.readFileSync(path.join(project, "data", "contact.yaml"), "utf8");
    await openEntry(page, "contact");
    await page.getByLabel("Phone number", { exact: true }).first().fill("555 0142");
    await publish(page);
    const { message, max } = formats.uaePhone;
    await expect(page.getByText(`Must ${message.replace(/^must /, "")}, ${tooLong(max)}.`)).toBeVisible();
    expect(fs.readFileSync(path.join(project, "data", "contact.yaml"), "utf8")).toBe(before);
  },
);

/**
 * What each file's preview must show, read from the content: the preview is
 * drawn by the site's components, so it has the site's headings, regions,
 * links and pictures.
 */
const { siteYaml: site, contactYaml: contact, pagesYaml: pageTexts } = content;
const previewChecks: Record<string, (preview: FrameLocator) => Promise<void>> = {
  site: async (preview) => {
    await expect(preview.getByRole("banner").getByRole("link", { name: site.companyName })).toBeVisible();
    await expect(preview.getByRole("contentinfo").getByText(site.blurb)).toBeVisible();
    await expect(preview.getByRole("contentinfo").getByRole("link", { name: contact.salesEmail })).toBeVisible();
  },
  contact: async (preview) => {
    const details = preview.getByRole("region", { name: contact.panelHeading });
    await expect(details.getByText(contact.street)).toBeVisible();
    for (const { number } of contact.phones) await expect(details.getByRole("link", { name: number })).toBeVisible();
    await expect(preview.getByRole("link", { name: contact.chatLabel })).toHaveAttribute("href", contact.chatUrl);
  },
  pages: async (preview) => {
    const headings = [...pages.map((page) => page.heading), pageTexts.notFound.heading];
    await expect(preview.getByRole("heading", { level: 1 })).toHaveText(headings);
  },
  slides: async (preview) => {
    const slideshow = preview.getByRole("region", { name: pageTexts.home.heading });
    await expect(slideshow.getByRole("listitem").filter({ hasText: /\S/ })).toHaveText(
      content.slidesYaml.slides.map((slide) => slide.headline),
    );
    // The site's stylesheet: the headline shown is white and bold over the picture.
    const shown = slideshow.getByText(content.slidesYaml.slides[0]?.headline ?? "", { exact: true });
    await expect(shown).toHaveCSS("color", "rgb(255, 255, 255)");
    await expect(shown).toHaveCSS("font-weight", "700");
  },
  "why-us": async (preview) => {
    await expect(preview.getByRole("heading", { level: 2, name: content.whyUsYaml.heading })).toBeVisible();
    await expect(preview.getByRole("heading", { level: 3 })).toHaveText(
      content.whyUsYaml.points.map((point) => point.title),
    );
  },
  about: async (preview) => {
    await expect(preview.getByRole("heading", { level: 2 })).toHaveText(
      content.aboutYaml.sections.map((section) => section.title),
    );
  },
  privacy: async (preview) => {
    await expect(preview.getByRole("heading", { level: 2 })).toHaveText(
      content.privacyYaml.sections.map((section) => section.title),
    );
    // The placeholders filled as on the site: the sales address a link, the retention the service's own.
    await expect(preview.getByRole("link", { name: content.contactYaml.salesEmail }).first()).toBeVisible();
    await expect(preview.getByText(String(retentionDays()), { exact: false }).first()).toBeVisible();
  },
  services: async (preview) => {
    const cards = preview.getByRole("article");
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(
      content.servicesYaml.services.map((service) => service.title),
    );
    // The site's stylesheet: cards have the site's rounded corners.
    await expect(cards.first()).toHaveCSS("border-radius", "16px");
  },
  industries: async (preview) => {
    const options = preview.getByRole("combobox").getByRole("option");
    await expect(options).toHaveText([
      content.enquiryFormYaml.industryPlaceholder,
      ...content.industriesYaml.industries,
    ]);
  },
  "image-row": async (preview) => {
    for (const { alt } of content.imageRowYaml.images) {
      await expect(preview.getByRole("img", { name: alt, exact: true })).toBeVisible();
    }
  },
  partners: async (preview) => {
    await expect(preview.getByRole("heading", { name: content.partnersYaml.heading })).toBeVisible();
    for (const { alt } of content.partnersYaml.partners) {
      await expect(preview.getByRole("img", { name: alt, exact: true })).toBeVisible();
    }
  },
  "enquiry-form": async (preview) => {
    for (const label of Object.values(fixedWords.formLabels))
      await expect(preview.getByLabel(label, { exact: true })).toBeVisible();
    await expect(preview.getByRole("button", { name: fixedWords.submit })).toBeVisible();
  },
};

test(
  "every file's preview shows its content through the site's own components and styles",
  { tag: "@full" },
  async ({ page }) => {
    test.setTimeout(180_000);
    expect(Object.keys(previewChecks).sort()).toEqual(collections.map(({ file }) => file.replace(".yaml", "")).sort());
    for (const [collection, check] of Object.entries(previewChecks)) {
      await openEntry(page, collection);
      const preview = await showPreview(page);
      await test.step(collection, () => check(preview));
    }
  },
);

test("a change in the editor shows in its preview before it is published", { tag: "@full" }, async ({ page }) => {
  await openEntry(page, "services");
  const preview = await showPreview(page);
  await page.getByLabel("Title", { exact: true }).first().fill("Printers that print");
  await expect(preview.getByRole("article").first().getByRole("heading")).toHaveText("Printers that print");
});

test(
  "a slide headline in both languages and a phone number changed in /admin land in the YAML files, each in its place",
  { tag: "@full" },
  async ({ page }) => {
    // What data/ holds is what the pages show: the second content set builds another data/ and every suite reads
    // its expectations from the files (docs/testing.md), so no build is needed here to follow the edit further.
    const headline = "Round-the-Clock IT Support for Dubai Businesses";
    const arabicHeadline = "دعم تقنية المعلومات على مدار الساعة لشركات دبي";
    const phone = "+971 4 555 0199";

    await openEntry(page, "slides");
    // Both languages side by side: the English fields, then the Arabic ones, each with its own value.
    const headlines = page.getByLabel("Headline", { exact: true });
    await headlines.first().fill(headline);
    const arabicFirst = await headlines.evaluateAll(
      (inputs, text) => inputs.findIndex((input) => (input as HTMLInputElement).value === text),
      contents.ar.slidesYaml.slides[0]?.headline,
    );
    expect(arabicFirst).toBeGreaterThan(0);
    await headlines.nth(arabicFirst).fill(arabicHeadline);
    await publishAndWaitUntilSaved(page);
    await expect
      .poll(() => readData<{ slides?: { headline: string }[] }>("slides.yaml")?.slides?.[0]?.headline)
      .toBe(headline);
    await expect
      .poll(() => readData<{ slides?: { headline: string }[] }>("slides.yaml", "ar")?.slides?.[0]?.headline)
      .toBe(arabicHeadline);
    // The Arabic part keeps to the translated fields: the pictures stay the English part's alone.
    expect(readData<{ slides?: Record<string, string>[] }>("slides.yaml", "ar")?.slides?.[0]).toEqual({
      headline: arabicHeadline,
    });

    // The numbers as written in data/ (the build reads "02 555 0100" as "+971 2 555 0100"; the file keeps it).
    const phoneNumbers = () =>
      readData<{ phones?: { number: string }[] }>("contact.yaml")?.phones?.map(({ number }) => number);
    const numbersBefore = phoneNumbers() ?? [];
    await openEntry(page, "contact");
    await page.getByLabel("Phone number", { exact: true }).nth(1).fill(phone);
    await publishAndWaitUntilSaved(page);
    await expect.poll(phoneNumbers).toEqual(numbersBefore.map((number, index) => (index === 1 ? phone : number)));
  },
);

test(
  "the deployed editor loads from the site itself under its own policy, and stays out of search engines",
  { tag: "@full" },
  async ({ page, request }) => {
    for (const address of ["/admin", "/admin/"]) {
      const response = await request.get(address);
      expect(response.status()).toBe(200);
      // Exactly the editor's policy: a second one, joined on by the host, would also apply and block the editor.
      expect(response.headers()["content-security-policy"]).toBe(adminContentSecurityPolicy());
      expect(await response.text()).toMatch(/<meta name="robots" content="noindex, nofollow"\s*\/?>/);
    }
    expect((await request.get("/about/")).headers()["content-security-policy"]).not.toContain("unsafe-eval");

    const violations: string[] = [];
    const outside: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on("request", (sent) => {
      if (
        !sent.url().startsWith("http://127.0.0.1:") &&
        !sent.url().startsWith("data:") &&
        !sent.url().startsWith("blob:")
      )
        outside.push(sent.url());
    });
    for (const address of ["/admin", "/admin/"]) {
      await page.goto(address);
      await expect(page.getByRole("button", { name: /Login/ })).toBeVisible({ timeout: 30_000 });
      // The sign-in page is the company's: its name above, its mark (the logo from data/, or the site's icon).
      await expect(page.locator("#editor-bar")).toContainText(site.companyName);
      const mark = page.locator("#editor-bar img");
      await expect(mark).toHaveAttribute("src", LOGO_FILE);
      await expect.poll(() => mark.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    expect(violations).toEqual([]);
    expect(outside).toEqual([]);

    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/admin");
    expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /admin/");
  },
);
