import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { parse } from "yaml";
import { languages } from "../../contract/src/languages";
import { collections, isShared, type Fields } from "../../plugins/site-content/model";
import { expect, test } from "./support/fixtures";
import { openEntry, publishAndWaitUntilSaved, startLocalEditor, type LocalEditor } from "./support/local-editor";

/**
 * What the editor saves reads as what it is: on every content file, a
 * one-line text changed in /admin in English and one in Arabic change those
 * two lines of the file and no other (its comments, wrapping and indentation
 * kept; every text of every file is swept by unit/yaml-in-place.test.ts);
 * and a list's fields written once, in English, show no control in the Arabic
 * column. The texts changed are found from the content model and data/, so
 * any valid content keeps this true.
 */
let editor: LocalEditor;
/** One editor page for the file's tests, in order: the editor loads once, and each test opens its file in it. */
let page: Page;
const dialogs: string[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  editor = await startLocalEditor("editor-saves");
  page = await browser.newPage();
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
});

test.afterEach(() => expect(dialogs.splice(0), "dialogs the editor opened").toEqual([]));

test.afterAll(async () => {
  await page?.close();
  await editor.stop();
  fs.rmSync(editor.project, { recursive: true, force: true });
});

/** Every one-line, translated text of a language's part, as the editor shows it in an input of its own. */
function oneLineTexts(fields: Fields, value: unknown): string[] {
  if (!value || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  return Object.entries(fields).flatMap(([name, field]) => {
    const held = record[name];
    if (isShared(field)) return [];
    if (field.kind === "text") return !field.multiline && typeof held === "string" ? [held] : [];
    if (field.kind === "group") return oneLineTexts(field.fields, held);
    if (field.kind === "list" && Array.isArray(held)) {
      const item = field.of;
      if (item.kind === "group") return held.flatMap((entry) => oneLineTexts(item.fields, entry));
      if (item.kind === "text" && !item.multiline) return held.filter((entry) => typeof entry === "string");
    }
    return [];
  });
}

/** A text an edit can change without breaking a rule of its field: plain words, written once in the file. */
const changeable = (text: string, all: string[]) =>
  text.length >= 3 && !/[{}\n]/.test(text) && all.filter((other) => other === text).length === 1;

for (const collection of collections) {
  const name = collection.file.replace(/\.yaml$/, "");
  test(
    `${collection.file}: a text changed in English and one in Arabic, published at once, change those two lines`,
    { tag: "@full" },
    async () => {
      const file = path.join(editor.project, "data", collection.file);
      const before = fs.readFileSync(file, "utf8");
      const raw = parse(before) as Record<string, unknown>;
      const all = languages.flatMap(({ code }) => oneLineTexts(collection.fields, raw[code]));
      await openEntry(page, editor.url, name);
      const inputs = page.locator("input");
      const values = await inputs.evaluateAll((elements) => elements.map((input) => (input as HTMLInputElement).value));
      const edits = languages.map(({ code, name: language }) => {
        const text = oneLineTexts(collection.fields, raw[code]).find(
          (candidate) => changeable(candidate, all) && values.includes(candidate),
        );
        // Every file has such a text in each language; the test needs one.
        expect(text, `a one-line ${language} text of ${collection.file} shown in an input`).toBeDefined();
        return { at: values.indexOf(text ?? ""), edited: `${(text ?? "").slice(0, -1)}!` };
      });
      for (const { at, edited } of edits) await inputs.nth(at).fill(edited);
      await publishAndWaitUntilSaved(page);
      await expect.poll(() => fs.readFileSync(file, "utf8")).not.toBe(before);
      // Line for line: the file keeps its length, and only the two lines holding the edits differ.
      const [old, now] = [before, fs.readFileSync(file, "utf8")].map((text) => text.split("\n"));
      expect(now).toHaveLength(old?.length ?? 0);
      const differing = (now ?? []).filter((line, index) => line !== old?.[index]);
      expect(differing).toEqual(edits.map(({ edited }) => expect.stringContaining(edited)));
    },
  );
}

test(
  "a list's pictures and icons, written once in English, show no control in the Arabic column",
  { tag: "@full" },
  async () => {
    for (const collection of collections) {
      const lists = Object.entries(collection.fields).flatMap(([name, field]) =>
        field.kind === "list" && field.of.kind === "group" && !isShared(field)
          ? Object.values(field.of.fields)
              .filter((inner) => isShared(inner) && inner.kind !== "list")
              .map((inner) => ({ name, label: inner.label }))
          : [],
      );
      if (lists.length === 0) continue;
      await test.step(collection.file, async () => {
        await openEntry(page, editor.url, collection.file.replace(/\.yaml$/, ""));
        const raw = parse(fs.readFileSync(path.join(editor.project, "data", collection.file), "utf8")) as {
          en: Record<string, unknown[]>;
        };
        for (const label of new Set(lists.map((list) => list.label))) {
          // One control for each English entry, none for the Arabic ones. Decap adds "(optional)" to the label
          // of a field that may stay empty, as a switch that is off does.
          const entries = lists
            .filter((list) => list.label === label)
            .reduce((sum, list) => sum + (raw.en[list.name]?.length ?? 0), 0);
          await expect(
            page
              .locator("label")
              .filter({ hasText: new RegExp(`^${label}( \\(optional\\))?$`) })
              .filter({ visible: true }),
          ).toHaveCount(entries);
        }
      });
    }
  },
);
