/**
 * An enquiry as the site sends it (fields.ts), read from a request body and made safe to store and to mail: only
 * a JSON object of exactly the six string fields is an enquiry; each field has
 * a length limit; line breaks and control characters never reach a
 * single-line field, so none can start a mail header; and no field keeps a
 * character that changes how text around it reads without being seen
 * (direction overrides, zero-width spaces), which could turn a name around or
 * hide a link from the spam check.
 */
import { parsePath } from "enquiry-contract/languages";
import { ENQUIRY_FIELDS, type Enquiry, type EnquiryField } from "enquiry-contract/fields";

/**
 * Characters per field. The site sets none (the specification has no limits);
 * these are far above anything a person types into the form and keep one
 * enquiry well inside the body limit.
 */
export const FIELD_LIMITS: Record<EnquiryField, number> = {
  industry: 100,
  name: 200,
  phone: 100,
  companyName: 200,
  email: 254,
  message: 20_000,
};

/** A body over this many bytes is refused unread: the largest enquiry the field limits allow fits in it. */
export const BODY_LIMIT_BYTES = 128 * 1024;

const SINGLE_LINE: readonly EnquiryField[] = ["industry", "name", "phone", "companyName", "email"];

// Line and paragraph breaks of every kind, and the other C0/C1 controls, tab included.
// eslint-disable-next-line no-control-regex -- finding control characters is what it is for
const BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// In the message, line breaks (as \n) and tabs stay; other controls go.
// eslint-disable-next-line no-control-regex -- finding control characters is what it is for
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

// Direction embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), the direction marks (left-to-right,
// right-to-left and Arabic letter: U+200E, U+200F, U+061C), zero-width spaces and joiners that join nothing (U+200B,
// U+2060, U+FEFF, U+180E), the soft hyphen, and the tag characters (U+E0000-U+E007F), which spell text no reader sees.
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b\u2060\ufeff\u180e\u00ad\u{e0000}-\u{e007f}]/gu;
// The zero-width joiner and non-joiner shape Arabic and Persian letters and join emoji (👩🏽‍💻); next to a Latin
// letter, digit or mark they only split what a reader sees as one word, such as "ht\u200ctp".
const JOINER_BY_ASCII = /(?<=[\u0021-\u007e])[\u200c\u200d]+|[\u200c\u200d]+(?=[\u0021-\u007e])/g;

export type ReadResult = { enquiry: Enquiry } | { status: 400 | 413; error: string };

/** The enquiry in a request body already decoded as text. */
export function readEnquiry(body: string): ReadResult {
  const expected = `a JSON object of exactly the string fields ${ENQUIRY_FIELDS.join(", ")}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { status: 400, error: `The body is not JSON: send ${expected}.` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return { status: 400, error: `The body must be ${expected}.` };
  const record = parsed as Record<string, unknown>;
  const keys = Object.keys(record);
  const unknown = keys.filter((key) => !(ENQUIRY_FIELDS as readonly string[]).includes(key));
  const missing = ENQUIRY_FIELDS.filter((field) => !keys.includes(field));
  if (unknown.length > 0 || missing.length > 0)
    return {
      status: 400,
      error: `The body must be ${expected}: ${[
        ...(missing.length ? [`missing ${missing.join(", ")}`] : []),
        ...(unknown.length
          ? [
              `unknown ${unknown
                .slice(0, 5)
                .map((key) => JSON.stringify(key.slice(0, 40)))
                .join(", ")}`,
            ]
          : []),
      ].join("; ")}.`,
    };
  const notText = ENQUIRY_FIELDS.filter((field) => typeof record[field] !== "string");
  if (notText.length > 0) return { status: 400, error: `${notText.join(", ")} must be text (a JSON string).` };
  const enquiry = normalise(record as Enquiry);
  const tooLong = ENQUIRY_FIELDS.filter((field) => [...enquiry[field]].length > FIELD_LIMITS[field]);
  if (tooLong.length > 0)
    return {
      status: 413,
      error: tooLong.map((field) => `${field} is longer than ${FIELD_LIMITS[field]} characters.`).join(" "),
    };
  return { enquiry };
}

/**
 * Single-line fields lose their line breaks and controls (each run becomes a
 * space) and surrounding spaces; the message keeps its lines, with Windows and
 * old Mac line ends made \n. Every field loses the invisible characters above.
 * Nothing else changes: what the visitor typed is what the sales team reads.
 */
export function normalise(enquiry: Enquiry): Enquiry {
  const visible = (value: string) => value.replace(INVISIBLE, "").replace(JOINER_BY_ASCII, "");
  const result = { ...enquiry };
  for (const field of SINGLE_LINE) result[field] = visible(enquiry[field]).replace(BREAKS_AND_CONTROLS, " ").trim();
  result.message = visible(enquiry.message.replace(/\r\n?/g, "\n").replace(CONTROLS_BUT_NEWLINE, ""));
  return result;
}

/** The same six values give the same fingerprint: repeated submissions are recognised by it. */
export async function fingerprint(enquiry: Enquiry): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(ENQUIRY_FIELDS.map((field) => enquiry[field])));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The site's page an enquiry was sent from, when the browser said (Referer)
 * and it is a page of the origin that sent it; the query is left out.
 */
export function sendingPage(referer: string | null, origin: string): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === origin ? `${url.origin}${url.pathname}` : null;
  } catch {
    return null;
  }
}

/** The English name of the language of a site page, read from its address as the site writes it (/ar/...). */
export function pageLanguage(page: string): string {
  return parsePath(new URL(page).pathname).language.name;
}
