// Lighthouse CI: which pages it measures and the budgets they must hold. `npm run audit:site` runs it twice, as a
// phone (AUDIT_PRESET=mobile) and as a desktop, against the build served by nginx at AUDIT_SITE_URL.
const fs = require("node:fs");
const path = require("node:path");

const site = process.env.AUDIT_SITE_URL ?? "http://127.0.0.1:9000";
const preset = process.env.AUDIT_PRESET === "desktop" ? "desktop" : "mobile";

/**
 * Every page the sitemap lists (both languages), asked of the served build, and each language's not-found page,
 * at its own address: at an unknown one the host sends the same page with status 404 (the host tests check it),
 * which Lighthouse would count as a console error.
 */
function pages() {
  const sitemap = fs.readFileSync(path.join(__dirname, "public", "sitemap.xml"), "utf8");
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/").pathname);
  const languagePrefixes = [...new Set(listed.map((address) => /^\/[a-z]{2}\//.exec(address)?.[0] ?? "/"))];
  return [...listed, ...languagePrefixes.map((prefix) => `${prefix}404.html`)].map((address) => `${site}${address}`);
}

const KB = 1000;
// Lighthouse CI checks a page against every entry whose pattern it matches: each budget below is set once a page.
const HOME = "^https?://[^/]+/([a-z]{2}/)?$";
const NOT_HOME = "^(?!https?://[^/]+/([a-z]{2}/)?$)";
const FOUND_PAGE = "^(?!.*/404\\.html$)";

/** Budgets every page holds. Bytes are as sent (gzip). */
const everyPage = {
  "categories:accessibility": ["error", { minScore: 1 }],
  "categories:best-practices": ["error", { minScore: 1 }],
  // Phones: reported, not enforced. On the shared 2-core machines this is built on, Lighthouse's simulated phone
  // scores the same build up to 20 points apart from run to run, so a gate would pass or fail at random.
  "categories:performance": preset === "desktop" ? ["error", { minScore: 0.99 }] : ["warn", { minScore: 0.95 }],
  "total-blocking-time":
    preset === "desktop" ? ["error", { maxNumericValue: 100 }] : ["warn", { maxNumericValue: 100 }],
};

/**
 * Nothing a visitor could see move: the shifts this audit has caught, all of a page drawn before it was read to its
 * end (pictures, the top bar), scored 0.0014 to 0.0043. Not 0, because in about one load of 80 Chrome recorded a
 * 20 px icon of the Contact page moving 4 px (0.000001); not seen in 250 loads since pages wait until read, but
 * its cause was never shown.
 */
const cumulativeLayoutShift = { "cumulative-layout-shift": ["error", { maxNumericValue: 0.001 }] };

/**
 * Budgets on Home's first load, what it fetched before its load event, which Lighthouse CI's assertions cannot
 * tell from what came after: `npm run audit:site` checks them on the same runs, in each language
 * (scripts/first-load-budgets.ts), failing on "error" and reporting "warn". Every page fetches its scripts once it
 * has been painted (plugins/site-finish/scripts), and Home its carousel and other slides' pictures once it has loaded.
 */
const KIB = 1024;
const firstLoad = {
  // Scripts as sent, in KiB as Lighthouse shows them, at most what the other pages carry. (On the audit's
  // unthrottled load a page has painted and loaded before its scripts are fetched; on a slow phone they come
  // while its pictures still load. Every script a page fetches is held by resource-summary:script:size below.)
  scriptBytes: ["error", 80 * KIB],
  // On a phone, pictures as sent: the first slide's, in the size the screen needs, and those Chrome fetches in and
  // near the first screen (its lazy loading starts pictures some way below it); no other slide's.
  ...(preset === "mobile" && { imageBytes: ["error", 60 * KIB] }),
  // Its largest paint on the simulated phone, at most this much after /about/'s: reported here, where one run a page
  // is taken (a busy machine moved it by 100 ms and more between two runs of the same build), and enforced by
  // `npm run bench:home`, on the medians of rounds that measure the two pages in alternation.
  ...(preset === "mobile" && { lcpAboveAboutMs: ["warn", 100] }),
};

module.exports = {
  firstLoad,
  ci: {
    collect: {
      url: pages(),
      // One run a page, which keeps CI inside its limit. The phone's score is reported only (above). The desktop's
      // score and blocking time are gates: in the last audit taking the median of three (36 runs), every run
      // scored 100 and the longest blocking time was 65 ms, against the gate's 100 and 99.
      numberOfRuns: 1,
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      settings: {
        ...(preset === "desktop" && { preset: "desktop" }),
        // Debian's Chromium as the tests drive it (scripts/chromium.ts), kept off the network, accepting the
        // certificate nginx is given for the audit (scripts/nginx.ts).
        chromeFlags:
          "--headless=new --ignore-certificate-errors --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run",
      },
    },
    assert: {
      // Each page's median run is held to the budgets.
      assertMatrix: [
        { matchingUrlPattern: ".*", aggregationMethod: "median-run", assertions: everyPage },
        // A not-found page carries noindex, which Lighthouse's SEO score counts against it.
        {
          matchingUrlPattern: FOUND_PAGE,
          aggregationMethod: "median-run",
          assertions: { "categories:seo": ["error", { minScore: 1 }] },
        },
        // Every script a page fetches, on its load and after (Home's carousel comes after; see firstLoad).
        // Home draws its first screen with no script at all: nothing in it may move.
        {
          matchingUrlPattern: HOME,
          aggregationMethod: "median-run",
          assertions: {
            // The page's HTML with its inlined CSS, as sent with its headers, within a new connection's first round
            // trip (ten TCP segments of 1460 bytes): past it, a phone waits one round trip more for its first paint,
            // and its largest paint comes too late (lcpAboveAboutMs).
            "resource-summary:document:size": ["error", { maxNumericValue: 10 * 1460 }],
            "resource-summary:script:size": ["error", { maxNumericValue: 100 * KB }],
            "cumulative-layout-shift": ["error", { maxNumericValue: 0 }],
          },
        },
        {
          matchingUrlPattern: NOT_HOME,
          aggregationMethod: "median-run",
          assertions: {
            // The page's HTML with its inlined CSS.
            "resource-summary:document:size": ["error", { maxNumericValue: 30 * KB }],
            "resource-summary:script:size": ["error", { maxNumericValue: 95 * KB }],
            ...cumulativeLayoutShift,
          },
        },
      ],
    },
    upload: {
      target: "filesystem",
      outputDir: path.join(__dirname, "artifacts", "lighthouse", preset),
    },
  },
};
