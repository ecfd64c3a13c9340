import type { Page } from "@playwright/test";
import { languages, localizedPath } from "../../contract/src/languages";
import { siteReady } from "../../scripts/site-ready";
import { expect, openPage, test } from "./support/fixtures";

/**
 * The home page's first load, in every language, on a phone and a desktop: the server's HTML draws the first
 * slide, its picture the only slide picture fetched before the load event; no script is fetched before the page
 * is painted; the carousel comes after, over it, and nothing on screen moves when it does.
 */

const SLIDESHOW = "section[aria-labelledby='slideshow-heading']";

/** Every address each slideshow picture offers (its sources' and its image's), in the order of the page. */
function pictureAddresses(page: Page): Promise<string[][]> {
  return page.locator(`${SLIDESHOW} picture`).evaluateAll((pictures: Element[]) =>
    pictures.map((picture) => {
      const offered = [...picture.querySelectorAll("source, img")].flatMap((element) => [
        ...(element.getAttribute("srcset") ?? "").split(",").map((candidate) => candidate.trim().split(/\s+/)[0]),
        element.getAttribute("src"),
      ]);
      return [...new Set(offered.filter((address): address is string => Boolean(address)))]
        .map((address) => new URL(address, document.baseURI).href)
        .sort();
    }),
  );
}

/** Where the slideshow's parts stand on screen, rounded to a tenth of a pixel. */
function boxes(page: Page): Promise<Record<string, number[]>> {
  return page.locator(SLIDESHOW).evaluate((section) => {
    const parts: Record<string, Element | null> = {
      slideshow: section,
      picture: section.querySelector("picture"),
      heading: section.querySelector("h1"),
      headlines: section.querySelector("h1 + ul"),
      action: section.querySelector("a"),
      pause: section.querySelector("button:not([aria-label])"),
      dots: section.querySelector("button[aria-label]")?.closest("ul") ?? null,
    };
    return Object.fromEntries(
      Object.entries(parts).map(([name, element]) => {
        const box = element?.getBoundingClientRect();
        return [name, box ? [box.x, box.y, box.width, box.height].map((value) => Math.round(value * 10) / 10) : []];
      }),
    );
  });
}

for (const language of languages) {
  const home = localizedPath("/", language.code);
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    // Everyday: the first language on a phone, where the first load matters most; every pairing in the full suite.
    const everyday = language === languages[0] && viewport.width === 375;
    test.describe(`${language.name} at ${viewport.width} px`, { tag: everyday ? [] : ["@full"] }, () => {
      test.use({ viewport });

      test("only the first slide's picture is fetched before the load event; the others come after, each whole", async ({
        page,
      }) => {
        await openPage(page, home);
        // The first picture in the page is the one the server drew; the carousel's come after it. Two slides may
        // show one picture (an editor copied a slide): pictures are told apart by what they offer.
        const pictures = await pictureAddresses(page);
        const distinct = [...new Map(pictures.map((offered) => [offered.join(" "), offered])).values()];
        const beforeLoad = await page.evaluate(() => {
          const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
          return performance
            .getEntriesByType("resource")
            .filter((entry) => entry.startTime < (navigation?.loadEventStart ?? 0))
            .map((entry) => entry.name);
        });
        const fetchedBeforeLoad = distinct.filter((offered) => offered.some((address) => beforeLoad.includes(address)));
        expect(fetchedBeforeLoad).toEqual([pictures[0]]);

        // Every slide's picture arrives (the carousel's nearest ones at once, each other when the slideshow
        // nears it): step through the dots, each slide shows a decoded picture.
        const dots = page.locator(`${SLIDESHOW} button[aria-label]`);
        for (let index = 0; index < (await dots.count()); index += 1) {
          await dots.nth(index).click();
          await expect
            .poll(() =>
              page.locator(`${SLIDESHOW} .carousel img`).evaluateAll((images: HTMLImageElement[]) =>
                images.some((image) => {
                  const [box, frame] = [image, image.closest(".carousel")].map((element) =>
                    element?.getBoundingClientRect(),
                  );
                  // The slide in view: its picture stands within the banner (the whole width on phones, the half
                  // beyond the text from tablets up), where the other slides' stand beside it, out of view.
                  const inFrame =
                    !!box && !!frame && box.width > 0 && box.left >= frame.left - 1 && box.right <= frame.right + 1;
                  return inFrame && image.complete && image.naturalWidth > 0;
                }),
              ),
            )
            .toBe(true);
        }
      });

      test("the page is painted before any script is fetched, and then comes to life", async ({ page }) => {
        await openPage(page, home);
        const { painted, scripts } = await page.evaluate(() => ({
          painted: performance.getEntriesByName("first-paint")[0]?.startTime,
          scripts: performance
            .getEntriesByType("resource")
            .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "script")
            .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
        }));
        expect(painted).toBeDefined();
        // React, the site's app and Home's own code (openPage waited for the page to come to life).
        expect(scripts.length).toBeGreaterThanOrEqual(3);
        expect(scripts.filter((script) => script.start < (painted ?? Infinity))).toEqual([]);
      });

      test("nothing on screen moves when the carousel arrives over the first slide", async ({ page }) => {
        // The scripts are held back until the page as the server drew it has been measured.
        let drawn = () => {};
        const measured = new Promise<void>((resolve) => (drawn = resolve));
        await page.route(/\.js$/, async (route) => {
          await measured;
          await route.continue();
        });
        await page.addInitScript(() => {
          const shifts: number[] = [];
          Object.assign(window, { layoutShifts: shifts });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
              shifts.push(entry.value);
          }).observe({ type: "layout-shift", buffered: true });
        });
        await page.goto(home, { waitUntil: "domcontentloaded" });
        await page.evaluate(async () => {
          await document.fonts.ready;
          const picture = document.querySelector<HTMLImageElement>("section picture img");
          await picture?.decode();
        });
        const before = await boxes(page);
        drawn();
        await page.waitForFunction(siteReady);
        await expect(page.locator(`${SLIDESHOW} .carousel`)).toBeVisible();
        expect(await boxes(page)).toEqual(before);
        expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([]);
      });
    });
  }
}
