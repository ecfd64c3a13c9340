import type { Page } from "@playwright/test";
import { fillTemplate } from "../../src/lib/fill-template";
import { languages, localizedPath } from "../../contract/src/languages";
import { contents } from "../support/content";
import { fixedWords } from "../support/fixed-words";
import { drawnLines, linesMeeting } from "./support/drawn-lines";
import { meanLuminance, textOverPictures } from "./support/contrast";
import { expect, freezeClock, openPage, test } from "./support/fixtures";
import { inTurn, widthsIn } from "./support/sampled";

/**
 * The home page's slideshow in every language, under a fake clock where time
 * matters: its headlines, dots and pictures, the 8.5 s interval and the loop
 * forward, what holds it still, and, in right-to-left pages, its running right
 * to left.
 */

/**
 * Moves the frozen clock until another headline is shown, and says how far it
 * moved, to the nearest 100 ms. When the interval is known to be longer than
 * `quietFor`, the clock first moves that far at once and the headline must
 * not have changed; then it moves in 100 ms steps. After each move the test
 * waits for React to commit what the slideshow's timer set off (React
 * schedules its work as a message, which the fake clock does not hold back),
 * so the count does not depend on the machine.
 */
async function msUntilNextSlide(
  page: Page,
  shown: () => Promise<string[]>,
  { quietFor = 0 }: { quietFor?: number } = {},
): Promise<number> {
  const before = await shown();
  const settle = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  if (quietFor > 0) {
    await page.clock.runFor(quietFor);
    await settle();
    if ((await shown()).join() !== before.join())
      throw new Error(`The slideshow moved on from "${before.join()}" within ${quietFor} ms`);
  }
  for (let elapsed = quietFor + 100; elapsed <= 10_000; elapsed += 100) {
    await page.clock.runFor(100);
    await settle();
    if ((await shown()).join() !== before.join()) return elapsed;
  }
  throw new Error(`The slideshow stayed on "${before.join()}" for 10 seconds`);
}

/** Where the carousel's strip of slides stands, in percent of a slide, and how fast it is moving there. */
function stripPosition(page: Page) {
  return page.locator(".carousel-slider .slider").evaluate((strip: HTMLElement) => ({
    // The carousel's swipe handlers write 0 without a unit.
    percent: Number(/translate3d\((-?[\d.]+)%?/.exec(strip.style.transform)?.[1]),
    duration: strip.style.transitionDuration,
  }));
}

for (const language of languages) {
  const content = contents[language.code];
  const { slidesYaml: slides } = content;
  const headlines = slides.slides.map((slide) => slide.headline);
  const dotLabels = headlines.map((_, index) =>
    fillTemplate(slides.dotLabel, { number: index + 1, total: headlines.length }),
  );
  const home = localizedPath("/", language.code);
  const rtl = language.dir === "rtl";
  /** How long a whole interval surely lasts, to be passed at once before it is measured in steps. */
  const nearly = fixedWords.slideshow.intervalMs - 500;
  /** Forward, in percent of a slide: the strip moves left in left-to-right pages, right in right-to-left ones. */
  const onward = rtl ? 100 : -100;

  const slideshow = (page: Page) => page.getByRole("region", { name: content.pagesYaml.home.heading, exact: true });
  /** Text as a reader sees it: the site joins a number to its word with a no-break space (src/lib/whole-runs.ts). */
  const asSeen = (text: string | null) => (text ?? "").replace(/\u00A0/g, " ");
  /**
   * The headline of the slide shown, as a screen reader tells it: the one whose dot is marked current. What is
   * drawn, and when, is visibleHeadlines' to tell (the fades run on the browser's own clock, not the test's).
   */
  const shownHeadline = async (page: Page) => {
    const marked = await Promise.all(headlines.map((_, index) => dot(page, index).getAttribute("aria-current")));
    return headlines.filter((_, index) => marked[index] === "true").map(asSeen);
  };
  /** The headlines drawn at all, and at full strength: none while one fades. */
  const visibleHeadlines = (page: Page) =>
    slideshow(page)
      .getByRole("listitem")
      .filter({ hasText: /\S/ })
      .evaluateAll((items) => {
        const opacities = items.map((item) => Number(getComputedStyle(item).opacity));
        return opacities.some((opacity) => opacity > 0 && opacity < 1)
          ? ["(fading)"]
          : items.filter((_, index) => opacities[index] === 1).map((item) => item.textContent);
      })
      .then((texts) => texts.map(asSeen));
  const dot = (page: Page, index: number) =>
    slideshow(page).getByRole("button", { name: dotLabels[index], exact: true });

  /** The flows of the slideshow run every day in the first language; the second language in the full suite. */
  const full = language === languages[0] ? [] : ["@full"];

  test.describe(language.name, () => {
    test(
      "every line of the tagline and headlines stands out 4.5:1 from what is behind it, from phone to wide screen, on every slide",
      { tag: "@full" },
      async ({ page }) => {
        await page.emulateMedia({ reducedMotion: "reduce" });
        // The picture is cropped anew at each width, so many widths, each in one language (support/sampled.ts).
        for (const width of widthsIn(language, [320, 375, 480, 600, 768, 900, 1024, 1280, 1440, 1920])) {
          await page.setViewportSize({ width, height: 900 });
          await openPage(page, home);
          for (const index of headlines.keys()) {
            await dot(page, index).click();
            await expect.poll(() => shownHeadline(page)).toEqual([headlines[index]]);
            // Measured once the change has been drawn: the new headline alone, fully there.
            await expect.poll(() => visibleHeadlines(page)).toEqual([headlines[index]]);
            const where = `slide ${index + 1} at ${width} px`;
            const lines = await textOverPictures(page, slideshow(page));
            expect(
              lines.map((line) => asSeen(line.text)),
              where,
            ).toContain(headlines[index]?.trim().slice(0, 40));
            // 4.5:1 for every line, the large headline too (WCAG asks 3:1 of large text).
            for (const line of lines) {
              expect(line.contrast, `${where}: "${line.text}"`).toBeGreaterThanOrEqual(4.5);
            }
          }
        }
      },
    );

    test(
      "every headline stands as far under the tagline as the others, from phone to wide screen",
      { tag: "@full" },
      async ({ page }) => {
        for (const width of widthsIn(language, [320, 375, 768, 1024, 1280, 1920])) {
          await page.setViewportSize({ width, height: 900 });
          await openPage(page, home);
          // Every headline is laid out in its place, the one shown and the others, transparent, waiting their turn.
          const gaps = await slideshow(page).evaluate((region) => {
            const tagline = region.querySelector("h1")?.getBoundingClientRect();
            const items = [...region.querySelectorAll("li")].filter((item) => item.textContent?.trim());
            return items.map((item) => item.getBoundingClientRect().top - (tagline?.bottom ?? 0));
          });
          expect(gaps).toHaveLength(headlines.length);
          expect(Math.max(...gaps) - Math.min(...gaps), `gaps at ${width} px: ${gaps.join(", ")}`).toBeLessThan(1);
        }
      },
    );

    for (const width of [320, 375]) {
      test(
        `on a phone (${width} px) the slide's picture shows as bright as it is drawn, not under a veil`,
        { tag: "@full" },
        async ({ page, request }) => {
          await page.setViewportSize({ width, height: 800 });
          await page.emulateMedia({ reducedMotion: "reduce" });
          await openPage(page, home);
          // The picture the carousel shows: the one standing at the screen's start (the strip holds the others).
          const { source, box } = await slideshow(page).evaluate((region) => {
            const img = [...region.querySelectorAll<HTMLImageElement>(".carousel img")].find((candidate) => {
              const rect = candidate.getBoundingClientRect();
              return Math.abs(rect.left) < 1 && rect.width > 0 && candidate.complete && candidate.currentSrc;
            });
            const rect = img?.getBoundingClientRect();
            return {
              source: img?.currentSrc ?? "",
              box: rect && { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
            };
          });
          if (!box || !source) throw new Error("No slide picture stands on screen.");
          // Pause stands over the picture's corner: measured without it.
          await slideshow(page)
            .getByRole("button")
            .first()
            .evaluate((pause) => pause.remove());
          const onScreen = await meanLuminance(await page.screenshot({ clip: box }));
          const drawn = await meanLuminance(await (await request.get(source)).body());
          expect(onScreen, `the picture ${source}: ${onScreen} on screen, ${drawn} as drawn`).toBeGreaterThan(
            0.75 * drawn,
          );
        },
      );
    }

    test(
      "a change of slide fades the old headline out before the new one comes in: two never show at once",
      { tag: full },
      async ({ page }) => {
        await openPage(page, home);
        const opacities = () =>
          slideshow(page)
            .getByRole("listitem")
            .filter({ hasText: /\S/ })
            .evaluateAll((items) => items.map((item) => Number(getComputedStyle(item).opacity)));
        await dot(page, 1).click();
        // Sampled through the change: at no moment are two headlines visible together.
        const started = Date.now();
        while (Date.now() - started < 800) {
          const visible = (await opacities()).filter((opacity) => opacity > 0.15);
          expect(visible.length).toBeLessThanOrEqual(1);
        }
        await expect.poll(() => shownHeadline(page)).toEqual([headlines[1]]);
      },
    );

    test(
      "the headlines are in the page once each, in order, the first in the server-rendered HTML",
      { tag: "@full" },
      async ({ page, request }) => {
        // The text of the HTML: a headline's words may stand in elements of their own (kept on one line).
        const html = asSeen((await (await request.get(home)).text()).replace(/<[^>]*>/g, ""));
        // As React writes text into HTML.
        const escapes: Record<string, string> = {
          "&": "&amp;",
          "<": "&lt;",
          ">": "&gt;",
          '"': "&quot;",
          "'": "&#x27;",
        };
        const escaped = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
        const positions = headlines.map((headline) => html.indexOf(escaped(headline)));
        expect(positions.every((position) => position > 0)).toBe(true);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        for (const headline of headlines) expect(html.split(escaped(headline)).length - 1).toBe(1);

        await openPage(page, home);
        for (const headline of headlines) await expect(page.getByText(headline, { exact: true })).toHaveCount(1);
        expect(await shownHeadline(page)).toEqual([headlines[0]]);
        await expect(page.getByText(headlines[0] ?? "", { exact: true })).toHaveCSS("opacity", "1");
      },
    );

    test(
      "the picture on screen is fetched at once and first, the others only when the slideshow nears them",
      { tag: "@full" },
      async ({ page }) => {
        await openPage(page, home);
        // The slides' pictures in the carousel's strip, told apart by their place in it (two slides may show one
        // picture, as when an editor copies a slide).
        const strip = await page.locator(".carousel-slider .slide img").evaluateAll((images: HTMLImageElement[]) =>
          images.map((image) => {
            const box = image.getBoundingClientRect();
            return {
              onScreen: box.left >= -1 && box.right <= window.innerWidth + 1,
              loading: image.getAttribute("loading"),
              fetchPriority: image.getAttribute("fetchpriority"),
            };
          }),
        );
        const shown = strip.findIndex((picture) => picture.onScreen);
        expect(strip.filter((picture) => picture.onScreen)).toHaveLength(1);
        expect(strip[shown]).toMatchObject({ loading: "eager", fetchPriority: "high" });
        // To loop, the carousel keeps a copy of its strip's first slide at the end and of its last at the start:
        // the shown slide (first in the strip, or last in right-to-left pages) has its copy at the other end.
        const copy = shown === 1 ? strip.length - 1 : shown === strip.length - 2 ? 0 : -1;
        expect(copy).not.toBe(-1);
        const others = strip.filter((_, place) => place !== shown && place !== copy);
        expect(others).toHaveLength(headlines.length);
        for (const other of others) expect(other).toMatchObject({ loading: "lazy", fetchPriority: null });
      },
    );
    test("dots are shown, one per slide, in reading order, and arrows are not", { tag: full }, async ({ page }) => {
      await openPage(page, home);
      for (const index of dotLabels.keys()) await expect(dot(page, index)).toHaveCount(1);
      await expect(dot(page, 0)).toHaveAttribute("aria-current", "true");
      await expect(page.locator(".control-arrow")).toHaveCount(0);
      await expect(slideshow(page).getByRole("button")).toHaveCount(headlines.length + 1);
      // The first dot stands where reading starts: at the left, or at the right in right-to-left pages.
      const lefts = await Promise.all(
        dotLabels.map(async (_, index) => (await dot(page, index).boundingBox())?.x ?? 0),
      );
      const ordered = [...lefts].sort((a, b) => (rtl ? b - a : a - b));
      expect(lefts).toEqual(ordered);

      await dot(page, 2).click();
      await expect.poll(() => shownHeadline(page)).toEqual([headlines[2]]);
      await expect.poll(() => visibleHeadlines(page)).toEqual([headlines[2]]);
    });

    // Ten seconds of waiting on the slideshow's clock: in the full suite only.
    test("it advances every 8.5 seconds and loops back to the first slide", { tag: "@full" }, async ({ page }) => {
      test.setTimeout(120_000);
      await page.clock.install();
      await openPage(page, home);
      await freezeClock(page);
      await page.mouse.move(0, 0);
      const shown = () => shownHeadline(page);

      // The first interval began while the page loaded, at a moment the test cannot know; the others are timed whole.
      await msUntilNextSlide(page, shown);
      expect(await shown()).toEqual([headlines[1]]);
      for (const next of [...headlines.slice(2), headlines[0]]) {
        expect(await msUntilNextSlide(page, shown, { quietFor: nearly })).toBe(fixedWords.slideshow.intervalMs);
        expect(await shown()).toEqual([next]);
      }
    });

    test(
      "it moves on in the direction of reading, and from the last slide on forward to the first",
      { tag: "@full" },
      async ({ page }) => {
        test.setTimeout(120_000);
        await page.clock.install();
        await openPage(page, home);
        await freezeClock(page);
        await page.mouse.move(5, 890);
        const shown = () => shownHeadline(page);
        const atFirst = await stripPosition(page);
        await msUntilNextSlide(page, shown);
        expect((await stripPosition(page)).percent).toBeCloseTo(atFirst.percent + onward, 5);

        const last = headlines.length - 1;
        await dot(page, last).click();
        await page.mouse.move(5, 890);
        await expect.poll(shown).toEqual([headlines[last]]);
        const atLast = await stripPosition(page);
        expect(atLast.percent).toBeCloseTo(atFirst.percent + onward * last, 5);

        await msUntilNextSlide(page, shown);
        expect(await shown()).toEqual([headlines[0]]);
        // One slide further on, where the carousel keeps a copy of the first slide...
        const copy = await stripPosition(page);
        expect(copy.percent).toBeCloseTo(atLast.percent + onward, 5);
        expect(copy.duration).toBe(`${fixedWords.slideshow.transitionMs}ms`);
        // ...then, once the slide has arrived, the first slide itself takes the copy's place at once.
        await page.clock.runFor(fixedWords.slideshow.transitionMs + 50);
        await expect.poll(async () => (await stripPosition(page)).duration).toBe("0ms");
        expect((await stripPosition(page)).percent).toBeCloseTo(atFirst.percent, 5);
        // And it goes on from there on time: the swap does not restart the interval.
        const rest = fixedWords.slideshow.intervalMs - fixedWords.slideshow.transitionMs - 50;
        expect(await msUntilNextSlide(page, shown, { quietFor: rest - 500 })).toBe(rest);
        expect(await shown()).toEqual([headlines[1]]);
      },
    );

    test("a swipe toward the start of the line moves on to the next slide", { tag: "@full" }, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openPage(page, home);
      const box = (await page.locator(".carousel-slider").boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
      const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      // Dragging the strip as a finger would: leftward in left-to-right pages, rightward in right-to-left ones.
      const toward = rtl ? 1 : -1;
      await page.mouse.move(middle.x, middle.y);
      await page.mouse.down();
      for (let step = 1; step <= 10; step += 1) await page.mouse.move(middle.x + toward * step * 30, middle.y);
      await page.mouse.up();
      await expect.poll(() => shownHeadline(page)).toEqual([headlines[1]]);
    });

    test("a click on a dot shows that slide and the slideshow goes on from it", { tag: "@full" }, async ({ page }) => {
      await page.clock.install();
      await openPage(page, home);
      await freezeClock(page);
      await dot(page, 1).click();
      // The pointer leaves; focus stays on the dot, but it is not the keyboard's.
      await page.mouse.move(5, 890);
      await expect.poll(() => shownHeadline(page)).toEqual([headlines[1]]);
      expect(await msUntilNextSlide(page, () => shownHeadline(page), { quietFor: nearly })).toBe(
        fixedWords.slideshow.intervalMs,
      );
      expect(await shownHeadline(page)).toEqual([headlines[2 % headlines.length]]);
    });

    test(
      "it holds still while the pointer is over it, and when the visitor pauses it",
      { tag: full },
      async ({ page }) => {
        await page.clock.install();
        await openPage(page, home);
        await freezeClock(page);

        await slideshow(page).hover();
        await page.clock.runFor(20_000);
        expect(await shownHeadline(page)).toEqual([headlines[0]]);

        await page.mouse.move(5, 890);
        await page.clock.runFor(8_600);
        await expect.poll(() => shownHeadline(page)).toEqual([headlines[1]]);

        const pause = slideshow(page).getByRole("button", { name: slides.pauseLabel });
        await expect(pause).not.toHaveAttribute("aria-pressed");
        await pause.click();
        await page.mouse.move(5, 890);
        await page.clock.runFor(20_000);
        expect(await shownHeadline(page)).toEqual([headlines[1]]);
        // Its name says what it does next, and only that: not "Play slideshow, pressed".
        await expect(slideshow(page).getByRole("button", { name: slides.playLabel })).not.toHaveAttribute(
          "aria-pressed",
        );
      },
    );

    test(
      "it holds still while keyboard focus is inside it, and goes on when focus leaves",
      { tag: "@full" },
      async ({ page }) => {
        await page.clock.install();
        await openPage(page, home);
        await freezeClock(page);
        await page.mouse.move(5, 890);
        await slideshow(page).getByRole("button", { name: slides.pauseLabel }).focus();
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await expect(dot(page, 0)).toBeFocused();
        await page.clock.runFor(20_000);
        expect(await shownHeadline(page)).toEqual([headlines[0]]);

        await page.getByRole("contentinfo").getByRole("link").first().focus();
        await page.clock.runFor(8_600);
        await expect.poll(() => shownHeadline(page)).toEqual([headlines[1]]);
      },
    );

    test(
      "the keyboard meets its controls in the order they stand on screen: Pause, the call to action, the dots",
      { tag: "@full" },
      async ({ page }) => {
        await openPage(page, home);
        const controls = await slideshow(page)
          .locator("a, button")
          .evaluateAll((elements) =>
            elements.map((element) => element.getAttribute("aria-label") ?? element.textContent),
          );
        expect(controls).toEqual([slides.pauseLabel, content.pagesYaml.home.actionLabel, ...dotLabels]);
      },
    );

    test("it does not move by itself for visitors who ask for reduced motion", { tag: "@full" }, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.clock.install();
      await openPage(page, home);
      await freezeClock(page);
      await page.mouse.move(5, 890);
      await page.clock.runFor(30_000);
      expect(await shownHeadline(page)).toEqual([headlines[0]]);
      await expect(slideshow(page).getByRole("button", { name: slides.pauseLabel })).toHaveCount(0);
    });

    test(
      "the headline stands on the side where the page's lines start, over the picture as it was drawn, never mirrored",
      { tag: "@full" },
      async ({ page }) => {
        await page.setViewportSize({ width: 1280, height: 560 });
        await openPage(page, home);
        const { headline, mirrored } = await slideshow(page).evaluate((region, texts) => {
          const box = region.getBoundingClientRect();
          const current = [...region.querySelectorAll("li")].find(
            (item) =>
              texts.includes((item.textContent ?? "").replace(/\u00A0/g, " ")) &&
              getComputedStyle(item).opacity === "1",
          );
          const text = current?.getBoundingClientRect();
          const pictures = [...region.querySelectorAll(".carousel img")];
          return {
            headline: text ? (text.left + text.right) / 2 - (box.left + box.right) / 2 : 0,
            mirrored:
              pictures.length === 0 || pictures.some((img) => new DOMMatrix(getComputedStyle(img).transform).a < 0),
          };
        }, headlines);
        // A rising chart still rises in Arabic: only the icons that point along the line turn round.
        expect(mirrored).toBe(false);
        if (language.dir === "rtl") expect(headline).toBeGreaterThan(0);
        else expect(headline).toBeLessThan(0);
      },
    );

    test("the first screen of the home page leads a convinced visitor on", { tag: "@full" }, async ({ page }) => {
      const { actionLabel, actionPath } = content.pagesYaml.home;
      const target = localizedPath(actionPath, language.code);
      for (const viewport of [
        { width: 375, height: 667 },
        { width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await openPage(page, home);
        const action = slideshow(page).getByRole("link", { name: actionLabel, exact: true });
        await expect(action).toBeInViewport({ ratio: 1 });
        await expect(action).toHaveAttribute("href", target);
      }
      await slideshow(page).getByRole("link", { name: actionLabel, exact: true }).click();
      await expect(page).toHaveURL(target);
    });

    for (const width of widthsIn(language, [375, 768, 1280, 320])) {
      test(`one slide fills the view at ${width} px`, { tag: "@full" }, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await openPage(page, home);
        const sizes = await page.evaluate(() => {
          const frame = document.querySelector(".carousel-slider")?.getBoundingClientRect();
          const boxes = Array.from(document.querySelectorAll(".carousel-slider .slide"), (slide) =>
            slide.getBoundingClientRect(),
          );
          const visible = boxes.filter(
            (slide) => frame && slide.right > frame.left + 1 && slide.left < frame.right - 1,
          );
          return { frame: frame?.width, slideWidth: boxes[0]?.width, visible: visible.length, left: visible[0]?.left };
        });
        expect(sizes.slideWidth).toBeCloseTo(sizes.frame ?? 0, 0);
        expect(sizes.visible).toBe(1);
        expect(sizes.left).toBeCloseTo(0, 0);
      });
    }

    for (const width of widthsIn(language, [320, 375, 768, 1280])) {
      test(`Pause covers none of the first screen's words at ${width} px`, { tag: "@full" }, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await openPage(page, home);
        const pause = await slideshow(page).getByRole("button", { name: slides.pauseLabel }).boundingBox();
        // Every line of every text over the pictures (the tagline, each headline, the call to action), as drawn.
        const lines = await drawnLines(slideshow(page), slideshow(page).locator("button"));
        expect(pause).not.toBeNull();
        expect(lines.length).toBeGreaterThan(0);
        const covered = linesMeeting(lines, pause ?? { x: 0, y: 0, width: 0, height: 0 });
        expect(covered.map((line) => line.text)).toEqual([]);
      });
    }
  });
}

/**
 * From tablets up, the slide's picture stands beyond the text, whichever way the page reads: the half of the
 * banner opposite the headline (the right in English, the left in Arabic; each width in one of them) holds the picture, undimmed by the veil
 * that keeps the text readable, on every slide, never a dark block with the picture dimmed under the text.
 */
for (const { item: width, language } of inTurn([1024, 1280])) {
  test(
    `at ${width} px the half opposite the headline shows the picture undimmed, in ${language.name}, on every slide`,
    {
      tag: "@full",
    },
    async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      const content = contents[language.code];
      const region = page.getByRole("region", { name: content.pagesYaml.home.heading, exact: true });
      await openPage(page, localizedPath("/", language.code));
      for (const index of content.slidesYaml.slides.keys()) {
        const slide = `${language.name}, slide ${index + 1}`;
        const label = fillTemplate(content.slidesYaml.dotLabel, {
          number: index + 1,
          total: content.slidesYaml.slides.length,
        });
        await region.getByRole("button", { name: label, exact: true }).click();
        // The slide's picture is fetched when it nears the screen, and decoded aside: measured once the strip
        // has stopped sliding and every picture within the banner has arrived and been decoded, never the veil
        // over a picture still on its way or half of the slide before.
        await expect
          .poll(() =>
            region.evaluate(async (element) => {
              if (element.getAnimations({ subtree: true }).some((animation) => animation.playState === "running"))
                return false;
              const frame = element.getBoundingClientRect();
              const shown = [...element.querySelectorAll("img")].filter((image) => {
                const box = image.getBoundingClientRect();
                return box.width > 0 && box.right > frame.left + 1 && box.left < frame.right - 1;
              });
              if (shown.length === 0 || !shown.every((image) => image.complete && image.naturalWidth > 0)) return false;
              await Promise.all(shown.map((image) => image.decode()));
              return true;
            }),
          )
          .toBe(true);
        const box = await region.boundingBox();
        if (!box) throw new Error("The slideshow is not on screen.");
        // The picture in view stands in the half opposite the headline.
        const picture = await region.evaluate((element) => {
          const frame = element.getBoundingClientRect();
          const image = [...element.querySelectorAll("img")].find((candidate) => {
            const drawn = candidate.getBoundingClientRect();
            return drawn.width > 0 && drawn.left >= frame.left - 1 && drawn.right <= frame.right + 1;
          });
          const drawn = image?.getBoundingClientRect();
          return drawn && { left: drawn.left - frame.left, right: drawn.right - frame.left };
        });
        expect(picture, slide).toBeDefined();
        if (language.dir === "rtl") expect(picture?.left, slide).toBeLessThan(1);
        else expect(picture?.right, slide).toBeGreaterThan(box.width - 1);
        // Only the picture and its veil: the texts and buttons over it are taken away for the photograph, which
        // is taken with the veil and without it (its colour made see-through).
        await region.evaluate((element) => {
          for (const part of element.querySelectorAll<HTMLElement>("h1, li, a, button"))
            part.style.visibility = "hidden";
        });
        const half = { y: box.y, width: box.width / 2, height: box.height };
        const opposite = language.dir === "rtl" ? { ...half, x: box.x } : { ...half, x: box.x + box.width / 2 };
        const painted = () =>
          region.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const photograph = async (veil: boolean) => {
          await region.evaluate((element, shown) => {
            if (shown) element.style.removeProperty("--color-veil-strong");
            else element.style.setProperty("--color-veil-strong", "transparent");
          }, veil);
          await painted();
          return meanLuminance(await page.screenshot({ clip: opposite }));
        };
        // Taken as a pair until a pair agrees with itself: a picture decoded aside can still reach the screen a
        // few frames after its decode, and a photograph taken before would be of the navy behind it. A veil
        // over the picture darkens every pair alike; the failure's message shows the last pair's figures.
        await expect
          .poll(async () => {
            const veiled = await photograph(true);
            const bare = await photograph(false);
            return veiled > 0.8 * bare ? "undimmed" : `${slide}: ${veiled} with the veil, ${bare} without`;
          })
          .toBe("undimmed");
        await region.evaluate((element) => {
          element.style.removeProperty("--color-veil-strong");
          for (const part of element.querySelectorAll<HTMLElement>("h1, li, a, button"))
            part.style.removeProperty("visibility");
        });
      }
    },
  );
}
