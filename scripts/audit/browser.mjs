/** Debian's Chromium, kept off the network: this machine only allows loopback traffic. */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
