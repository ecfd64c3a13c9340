#!/usr/bin/env node
/**
 * Runs before `npm test`: the browser tests drive Debian's Chromium
 * (downloaded browsers cannot work on the machines this project is built on)
 * against the site served by Debian's nginx. When either is missing, this says
 * so and how to install it; it installs nothing itself (CI's .ci/run does).
 */
import fs from "node:fs";
import { chromiumPath } from "./chromium";
import { NGINX } from "./nginx";

const missing = [
  ...(fs.existsSync(chromiumPath) ? [] : [{ name: "Chromium", at: chromiumPath, pkg: "chromium" }]),
  ...(fs.existsSync(NGINX) ? [] : [{ name: "nginx", at: NGINX, pkg: "nginx" }]),
];
if (missing.length > 0) {
  console.error(
    [
      `The browser tests need ${missing.map(({ name, at }) => `${name} (looked for at ${at})`).join(" and ")}.`,
      "On Debian or Ubuntu, install them with:",
      "",
      `  sudo apt-get update && sudo apt-get install -y ${missing.map(({ pkg }) => pkg).join(" ")}`,
      "",
      ...(missing.some(({ name }) => name === "Chromium")
        ? ["or point CHROME_PATH at a Chromium executable you have, then run the tests again."]
        : []),
    ].join("\n"),
  );
  process.exit(1);
}
