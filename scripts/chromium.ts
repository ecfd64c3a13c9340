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

/**
 * Lighthouse's phone (its mobile preset), its network throttled as Lighthouse's devtools method applies it (slow
 * 4G, times its factors), for the benchmarks that drive a page themselves through the DevTools protocol.
 */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  network: {
    latency: 150 * 3.75,
    downloadThroughput: (1638.4 * 0.9 * 1024) / 8,
    uploadThroughput: (750 * 0.9 * 1024) / 8,
  },
  cpuSlowdown: 4,
};
