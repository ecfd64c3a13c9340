/**
 * Where the browser tests find the built site and the mail-service stand-in.
 * Fixed ports stay below Linux's ephemeral range (32768 and up), where an
 * outgoing connection could already hold them.
 */
export const SITE_PORT = 17100;
export const MAIL_PORT = 17101;
export const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
/** The mail-service base address the site is built with for the tests. */
export const MAIL_API_URL = `http://127.0.0.1:${MAIL_PORT}/api/v1`;
