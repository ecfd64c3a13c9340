#!/usr/bin/env node
/**
 * The browser tests drive Debian's Chromium (downloaded browsers cannot work
 * on the machines this project is built on). Runs before `npm test`: when no
 * Chromium is found, it installs Debian's package, or says how to.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import { chromiumPath as chromium } from "./chromium.mjs";

if (!fs.existsSync(chromium)) {
  const hasApt = fs.existsSync("/usr/bin/apt-get");
  if (!hasApt) {
    console.error(
      `Chromium was not found at ${chromium}. Install Chromium, or set CHROME_PATH to its executable, then run the tests again.`,
    );
    process.exit(1);
  }
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  console.log(`Chromium was not found at ${chromium}; installing Debian's chromium package.`);
  execSync(`${sudo}apt-get update && ${sudo}apt-get install -y chromium`, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}
