import type { Page } from "@playwright/test";
import { languages, localizedPath } from "../../contract/src/languages";
import { pagesIn } from "../support/content";
import { expect, openPage, test } from "./support/fixtures";

/**
 * Every focus ring is visible against what is behind it: at least 3:1, the
 * contrast WCAG asks of a control's boundary, measured for each element the
 * keyboard reaches, on every page, at phone and desktop width.
 */
interface Stop {
  element: string;
  ring: string;
  behind: string;
  width: number;
  contrast: number;
}

/** Tabs through the page and measures, for each element reached, its ring against the surface it sits on. */
async function focusStops(page: Page): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const parse = (color: string) => {
        const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
        return { r, g, b, a: color.startsWith("rgba") ? a : 1 };
      };
      // The surface behind the element: its ancestors' backgrounds, translucent ones laid over the first opaque one.
      const layers: ReturnType<typeof parse>[] = [];
      for (let node = element.parentElement; node; node = node.parentElement) {
        const layer = parse(getComputedStyle(node).backgroundColor);
        if (layer.a > 0) layers.unshift(layer);
        if (layer.a === 1) break;
      }
      const behind = layers.reduce(
        (under, over) => ({
          r: over.r * over.a + under.r * (1 - over.a),
          g: over.g * over.a + under.g * (1 - over.a),
          b: over.b * over.a + under.b * (1 - over.a),
          a: 1,
        }),
        { r: 255, g: 255, b: 255, a: 1 },
      );
      const style = getComputedStyle(element);
      const ring = parse(style.outlineColor);
      const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
        const channel = (value: number) => {
          const v = value / 255;
          return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const [light, dark] = [luminance(ring), luminance(behind)].sort((a, b) => b - a);
      return {
        element: `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`,
        ring: style.outlineStyle === "none" ? "none" : style.outlineColor,
        behind: `rgb(${Math.round(behind.r)}, ${Math.round(behind.g)}, ${Math.round(behind.b)})`,
        width: parseFloat(style.outlineWidth),
        contrast: Math.round((((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)) * 100) / 100,
      };
    });
    if (
      !stop ||
      stops.some((seen) => seen.element === stop.element && seen.ring === stop.ring && seen.behind === stop.behind)
    ) {
      if (!stop) break;
      continue;
    }
    stops.push(stop);
  }
  return stops;
}

for (const language of languages) {
  for (const width of [375, 1280]) {
    test(
      `${language.name}, at ${width} px: every focus ring stands out 3:1 against what is behind it`,
      { tag: "@full" },
      async ({ page }) => {
        test.setTimeout(120_000);
        await page.setViewportSize({ width, height: 900 });
        const weak: Stop[] = [];
        let reached = 0;
        for (const { path } of [...pagesIn(language.code), { path: localizedPath("/no-such-page", language.code) }]) {
          await openPage(page, path);
          const stops = await focusStops(page);
          reached += stops.length;
          weak.push(...stops.filter((stop) => stop.ring === "none" || stop.width < 2 || stop.contrast < 3));
        }
        expect(reached).toBeGreaterThan(20);
        expect(weak).toEqual([]);
      },
    );
  }
}
