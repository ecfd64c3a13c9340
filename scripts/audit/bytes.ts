import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../chromium";
import type { AuditPage, PageBytes } from "./report-types";

const gzipSize = (content: string | Buffer) => zlib.gzipSync(content, { level: 9 }).length;

/**
 * Gzip bytes per page: the HTML (with the CSS Gatsby inlines into it), that
 * inlined CSS alone, linked stylesheets, and, measured in Chromium at
 * Lighthouse's phone size without any interaction, the JavaScript the page
 * runs on first load (every script request; prefetches of other pages are not
 * scripts and are not counted) and the pictures of the first screen.
 */
export async function measureBytes(baseUrl: string, publicDir: string, pages: AuditPage[]): Promise<PageBytes[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const results: PageBytes[] = [];
  try {
    for (const page of pages) {
      const html = fs.readFileSync(page.file, "utf8");
      const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]).join("");
      const stylesheets = [
        ...new Set(
          [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/gi)].map((match) => match[1] ?? ""),
        ),
      ];
      const linkedCss = stylesheets
        .map((href) => path.join(publicDir, new URL(href, baseUrl).pathname))
        .reduce((sum, file) => sum + gzipSize(fs.readFileSync(file)), 0);
      const firstLoad = await firstLoadBytes(browser, `${baseUrl}${page.path}`);

      results.push({
        page: page.name,
        html: gzipSize(html),
        inlineCss: inlineCss ? gzipSize(inlineCss) : 0,
        linkedCss,
        firstLoadJs: firstLoad.script,
        imagesFirstViewMobile: firstLoad.image,
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** Compressed bytes received per resource type while a phone loads the page and sits still. */
async function firstLoadBytes(browser: Browser, url: string) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const tab = await context.newPage();
  const pending: Promise<{ type: string; bytes: number }>[] = [];
  tab.on("requestfinished", (request) => {
    pending.push(request.sizes().then((sizes) => ({ type: request.resourceType(), bytes: sizes.responseBodySize })));
  });
  await tab.goto(url, { waitUntil: "networkidle" });
  await tab.waitForTimeout(500);
  const received = await Promise.all(pending);
  await context.close();
  const total = (type: string) =>
    received.filter((entry) => entry.type === type).reduce((sum, entry) => sum + entry.bytes, 0);
  return { script: total("script"), image: total("image") };
}
