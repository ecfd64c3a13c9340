#!/usr/bin/env node
/**
 * Screenshots of the content editor for docs/editing.md: the list of files and
 * each file in the English interface at 1280 pixels (both language columns,
 * the pictures shown), one file in the Arabic interface, and one on a phone in
 * Arabic. Start the editor first (`npm run edit`), then run this script; the
 * pictures are written to docs/images/ as JPEG.
 *
 *   npx tsx scripts/docs-screenshots.ts [--url http://127.0.0.1:8080/admin/]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { configAddress, type EditorLanguage } from "../plugins/site-admin/cms-config";
import { decapArabic } from "../plugins/site-admin/editor/decap-words";
import { readContentYaml } from "../plugins/site-content/read-yaml";
import { chromiumArgs, chromiumPath } from "./chromium";
import { runCommand } from "./cli";

const LOGIN: Record<EditorLanguage, string> = { en: "Login", ar: decapArabic.auth.login };

/** A page of the editor in an interface language, signed in, at a width (a phone's is drawn at twice its pixels). */
async function signedIn(browser: Browser, url: string, language: EditorLanguage, width: number): Promise<Page> {
  const phone = width < 768;
  const context = await browser.newContext({
    locale: language === "ar" ? "ar-AE" : "en-US",
    viewport: { width, height: phone ? 844 : 860 },
    ...(phone && { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole("button", { name: LOGIN[language] }).click();
  await page.locator('a[href*="#/collections/"]').first().waitFor();
  return page;
}

async function openFile(page: Page, url: string, name: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(`${url}#/collections/${name}/entries/${name}`);
  await page.locator("input, textarea").first().waitFor();
  // The pictures load after the fields.
  await page.waitForTimeout(1500);
}

async function main() {
  const { values } = parseArgs({ options: { url: { type: "string", default: "http://127.0.0.1:8080/admin/" } } });
  const response = await fetch(new URL(configAddress("en"), values.url));
  if (!response.ok) throw new Error(`The editor does not answer at ${values.url}: start it with npm run edit.`);
  const config = readContentYaml(await response.text(), "config.yml") as { collections: { name: string }[] };

  const folder = path.resolve("docs", "images");
  fs.mkdirSync(folder, { recursive: true });
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(folder, `${name}.png`) });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

  const english = await signedIn(browser, values.url, "en", 1280);
  await shot(english, "editor-home");
  for (const { name } of config.collections) {
    await openFile(english, values.url, name);
    await shot(english, name);
  }
  // Both columns side by side: the English left to right, the Arabic right to left.
  await openFile(english, values.url, "slides");
  await shot(english, "both-languages");

  const arabic = await signedIn(browser, values.url, "ar", 1280);
  await openFile(arabic, values.url, "partners");
  await shot(arabic, "editor-arabic");

  // On a phone, one column at a time: the Arabic one, chosen from the column's language menu.
  const phone = await signedIn(browser, values.url, "ar", 390);
  await openFile(phone, values.url, "contact");
  await phone.locator('[class*="-LocaleButton"]').first().click();
  await phone.getByRole("menuitem", { name: "ar", exact: true }).click();
  await shot(phone, "editor-phone");
  await browser.close();

  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith(".png"))) {
    const source = path.join(folder, file);
    // A phone's screenshot keeps its width (780 pixels drawn for 390); the others are made 1024 pixels wide.
    await sharp(source)
      .resize(file === "editor-phone.png" ? 780 : 1024)
      .jpeg({ quality: 78, mozjpeg: true })
      .toFile(source.replace(/\.png$/, ".jpg"));
    fs.rmSync(source);
  }
  console.log(`Screenshots written to ${path.relative(process.cwd(), folder)}/`);
}

runCommand(main);
