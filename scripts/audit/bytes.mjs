import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./browser.mjs";

const gzipSize = (content) => zlib.gzipSync(content, { level: 9 }).length;

/**
 * Gzip bytes per page: the HTML (with the CSS Gatsby inlines into it), that
 * inlined CSS alone, linked stylesheets, the JavaScript the page loads before
 * any interaction (its script tags), and the pictures a phone downloads for
 * the first screen (measured in Chromium at Lighthouse's phone size).
 */
export async function measureBytes(baseUrl, publicDir, pages) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const results = [];
  try {
    for (const page of pages) {
      const html = fs.readFileSync(page.file, "utf8");
      const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]).join("");
      const assetSize = (pattern) =>
        [...new Set([...html.matchAll(pattern)].map((match) => match[1]))]
          .map((src) => path.join(publicDir, new URL(src, baseUrl).pathname))
          .filter((file) => fs.existsSync(file))
          .reduce((sum, file) => sum + gzipSize(fs.readFileSync(file)), 0);

      results.push({
        page: page.name,
        html: gzipSize(html),
        inlineCss: inlineCss ? gzipSize(inlineCss) : 0,
        linkedCss: assetSize(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/gi),
        firstLoadJs: assetSize(/<script[^>]+src="([^"]+)"/gi),
        imagesFirstViewMobile: await firstViewImageBytes(browser, `${baseUrl}${page.path}`),
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}

async function firstViewImageBytes(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const tab = await context.newPage();
  let bytes = 0;
  tab.on("response", async (response) => {
    if (response.request().resourceType() === "image") {
      const sizes = await response.request().sizes().catch(() => null);
      bytes += sizes?.responseBodySize ?? 0;
    }
  });
  await tab.goto(url, { waitUntil: "networkidle" });
  await tab.waitForTimeout(500);
  await context.close();
  return bytes;
}
