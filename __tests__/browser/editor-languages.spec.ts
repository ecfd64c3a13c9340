import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Browser, Locator, Page } from "@playwright/test";
import { languages } from "../../contract/src/languages";
import { EDITOR_LANGUAGES, type EditorLanguage } from "../../plugins/site-admin/cms-config";
import { decapArabic } from "../../plugins/site-admin/editor/decap-words";
import {
  brandColourProblems,
  collections,
  colourMissing,
  colourButton,
  type Fields,
} from "../../plugins/site-content/model";
import { modelArabic, paletteProblemArabic, colourButtonArabic } from "../../plugins/site-content/model-arabic";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { contents } from "../support/content";
import { expect, test } from "./support/fixtures";
import { startLocalEditor, type LocalEditor } from "./support/local-editor";

/**
 * The editor as the company's staff meet it, in the language their browser
 * prefers, on a computer and on a phone: the company's name on the sign-in
 * page and above the editor, the editor's own words in that language and
 * direction, every Arabic value written right to left and every English one
 * left to right, every picture field showing its picture, and on a phone an
 * entry that fits the screen, one language at a time, with Publish in reach.
 * Expectations come from data/, the content model and the editor's phrase
 * books, so any valid content keeps this true.
 */
let editor: LocalEditor;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  editor = await startLocalEditor("editor-languages");
});

test.afterAll(async () => {
  await editor.stop();
  fs.rmSync(editor.project, { recursive: true, force: true });
});

/** The words an editor reads in each interface language: Decap's own (English as Decap writes it) and the model's. */
const words = {
  en: {
    login: "Login",
    collections: "Collections",
    published: "Published",
    publish: "Publish",
    publishNow: "Publish now",
    say: (english: string) => english,
  },
  ar: {
    login: decapArabic.auth.login,
    collections: decapArabic.collection.sidebar.collections,
    published: decapArabic.editor.editorToolbar.published,
    publish: decapArabic.editor.editorToolbar.publish,
    publishNow: decapArabic.editor.editorToolbar.publishNow,
    say: (english: string) => modelArabic[english] ?? english,
  },
} satisfies Record<EditorLanguage, unknown>;

const PHONE = { width: 390, height: 844 };

async function editorPage(browser: Browser, language: EditorLanguage, width: number): Promise<Page> {
  const phone = width < 768;
  const context = await browser.newContext({
    locale: language === "ar" ? "ar-AE" : "en-US",
    viewport: phone ? PHONE : { width, height: 900 },
    isMobile: phone,
    hasTouch: phone,
  });
  return context.newPage();
}

/** Signs in to the local editor, whose sign-in page the page shows, in any interface language. */
async function signIn(page: Page, language: EditorLanguage): Promise<void> {
  await page.getByRole("button", { name: words[language].login }).click();
  await expect(page.getByRole("heading", { name: words[language].collections })).toBeVisible();
}

/** Opens a collection's file, as an editor does: through the collection's page. */
async function openFile(page: Page, collection: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#/collections/${collection}`);
  await page.locator(`a[href$="#/collections/${collection}/entries/${collection}"]`).click();
  await expect(page.locator("input, textarea").first()).not.toHaveValue("");
}

/** Every picture a file's English part names, in the order the editor shows their fields. */
function picturesOf(fields: Fields, value: unknown): string[] {
  if (!value || typeof value !== "object") return [];
  return Object.entries(fields).flatMap(([name, field]) => {
    const held = (value as Record<string, unknown>)[name];
    if (field.kind === "image") return typeof held === "string" ? [held] : [];
    if (field.kind === "group") return picturesOf(field.fields, held);
    if (field.kind === "list" && field.of.kind === "group" && Array.isArray(held)) {
      const entry = field.of.fields;
      return held.flatMap((item) => picturesOf(entry, item));
    }
    return [];
  });
}

/** The values a column shows, each with its language and direction as the browser reads them. */
const valuesIn = (page: Page, pane: string) =>
  page.locator(`${pane} :is(input[type="text"]:not([role="combobox"]), textarea)`).evaluateAll((fields) =>
    fields
      .filter((field) => (field as HTMLElement).offsetParent !== null)
      .map((field) => ({
        value: (field as HTMLInputElement).value.slice(0, 30),
        lang: field.closest("[lang]")?.getAttribute("lang"),
        dir: getComputedStyle(field).direction,
      })),
  );

/** What must hold on any page of the editor: nothing wider than the screen. */
async function fitsTheScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const language of EDITOR_LANGUAGES) {
  const company = contents[language].siteYaml.companyName;
  const direction = languages.find(({ code }) => code === language)?.dir ?? "ltr";

  test(
    `an editor reading ${language}: the sign-in page names the company, every file and field in ${language}, every value in its language, every picture shown`,
    { tag: "@full" },
    async ({ browser }) => {
      test.setTimeout(240_000);
      const page = await editorPage(browser, language, 1280);
      await page.goto(editor.url);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("html")).toHaveAttribute("dir", direction);
      await expect(page.locator("#editor-bar")).toContainText(company);
      await expect(page.getByRole("button", { name: words[language].login })).toBeVisible();
      // The company's bar, not Decap's logo.
      expect(
        await page
          .locator('[class*="-DecapLogoIcon"]')
          .evaluateAll((logos) => logos.map((logo) => logo.getBoundingClientRect().width)),
      ).toEqual([0]);
      await signIn(page, language);
      for (const collection of collections) {
        const name = collection.file.replace(/\.yaml$/, "");
        await test.step(collection.file, async () => {
          await openFile(page, name);
          // Its fields named in the editor's language: the first field's label (Decap writes labels in capitals by style).
          const [first] = Object.values(collection.fields);
          await expect(page.locator(".Pane1 label").first()).toHaveText(words[language].say(first?.label ?? ""));
          // Both columns side by side, each value in its own language and direction.
          for (const [index, code] of languages.map(({ code }) => code).entries()) {
            const values = await valuesIn(page, `.Pane${index + 1}`);
            expect(values.length).toBeGreaterThan(0);
            const dir = languages[index]?.dir;
            expect(values.filter((value) => value.lang !== code || value.dir !== dir)).toEqual([]);
          }
          // Every picture field shows its picture: the picture drawn is the file's own, at its own size.
          const raw = readContentYaml(
            fs.readFileSync(path.join(editor.project, "data", collection.file), "utf8"),
            collection.file,
          ) as Record<string, unknown>;
          const files = picturesOf(collection.fields, raw.en);
          const widths = await Promise.all(
            files.map(async (file) => (await sharp(path.join(editor.project, "data", file)).metadata()).width),
          );
          const shown = page.locator(".Pane1 img[role=presentation]");
          await expect(shown).toHaveCount(files.length);
          await expect
            .poll(() => shown.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)))
            .toEqual(widths);
          // A picture written once, in English, shows nothing in the Arabic column.
          await expect(page.locator(".Pane2 img[role=presentation]").filter({ visible: true })).toHaveCount(0);
          await fitsTheScreen(page);
        });
      }
      // A list's entries, folded, are known by their text, in their column's language and direction.
      await openFile(page, "slides");
      await page.locator('.Pane2 [data-testid="expand-button"]').first().click();
      const summaries = page.locator('.Pane2 [class*="-NestedObjectLabel"]');
      await expect(summaries).toHaveText(contents.ar.slidesYaml.slides.map((slide) => slide.headline));
      expect(
        await summaries.evaluateAll((labels) =>
          labels.map((label) => `${(label as HTMLElement).lang} ${getComputedStyle(label).direction}`),
        ),
      ).toEqual(contents.ar.slidesYaml.slides.map(() => "ar rtl"));
      await page.context().close();
    },
  );

  test(
    `on a phone, in ${language}: an entry fits the screen, one language at a time, Publish in reach`,
    { tag: "@full" },
    async ({ browser }) => {
      test.setTimeout(120_000);
      const page = await editorPage(browser, language, PHONE.width);
      await page.goto(editor.url);
      await expect(page.locator("#editor-bar")).toContainText(company);
      await fitsTheScreen(page);
      await signIn(page, language);
      for (const collection of collections) {
        await test.step(collection.file, async () => {
          await openFile(page, collection.file.replace(/\.yaml$/, ""));
          await fitsTheScreen(page);
          const publish = page.getByRole("button", { name: words[language].published, exact: true });
          const box = await publish.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height).toBe(
            true,
          );
          // One language at a time: the second column is not shown.
          await expect(page.locator(".Pane2")).toBeHidden();
        });
      }
      // The column's language menu switches it to the other language, written in its own direction.
      const menu = page.locator('[class*="-LocaleButton"]').first();
      for (const { code, dir } of languages) {
        await menu.click();
        await page.getByRole("menuitem", { name: code, exact: true }).click();
        const values = await valuesIn(page, ".Pane1");
        expect(values.length).toBeGreaterThan(0);
        expect(values.filter((value) => value.lang !== code || value.dir !== dir)).toEqual([]);
        await fitsTheScreen(page);
      }
      await page.context().close();
    },
  );
}

test(
  "the switch in the editor's bar changes the editor's language, and the editor keeps it",
  { tag: "@full" },
  async ({ page }) => {
    await page.goto(editor.url);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page
      .locator("#editor-bar")
      .getByRole("button", { name: /العربية/ })
      .click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("button", { name: decapArabic.auth.login })).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page
      .locator("#editor-bar")
      .getByRole("button", { name: /English/ })
      .click();
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  },
);

/**
 * The brand colours, checked where the editor types them, with the build's own words in the editor's language
 * (the check is model.ts's, the same the build runs): Arabic on a phone, English on a computer.
 */
for (const language of EDITOR_LANGUAGES) {
  const phone = language === "ar";
  test(
    `in ${language}${phone ? ", on a phone" : ""}: a brand colour is checked as it is typed, offered the nearest that passes, and never saved while it fails`,
    { tag: "@full" },
    async ({ browser }) => {
      const say = words[language].say;
      const page = await editorPage(browser, language, phone ? PHONE.width : 1280);
      await page.goto(editor.url);
      await signIn(page, language);
      await openFile(page, "site");
      const file = path.join(editor.project, "data", "site.yaml");
      const before = fs.readFileSync(file, "utf8");
      const site = (readContentYaml(fs.readFileSync(file, "utf8"), file) as { en: Record<string, unknown> }).en;
      const field = (name: "mainColour" | "accentColour") => {
        const label = collections.find((collection) => collection.file === "site.yaml")?.fields[name]?.label ?? name;
        return page.getByRole("textbox", { name: new RegExp(`^${say(label)}`) });
      };
      const main = field("mainColour");
      const accent = field("accentColour");
      const said = async (input: Locator) => page.locator(`#${await input.getAttribute("aria-describedby")}`);
      const problemOf = (colours: Record<string, string>, name: string) => {
        const problem = brandColourProblems({ ...site, ...colours }).find((found) => found.field === name);
        if (!problem) return undefined;
        if (language === "en") return problem.message;
        return problem.palette ? paletteProblemArabic(problem.palette) : say(colourMissing);
      };

      // A light blue white text cannot be read on, the accent left empty: the accent's field says so at once.
      await main.fill("#88ccee");
      await accent.fill("");
      await expect(await said(accent)).toHaveText(
        problemOf({ mainColour: "#88ccee", accentColour: "" }, "accentColour") ?? "",
      );
      // The accent given: the main colour's field names its pair and offers the nearest colour that passes.
      await accent.fill("#ffffff");
      const refused = brandColourProblems({ ...site, mainColour: "#88ccee", accentColour: "#ffffff" })[0]?.palette;
      expect(refused?.colour).toBe("main");
      await expect(await said(main)).toHaveText(
        problemOf({ mainColour: "#88ccee", accentColour: "#ffffff" }, "mainColour") ?? "",
      );
      await expect(main).toHaveAttribute("aria-invalid", "true");

      // Publishing is refused while it fails, with the same words, and the file is as it was.
      await page.getByRole("button", { name: words[language].publish, exact: true }).click();
      await page.getByRole("menuitem", { name: words[language].publishNow }).click();
      // Decap lists a field's errors above it, as it does for every rule: this one in the build's words.
      await expect(page.locator('[class*="-ControlErrorsList"]')).toContainText(
        problemOf({ mainColour: "#88ccee", accentColour: "#ffffff" }, "mainColour") ?? "",
      );
      expect(fs.readFileSync(file, "utf8")).toBe(before);

      // One tap puts the nearest colour in; the field then says how the pair reads, and it publishes.
      const nearest = refused?.nearest ?? "";
      await page
        .getByRole("button", { name: language === "ar" ? colourButtonArabic(nearest) : colourButton(nearest) })
        .click();
      await expect(main).toHaveValue(nearest);
      await expect(main).not.toHaveAttribute("aria-invalid");
      await expect(await said(main)).toContainText("4.5:1");
      await page.getByRole("button", { name: words[language].publish, exact: true }).click();
      await page.getByRole("menuitem", { name: words[language].publishNow }).click();
      await expect(page.getByText(words[language].published, { exact: true })).toBeVisible();
      const saved = (readContentYaml(fs.readFileSync(file, "utf8"), file) as { en: Record<string, unknown> }).en;
      expect({ main: saved.mainColour, accent: saved.accentColour }).toEqual({ main: nearest, accent: "#ffffff" });
      // Put back as it was, for the tests after this one.
      fs.writeFileSync(file, before);
      await page.context().close();
    },
  );
}
