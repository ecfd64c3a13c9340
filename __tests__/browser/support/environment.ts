import path from "node:path";

/**
 * Where the browser tests find the built site, the mail service and its
 * inbox. The web server (support/serve-site.ts) starts them on free ports, so
 * two copies of the project can test at the same time, and prints where they
 * are; playwright.config.ts puts that into the environment of the runner and
 * its workers.
 */
function fromWebServer(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the browser tests' web server sets it (see playwright.config.ts).`);
  return value;
}

export const testSite = {
  /** The built site, e.g. http://127.0.0.1:41234 */
  get url() {
    return fromWebServer("TEST_SITE_URL");
  },
};

export const testMailService = {
  /** The mail service's v1 base address the site is built with, e.g. http://127.0.0.1:41235/api/v1 */
  get apiUrl() {
    return fromWebServer("TEST_MAIL_API_URL");
  },
  /** The folder the mail service's SMTP server writes each delivered e-mail to. */
  get inbox() {
    return fromWebServer("TEST_MAIL_INBOX");
  },
  /** The service's state folder (its database), beside its inbox (support/serve-site.ts), for the operator's commands. */
  get state() {
    return path.join(path.dirname(this.inbox), "state");
  },
};
