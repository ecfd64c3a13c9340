import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";

/** One drawn line of text over a picture, and how far it stands out from the brightest or darkest part behind it. */
export interface LineOverPicture {
  text: string;
  /** WCAG's large text: 24 px, or 18.66 px bold. */
  large: boolean;
  /** The contrast ratio with the pixel behind the line that is closest to the text's own colour. */
  contrast: number;
}

/** WCAG's relative luminance of an sRGB colour (0-255 channels). */
function luminance([red, green, blue]: readonly number[]): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red ?? 0) + 0.7152 * linear(green ?? 0) + 0.0722 * linear(blue ?? 0);
}

/** The average relative luminance of a picture's pixels (0 black, 1 white), from its file or a screenshot. */
export async function meanLuminance(picture: Buffer): Promise<number> {
  const { data, info } = await sharp(picture)
    .resize({ width: 160 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let at = 0; at < data.length; at += info.channels)
    sum += luminance([data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0]);
  return Math.round((sum / (info.width * info.height)) * 1000) / 1000;
}

const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The lines of the visible headings and headlines (h1 and list items) of a
 * region drawn over a picture, each measured against what is drawn behind it:
 * the region is photographed once with those texts made transparent, and every
 * pixel under each line is compared with the text's colour.
 */
export async function textOverPictures(page: Page, region: Locator): Promise<LineOverPicture[]> {
  const box = await region.boundingBox();
  if (!box) throw new Error("The region is not on screen.");
  const lines = await region.evaluate((element) => {
    const found: {
      text: string;
      colour: number[];
      large: boolean;
      rects: { x: number; y: number; w: number; h: number }[];
    }[] = [];
    for (const text of element.querySelectorAll<HTMLElement>("h1, li")) {
      const style = getComputedStyle(text);
      if (Number(style.opacity) < 0.5 || !text.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const size = Number.parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      found.push({
        text: text.textContent.trim().slice(0, 40),
        colour: (style.color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number),
        large: size >= 24 || (size >= 18.66 && bold),
        rects: [...range.getClientRects()]
          .filter((rect) => rect.width > 0)
          .map((rect) => ({ x: rect.x, y: rect.y, w: rect.width, h: rect.height })),
      });
      text.style.setProperty("color", "transparent", "important");
    }
    return found;
  });
  // Only what is behind the texts is left to photograph; one frame later it is drawn.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shot = await page.screenshot({ clip: box });
  await region.evaluate((element) => {
    for (const text of element.querySelectorAll<HTMLElement>("h1, li")) text.style.removeProperty("color");
  });
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return lines.flatMap((line) => {
    const textLuminance = luminance(line.colour);
    return line.rects.map((rect) => {
      let worst = Infinity;
      const left = Math.max(0, Math.floor(rect.x - box.x));
      const right = Math.min(info.width, Math.ceil(rect.x - box.x + rect.w));
      const top = Math.max(0, Math.floor(rect.y - box.y));
      const bottom = Math.min(info.height, Math.ceil(rect.y - box.y + rect.h));
      for (let y = top; y < bottom; y += 1) {
        for (let x = left; x < right; x += 1) {
          const at = (y * info.width + x) * info.channels;
          worst = Math.min(
            worst,
            ratio(textLuminance, luminance([data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0])),
          );
        }
      }
      return { text: line.text, large: line.large, contrast: Math.round(worst * 100) / 100 };
    });
  });
}
