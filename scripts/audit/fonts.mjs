import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";

const require = createRequire(import.meta.url);

/**
 * The Arabic pages' type, measured both ways: the system fonts the site uses
 * (nothing to download) against a self-hosted web font, Noto Sans Arabic in the
 * two weights the pages use, first as the font's whole Arabic range, then
 * subsetted to exactly the characters the built Arabic pages hold. The
 * difference is what a web font would add to a visitor's first load.
 */
export async function measureArabicType(publicDir, languagePrefix = "ar") {
  const folder = path.join(publicDir, languagePrefix);
  const html = (function walk(current) {
    return fs.readdirSync(current, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.name.endsWith(".html") ? [fs.readFileSync(full, "utf8")] : [];
    });
  })(folder).join("\n");
  // The text of the pages: markup, styles and scripts aside.
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ");
  const characters = [...new Set(text)].join("");
  const weights = [];
  for (const weight of [400, 700]) {
    const file = require.resolve(`@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff2`);
    const font = fs.readFileSync(file);
    const subset = await subsetFont(font, characters, { targetFormat: "woff2" });
    weights.push({ weight, arabicRangeBytes: font.length, subsetBytes: subset.length });
  }
  return {
    chosen: "system fonts",
    systemFontBytes: 0,
    characters: [...characters].filter((character) => /[\u0600-\u06FF]/.test(character)).length,
    webFont: { family: "Noto Sans Arabic", weights },
  };
}
