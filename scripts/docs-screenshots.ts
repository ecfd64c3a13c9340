#!/usr/bin/env node
/**
 * Screenshots of the content editor for docs/editing.md, one per collection.
 * Start the editor first (`npm run edit`), then run this script; the pictures
 * are written to docs/images/ as JPEG.
 *
 *   npx tsx scripts/docs-screenshots.ts [--url http://127.0.0.1:8080/admin/]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { readContentYaml } from "../plugins/site-content/read-yaml";
import sharp from "sharp";
import { chromiumArgs, chromiumPath } from "./chromium";
import { runCommand } from "./cli";

async function main() {
  const { values } = parseArgs({ options: { url: { type: "string", default: "http://127.0.0.1:8080/admin/" } } });
  const response = await fetch(new URL("config.yml", values.url));
  if (!response.ok) throw new Error(`The editor does not answer at ${values.url}: start it with npm run edit.`);
  const config = readContentYaml(await response.text(), "config.yml") as {
    collections: { name: string; label: string }[];
  };

  const folder = path.resolve("docs", "images");
  fs.mkdirSync(folder, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(values.url);
  await page.getByRole("button", { name: "Login" }).click();
  await page
    .getByText(config.collections[0]?.label ?? "")
    .first()
    .waitFor();
  await page.screenshot({ path: path.join(folder, "editor-home.png") });

  for (const { name } of config.collections) {
    await page.goto("about:blank");
    await page.goto(`${values.url}#/collections/${name}/entries/${name}`);
    await page.getByRole("button", { name: /^Publish/ }).waitFor();
    await page.locator("input, textarea").first().waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(folder, `${name}.png`) });
  }
  await browser.close();

  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith(".png"))) {
    const source = path.join(folder, file);
    await sharp(source)
      .resize(1024)
      .jpeg({ quality: 78, mozjpeg: true })
      .toFile(source.replace(/\.png$/, ".jpg"));
    fs.rmSync(source);
  }
  console.log(`Screenshots written to ${path.relative(process.cwd(), folder)}/`);
}

runCommand(main);
