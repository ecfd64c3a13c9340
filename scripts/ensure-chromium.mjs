#!/usr/bin/env node
/**
 * Runs before `npm test`: the browser tests drive Debian's Chromium
 * (downloaded browsers cannot work on the machines this project is built on).
 * When it is missing, this says so and how to install it; it installs nothing
 * itself (CI's .ci/run does).
 */
import fs from "node:fs";
import { chromiumPath } from "./chromium.mjs";

if (!fs.existsSync(chromiumPath)) {
  console.error(
    [
      `The browser tests need Chromium, and there is none at ${chromiumPath}.`,
      "On Debian or Ubuntu, install it with:",
      "",
      "  sudo apt-get update && sudo apt-get install -y chromium",
      "",
      "or point CHROME_PATH at a Chromium executable you have, then run the tests again.",
    ].join("\n"),
  );
  process.exit(1);
}
