/**
 * The one place that talks to the mail service. The form posts each enquiry to
 * `{GATSBY_MAIL_API_URL}/mail-sender`; the variable is read at build time, as
 * Gatsby inlines GATSBY_* variables into the browser bundle.
 */

import { ENQUIRY_FIELDS, type Enquiry } from "../../contract/src/fields";
import { CHECK_HEADER } from "../../contract/src/enquiry-check";

export { ENQUIRY_FIELDS, type Enquiry };

export const MAIL_API_VARIABLE = "GATSBY_MAIL_API_URL";

/** The mail-sender endpoint below the service's v1 base address; a trailing slash on the base is tolerated. */
export function mailSenderUrl(base: string): string {
  return `${base.trim().replace(/\/+$/, "")}/mail-sender`;
}

export class EnquiryNotSentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EnquiryNotSentError";
  }
}

/**
 * Posts an enquiry, with the form's check beside it in a header (src/lib/enquiry-check.ts). Resolves once the
 * service answers with a 2xx status (the body is not read); rejects with EnquiryNotSentError for any other status,
 * a network failure or a CORS refusal. There is deliberately no timeout.
 */
export async function sendEnquiry(
  enquiry: Enquiry,
  { check, base = process.env.GATSBY_MAIL_API_URL }: { check: string; base?: string | undefined },
): Promise<void> {
  if (!base) {
    throw new EnquiryNotSentError(`${MAIL_API_VARIABLE} was not set when the site was built.`);
  }
  // Exactly these keys, whatever else the caller's object holds.
  const body = Object.fromEntries(ENQUIRY_FIELDS.map((field) => [field, enquiry[field]]));
  let response: Response;
  try {
    response = await fetch(mailSenderUrl(base), {
      method: "POST",
      // The header, like the JSON body, is one the service's preflight allows (answered once for two hours).
      headers: { "Content-Type": "application/json", [CHECK_HEADER]: check },
      credentials: "include",
      // The page's whole address, not only its origin (the site's policy for other origins): the e-mail tells the
      // sales team which page and language the enquiry came from. The service is the company's own.
      referrerPolicy: "no-referrer-when-downgrade",
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new EnquiryNotSentError("The mail service could not be reached.", { cause: error });
  }
  // `ok` is exactly the 200–299 range that counts as sent.
  if (!response.ok) {
    throw new EnquiryNotSentError(`The mail service answered with status ${response.status}.`);
  }
}
