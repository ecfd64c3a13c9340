/**
 * @jest-environment node
 *
 * Where the site uses a library beyond its top-level exports, the version is
 * pinned in package.json and what the site relies on is checked here, so an
 * upgrade that changes it fails this test instead of the site:
 * react-responsive-carousel's slide animation and position helpers (the
 * slideshow's forward loop, src/lib/forward-loop.ts) and decap-server's
 * middleware entry (the editor server, scripts/editor-server.ts).
 */
import React from "react";
import { slideAnimationHandler } from "react-responsive-carousel/lib/js/components/Carousel/animations";
import { getPosition, setPosition } from "react-responsive-carousel/lib/js/components/Carousel/utils";
import * as decapServer from "decap-server/dist/middlewares.js";
import packageJson from "../../package.json";

const pinned = (name: "react-responsive-carousel" | "decap-server") =>
  ({ ...packageJson.dependencies, ...packageJson.devDependencies })[name as never] as string;

test("the libraries reached beyond their top-level exports are pinned to the version installed", async () => {
  for (const name of ["react-responsive-carousel", "decap-server"] as const) {
    const installed = ((await import(`${name}/package.json`)) as { version: string }).version;
    expect({ name, pinned: pinned(name) }).toEqual({ name, pinned: installed });
  }
});

test("the carousel's slide animation moves its strip with a transform the loop can replace", () => {
  const children = [1, 2, 3].map((key) => React.createElement("div", { key }));
  const props = {
    children,
    axis: "horizontal",
    centerMode: true,
    centerSlidePercentage: 100,
    infiniteLoop: true,
    transitionTime: 450,
  } as unknown as Parameters<typeof slideAnimationHandler>[0];
  const state = { selectedItem: 1, previousItem: 0, swiping: false } as Parameters<typeof slideAnimationHandler>[1];
  const styles = slideAnimationHandler(props, state);
  expect(styles.itemListStyle).toEqual(expect.objectContaining({ transitionDuration: "450ms" }));
  // With the loop on, a copy of the last slide stands first: slide 2 of 3 is the third item, two slides in.
  expect(getPosition(1, props)).toBe(-200);
  expect(setPosition(-200, "horizontal")).toEqual(expect.objectContaining({ transform: "translate3d(-200%,0,0)" }));
});

test("decap-server's middleware entry registers the file-system backend on an express app", () => {
  const entry =
    "registerLocalFs" in decapServer ? decapServer : (decapServer as { default: typeof decapServer }).default;
  expect(typeof entry.registerLocalFs).toBe("function");
});
