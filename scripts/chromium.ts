/**
 * The one Chromium every browser tool here drives (tests, audit, docs screenshots):
 * Debian's package, kept off the network, since these machines only allow loopback traffic.
 */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
