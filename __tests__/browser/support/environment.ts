import { freePortSync } from "../../../scripts/free-ports.mjs";

/**
 * Where the browser tests find the built site and the mail-service stand-in.
 * The ports are free ones, chosen once when the runner reads its config and
 * handed to the workers through the environment, so two copies of the
 * project can test at the same time.
 */
process.env.TEST_SITE_PORT ??= String(freePortSync());
process.env.TEST_MAIL_PORT ??= String(freePortSync());

export const SITE_PORT = Number(process.env.TEST_SITE_PORT);
export const MAIL_PORT = Number(process.env.TEST_MAIL_PORT);
export const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
/** The mail-service base address the site is built with for the tests. */
export const MAIL_API_URL = `http://127.0.0.1:${MAIL_PORT}/api/v1`;
