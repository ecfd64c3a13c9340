/** Where the browser tests find Chromium, the built site and the mail-service stand-in. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Keep Chromium off the network: this machine only allows loopback traffic. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const SITE_PORT = 47100;
export const MAIL_PORT = 47101;
export const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
/** The mail-service base address the site is built with for the tests. */
export const MAIL_API_URL = `http://127.0.0.1:${MAIL_PORT}/api/v1`;
