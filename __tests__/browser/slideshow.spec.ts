import type { Page } from "@playwright/test";
import { fillTemplate } from "../../src/lib/fill-template";
import { content } from "../support/content";
import { spec } from "../support/spec";
import { expect, freezeClock, openPage, test } from "./support/fixtures";

const { slidesYaml: slides } = content;
const headlines = slides.slides.map((slide) => slide.headline);
const dotLabels = headlines.map((_, index) =>
  fillTemplate(slides.dotLabel, { number: index + 1, total: headlines.length }),
);

const slideshow = (page: Page) => page.getByRole("region", { name: content.pagesYaml.home.heading, exact: true });

/** The headline shown (or fading in): the list item marked current. */
async function shownHeadline(page: Page): Promise<string[]> {
  return slideshow(page)
    .getByRole("listitem")
    .filter({ hasText: /\w/ })
    .evaluateAll((items) =>
      items.filter((item) => /current/.test(item.className)).map((item) => item.textContent ?? ""),
    );
}

/**
 * Moves the frozen clock in 100 ms steps until another headline is shown, and
 * says how far it moved. Each step waits for React to commit what the
 * carousel's timer set off (React schedules its work as a message, which the
 * fake clock does not hold back), so the count does not depend on the machine.
 */
async function msUntilNextSlide(page: Page): Promise<number> {
  const before = await shownHeadline(page);
  for (let elapsed = 100; elapsed <= 10_000; elapsed += 100) {
    await page.clock.runFor(100);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
    if ((await shownHeadline(page)).join() !== before.join()) return elapsed;
  }
  throw new Error(`The slideshow stayed on "${before.join()}" for 10 seconds`);
}

test("the headlines are in the page once each, in order, the first in the server-rendered HTML", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/")).text();
  // As React writes text into HTML.
  const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
  const escaped = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
  const positions = headlines.map((headline) => html.indexOf(escaped(headline)));
  expect(positions.every((position) => position > 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  for (const headline of headlines) expect(html.split(escaped(headline)).length - 1).toBe(1);

  await openPage(page, "/");
  for (const headline of headlines) await expect(page.getByText(headline, { exact: true })).toHaveCount(1);
  expect(await shownHeadline(page)).toEqual([headlines[0]]);
  await expect(page.getByText(headlines[0] ?? "", { exact: true })).toHaveCSS("opacity", "1");
});

test("dots are shown, one per slide, and arrows are not", async ({ page }) => {
  await openPage(page, "/");
  const dots = dotLabels.map((label) => slideshow(page).getByRole("button", { name: label, exact: true }));
  for (const dot of dots) await expect(dot).toHaveCount(1);
  await expect(dots[0]!).toHaveAttribute("aria-current", "true");
  await expect(page.locator(".control-arrow")).toHaveCount(0);
  await expect(slideshow(page).getByRole("button")).toHaveCount(headlines.length + 1);

  await dots[2]!.click();
  await expect.poll(() => shownHeadline(page)).toEqual([headlines[2]]);
  await expect(dots[2]!).toHaveAttribute("aria-current", "true");
});

test("it advances every 8.5 seconds and loops back to the first slide", async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await openPage(page, "/");
  await freezeClock(page);
  await page.mouse.move(0, 0);

  // The first interval began while the page loaded, at a moment the test cannot know; the others are timed whole.
  await msUntilNextSlide(page);
  expect(await shownHeadline(page)).toEqual([headlines[1]]);
  for (const next of [...headlines.slice(2), headlines[0]]) {
    expect(await msUntilNextSlide(page)).toBe(spec.slideshow.intervalMs);
    expect(await shownHeadline(page)).toEqual([next]);
  }
});

test("it holds still while the pointer is over it, and when the visitor pauses it", async ({ page }) => {
  await page.clock.install();
  await openPage(page, "/");
  await freezeClock(page);

  await slideshow(page).hover();
  await page.clock.runFor(20_000);
  expect(await shownHeadline(page)).toEqual([headlines[0]]);

  await page.mouse.move(5, 890);
  await page.clock.runFor(8_600);
  await expect.poll(() => shownHeadline(page)).toEqual([headlines[1]]);

  await slideshow(page).getByRole("button", { name: slides.pauseLabel }).click();
  await page.mouse.move(5, 890);
  await page.clock.runFor(20_000);
  expect(await shownHeadline(page)).toEqual([headlines[1]]);
  await expect(slideshow(page).getByRole("button", { name: slides.playLabel })).toHaveAttribute("aria-pressed", "true");
});

/** Where the carousel's strip of slides stands, in percent of a slide, and how fast it is moving there. */
function stripPosition(page: Page) {
  return page.locator(".carousel-slider .slider").evaluate((strip: HTMLElement) => ({
    percent: Number(/translate3d\((-?[\d.]+)%/.exec(strip.style.transform)?.[1]),
    duration: strip.style.transitionDuration,
  }));
}

test("from the last slide it moves on forward to the first, never back across the others", async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await openPage(page, "/");
  await freezeClock(page);
  await page.mouse.move(5, 890);
  const last = headlines.length - 1;
  await slideshow(page).getByRole("button", { name: dotLabels[last], exact: true }).click();
  await page.mouse.move(5, 890);
  await expect.poll(() => shownHeadline(page)).toEqual([headlines[last]]);
  const atLast = await stripPosition(page);

  await msUntilNextSlide(page);
  expect(await shownHeadline(page)).toEqual([headlines[0]]);
  // One slide further on, where the carousel keeps a copy of the first slide...
  const onward = await stripPosition(page);
  expect(onward.percent).toBeCloseTo(atLast.percent - 100, 5);
  expect(onward.duration).toBe(`${spec.slideshow.transitionMs}ms`);
  // ...then, once the slide has arrived, the first slide itself takes the copy's place at once.
  await page.clock.runFor(spec.slideshow.transitionMs + 50);
  await expect.poll(async () => (await stripPosition(page)).duration).toBe("0ms");
  expect((await stripPosition(page)).percent).toBeCloseTo(atLast.percent + 100 * last, 5);
  // And it goes on from there on time: the swap does not restart the interval.
  expect(await msUntilNextSlide(page)).toBe(spec.slideshow.intervalMs - spec.slideshow.transitionMs - 50);
  expect(await shownHeadline(page)).toEqual([headlines[1]]);
});

test("a click on a dot shows that slide and the slideshow goes on from it", async ({ page }) => {
  await page.clock.install();
  await openPage(page, "/");
  await freezeClock(page);
  await slideshow(page).getByRole("button", { name: dotLabels[1], exact: true }).click();
  // The pointer leaves; focus stays on the dot, but it is not the keyboard's.
  await page.mouse.move(5, 890);
  await expect.poll(() => shownHeadline(page)).toEqual([headlines[1]]);
  expect(await msUntilNextSlide(page)).toBe(spec.slideshow.intervalMs);
  expect(await shownHeadline(page)).toEqual([headlines[2 % headlines.length]]);
});

test("it holds still while keyboard focus is inside it, and goes on when focus leaves", async ({ page }) => {
  await page.clock.install();
  await openPage(page, "/");
  await freezeClock(page);
  await page.mouse.move(5, 890);
  await slideshow(page).getByRole("button", { name: slides.pauseLabel }).focus();
  await page.keyboard.press("Tab");
  await expect(slideshow(page).getByRole("button", { name: dotLabels[0], exact: true })).toBeFocused();
  await page.clock.runFor(20_000);
  expect(await shownHeadline(page)).toEqual([headlines[0]]);

  await page.getByRole("contentinfo").getByRole("link").first().focus();
  await page.clock.runFor(8_600);
  await expect.poll(() => shownHeadline(page)).toEqual([headlines[1]]);
});

test("Pause, first on screen, is also the first of its controls to receive keyboard focus", async ({ page }) => {
  await openPage(page, "/");
  const controls = await slideshow(page)
    .locator("a, button")
    .evaluateAll((elements) => elements.map((element) => element.getAttribute("aria-label") ?? element.textContent));
  expect(controls[0]).toBe(slides.pauseLabel);
  expect(controls.slice(1, 1 + dotLabels.length)).toEqual(dotLabels);
});

test("the first screen of the home page leads a convinced visitor on", async ({ page }) => {
  const { actionLabel, actionPath } = content.pagesYaml.home;
  for (const viewport of [
    { width: 375, height: 667 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await openPage(page, "/");
    const action = slideshow(page).getByRole("link", { name: actionLabel, exact: true });
    await expect(action).toBeInViewport({ ratio: 1 });
    await expect(action).toHaveAttribute("href", actionPath);
  }
  await slideshow(page).getByRole("link", { name: actionLabel, exact: true }).click();
  await expect(page).toHaveURL(actionPath);
});

test("it does not move by itself for visitors who ask for reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await openPage(page, "/");
  await freezeClock(page);
  await page.mouse.move(5, 890);
  await page.clock.runFor(30_000);
  expect(await shownHeadline(page)).toEqual([headlines[0]]);
  await expect(slideshow(page).getByRole("button", { name: slides.pauseLabel })).toHaveCount(0);
});

for (const width of [375, 768, 1280]) {
  test(`one slide fills the view at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openPage(page, "/");
    const sizes = await page.evaluate(() => {
      const frame = document.querySelector(".carousel-slider")?.getBoundingClientRect();
      const slides = Array.from(document.querySelectorAll(".carousel-slider .slide"), (slide) =>
        slide.getBoundingClientRect(),
      );
      const visible = slides.filter((slide) => frame && slide.right > frame.left + 1 && slide.left < frame.right - 1);
      return { frame: frame?.width, slideWidth: slides[0]?.width, visible: visible.length, left: visible[0]?.left };
    });
    expect(sizes.slideWidth).toBeCloseTo(sizes.frame ?? 0, 0);
    expect(sizes.visible).toBe(1);
    expect(sizes.left).toBeCloseTo(0, 0);
  });
}
