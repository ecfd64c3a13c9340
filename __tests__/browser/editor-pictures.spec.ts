import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { checkContent } from "../../plugins/site-content/check";
import { collections } from "../../plugins/site-content/model";
import { privateDetails } from "../../plugins/site-content/picture-metadata";
import { withPrivateMetadata } from "../support/private-picture";
import { expect, test } from "./support/fixtures";
import {
  openEntry,
  publish,
  publishAndWaitUntilSaved,
  startLocalEditor,
  type LocalEditor,
} from "./support/local-editor";

/**
 * Every kind of field, changed in the editor as an editor changes it, is
 * saved to data/ as shown: a picture uploaded and chosen in the media
 * library (after "Remove image" too), a picture already there chosen again,
 * an icon and a page picked from their lists, a multi-line text in each
 * language. And a file the editor cannot save is named as such, with data/
 * as it was. `npm run edit` in a copy of the project, driven in Chromium.
 */
let editor: LocalEditor;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  editor = await startLocalEditor("editor-pictures");
});

test.afterAll(async () => {
  await editor.stop();
  fs.rmSync(editor.project, { recursive: true, force: true });
  fs.rmSync(`${editor.project}-uploads`, { recursive: true, force: true });
});

const dataFile = (file: string) => path.join(editor.project, "data", file);

/** A language's part of a data/ file as the editor left it. */
function part(file: string, language = "en"): Record<string, unknown> {
  const raw = readContentYaml(fs.readFileSync(dataFile(file), "utf8"), file) as Record<string, unknown>;
  return raw[language] as Record<string, unknown>;
}

/** A file on the editor's computer, outside the project, to upload. Names are lower case, as the editor saves them. */
function fileToUpload(name: string): string {
  const folder = `${editor.project}-uploads`;
  fs.mkdirSync(folder, { recursive: true });
  return path.join(folder, name);
}

/** What the editor's page posts to its backend to save a picture: the picture, or an entry with its pictures. */
interface SavedByEditor {
  params?: { asset?: { content?: string }; assets?: { content?: string }[] };
}

/** A picture made for the test, unlike any in data/: a block of one colour, as a PNG. */
async function newPicture(name: string, width: number, height: number): Promise<string> {
  const file = fileToUpload(name);
  await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toFile(file);
  return file;
}

test(
  "a slide's picture and a partner's logo uploaded, and the sharing picture chosen, are saved to data/",
  { tag: "@full" },
  async ({ page }) => {
    test.setTimeout(180_000);
    const slides = collections.find(({ file }) => file === "slides.yaml");
    const pictureLabel =
      slides?.fields.slides?.kind === "list" && slides.fields.slides.of.kind === "group"
        ? slides.fields.slides.of.fields.image?.label
        : undefined;
    expect(pictureLabel).toBeDefined();
    const oldSlide = (part("slides.yaml").slides as { image: string }[])[0]?.image ?? "";

    await test.step("a slide's picture, a phone's photo, uploaded without where, with what and by whom it was taken", async () => {
      // As a phone leaves it: the position, the camera and the author in its file.
      const upload = fileToUpload("new-slide.jpg");
      fs.writeFileSync(upload, await withPrivateMetadata(await newPicture("new-slide-drawn.png", 1600, 700)));
      expect(privateDetails(fs.readFileSync(upload))).toEqual(["location", "camera", "author"]);
      // What the editor's page sends to be saved, as it leaves the browser.
      const sent: Buffer[] = [];
      page.on("request", (request) => {
        const body = request.method() === "POST" ? (request.postDataJSON() as SavedByEditor | null) : null;
        for (const asset of [body?.params?.asset, ...(body?.params?.assets ?? [])])
          if (asset?.content) sent.push(Buffer.from(asset.content, "base64"));
      });
      await openEntry(page, editor.url, "slides");
      await page.getByRole("button", { name: "Choose different image" }).first().click();
      await page.locator('input[type="file"]').setInputFiles(upload);
      await page.getByRole("button", { name: "Choose selected" }).click();
      // The new picture is shown in its field as soon as it is chosen.
      const shown = page.locator("img[role=presentation]").first();
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
      await publishAndWaitUntilSaved(page);
      const name = path.basename(upload);
      await expect.poll(() => (part("slides.yaml").slides as { image: string }[])[0]?.image).toBe(`./images/${name}`);
      expect(fs.existsSync(dataFile(`images/${name}`))).toBe(true);
      expect(sent.length).toBeGreaterThan(0);
      for (const picture of sent) expect(privateDetails(picture)).toEqual([]);
      expect(privateDetails(fs.readFileSync(dataFile(`images/${name}`)))).toEqual([]);
      // The picture it replaced stays: the live site shows it until this change is published.
      expect(fs.existsSync(path.join(editor.project, "data", oldSlide))).toBe(true);
    });

    await test.step("a partner's logo, removed first, then uploaded", async () => {
      const upload = await newPicture("new-logo.png", 480, 160);
      await openEntry(page, editor.url, "partners");
      await page.getByRole("button", { name: "Remove image" }).first().click();
      await page.getByRole("button", { name: "Choose an image" }).first().click();
      await page.locator('input[type="file"]').setInputFiles(upload);
      await page.getByRole("button", { name: "Choose selected" }).click();
      await publishAndWaitUntilSaved(page);
      await expect
        .poll(() => (part("partners.yaml").partners as { logo: string }[])[0]?.logo)
        .toBe(`./images/${path.basename(upload)}`);
    });

    await test.step("the sharing picture, one already in the library chosen", async () => {
      const before = part("site.yaml").socialImage;
      const chosen = (part("slides.yaml").slides as { image: string }[])[1]?.image ?? "";
      const site = collections.find(({ file }) => file === "site.yaml");
      const label = site?.fields.socialImage?.label ?? "";
      expect(label).not.toBe("");
      await openEntry(page, editor.url, "site");
      // The sharing picture's own field: the site entry has other pictures (the logo) before it.
      const button = page.getByRole("button", { name: "Choose different image" });
      const field = page
        .locator("div")
        .filter({ has: page.locator("label", { hasText: label }) })
        .filter({ has: button })
        .last();
      await field.getByRole("button", { name: "Choose different image" }).click();
      // The library lists every picture of data/images: the editor finds one by its name.
      await page.getByPlaceholder("Search...").fill(path.basename(chosen, path.extname(chosen)));
      await page.getByText(path.basename(chosen), { exact: true }).click();
      await page.getByRole("button", { name: "Choose selected" }).click();
      await publishAndWaitUntilSaved(page);
      await expect.poll(() => part("site.yaml").socialImage).toBe(chosen);
      expect(chosen).not.toBe(before);
    });
  },
);

test(
  "an icon and a page picked from their lists, and a multi-line text in each language, are saved as shown",
  { tag: "@full" },
  async ({ page }) => {
    await openEntry(page, editor.url, "why-us");
    const points = part("why-us.yaml").points as { icon: string }[];
    const icon = page.getByLabel("Icon", { exact: true }).first();
    const currentIcon = points[0]?.icon ?? "";
    await icon.click();
    const other = page
      .getByRole("option")
      .filter({ hasNotText: new RegExp(`^${currentIcon}$`) })
      .first();
    const otherIcon = (await other.textContent()) ?? "";
    await other.click();
    const texts = page.locator("textarea");
    const englishText = "Engineers who answer within the hour.\n\nAnd stay until it works.";
    const arabicText = "مهندسون يردّون خلال ساعة.\n\nويبقون حتى تعمل أنظمتك.";
    await texts.first().fill(englishText);
    // The Arabic column's first text box: the first written right to left.
    await page.locator('textarea:is([dir="rtl"] textarea, [dir="rtl"])').first().fill(arabicText);
    await publishAndWaitUntilSaved(page);
    await expect.poll(() => (part("why-us.yaml").points as { icon: string }[])[0]?.icon).toBe(otherIcon);
    expect(part("why-us.yaml").text).toBe(englishText);
    expect(part("why-us.yaml", "ar").text).toBe(arabicText);

    await openEntry(page, editor.url, "pages");
    const actionPage = page.getByLabel("Call to action page", { exact: true }).first();
    await actionPage.click();
    await page.getByRole("option", { name: "/service", exact: true }).click();
    await publishAndWaitUntilSaved(page);
    await expect.poll(() => (part("pages.yaml").home as { actionPath: string }).actionPath).toBe("/service");
  },
);

test(
  "a phone typed the local way and the WhatsApp switch moved to another phone are saved as shown, and pass the check",
  { tag: "@full" },
  async ({ page }) => {
    const phones = part("contact.yaml").phones as { number: string; whatsapp?: boolean }[];
    test.skip(phones.length < 2, "data/contact.yaml has one phone number: the switch has nowhere to move");
    await openEntry(page, editor.url, "contact");
    // One switch per phone: the Arabic column shows none, the switch being written once, in English.
    const switches = page.getByRole("switch", { name: "Answers on WhatsApp" });
    await expect(switches).toHaveCount(phones.length);
    const from = Math.max(
      0,
      phones.findIndex((phone) => phone.whatsapp === true),
    );
    const to = from === 0 ? 1 : 0;
    await expect(switches.nth(from)).toHaveAttribute("aria-checked", "true");
    await switches.nth(from).click();
    await switches.nth(to).click();
    await expect(switches.nth(to)).toHaveAttribute("aria-checked", "true");
    const typed = "055 123 4567";
    await page.getByLabel("Phone number", { exact: true }).filter({ visible: true }).nth(to).fill(typed);
    await publishAndWaitUntilSaved(page);

    await expect.poll(() => (part("contact.yaml").phones as { number: string }[])[to]?.number).toBe(typed);
    const saved = part("contact.yaml").phones as { whatsapp?: boolean }[];
    expect(saved.map((phone) => phone.whatsapp === true)).toEqual(phones.map((_, index) => index === to));
    expect(JSON.stringify(part("contact.yaml", "ar"))).not.toContain("whatsapp");
    expect(await checkContent(path.join(editor.project, "data"))).toEqual([]);
  },
);

test(
  "a file that is not a picture is refused with a message, and nothing is saved",
  { tag: "@full" },
  async ({ page }) => {
    const notAPicture = fileToUpload("notes.png");
    fs.writeFileSync(notAPicture, "These are notes, not a picture.");
    const before = fs.readdirSync(dataFile("images")).sort();
    const file = fs.readFileSync(dataFile("image-row.yaml"), "utf8");
    await openEntry(page, editor.url, "image-row");
    await page.getByRole("button", { name: "Choose different image" }).first().click();
    await page.locator('input[type="file"]').setInputFiles(notAPicture);
    await page.getByRole("button", { name: "Choose selected" }).click();
    await publish(page);
    // The editor's server reads what the file holds, and says why it takes none of the change.
    await expect(page.getByText(/"notes\.png" is not a picture/).first()).toBeVisible();
    expect(fs.readFileSync(dataFile("image-row.yaml"), "utf8")).toBe(file);
    expect(fs.readdirSync(dataFile("images")).sort()).toEqual(before);
  },
);
