/**
 * The e-mail the sales team receives for an enquiry, built by nodemailer's
 * composer (encoding, header folding and line length are its job): to the
 * sales address, from the company's own address, Reply-To the visitor only
 * when they gave one plain address (its name and the subject cleaned of what
 * a mail program could read as more than text), a plain-text and an HTML part in UTF-8
 * with every value escaped and set dir="auto" (Arabic reads right to left),
 * and a Message-ID made from the enquiry's id, so that a message delivered
 * twice is recognisably the same one.
 */
import MailComposer from "nodemailer/lib/mail-composer";
import { pageLanguage } from "./enquiry";
import type { Enquiry, EnquiryField } from "enquiry-contract/fields";
import { isPlainAddress, type Settings } from "./settings";

/** An enquiry as the store holds it. */
export interface StoredEnquiry extends Enquiry {
  id: string;
  /** Milliseconds since 1970, when the service stored it. */
  receivedAt: number;
  /** The site's page it was sent from, when known. */
  page: string | null;
  spamSignals: string[];
}

export interface ComposedEmail {
  from: string;
  to: string;
  messageId: string;
  /** The whole message, headers and body, in 7-bit ASCII (its parts encoded by the composer). */
  raw: string;
}

/** The form's own labels (the specification's words), in the order the form shows them. */
const LABELS: Record<EnquiryField, string> = {
  industry: "Industry",
  name: "Name",
  email: "Email",
  phone: "Mobile Number",
  companyName: "Company Name",
  message: "What service do you require?",
};
const FORM_ORDER: EnquiryField[] = ["industry", "name", "email", "phone", "companyName"];
const EMPTY = "(left empty)";
const SPAM_MARK = "[Possible spam] ";
const SUBJECT_LIMIT = 160;

const dubaiTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Dubai",
  dateStyle: "full",
  timeStyle: "short",
});

/** When the enquiry arrived, as the company reads its clocks. */
export function receivedInDubai(receivedAt: number): string {
  return `${dubaiTime.format(new Date(receivedAt))} (Dubai time)`;
}

/**
 * Visitor text as it may stand in a header (the subject, Reply-To's name): without encoded words
 * (=?UTF-8?Q?...?=, which mail programs would decode into anything, a line break and a Bcc: included), angle
 * brackets, quotes or e-mail addresses, which would make a display name pass for someone else's address.
 */
export function headerText(value: string): string {
  return value
    .replace(/=\?[^?\s]*\?[bq]\?[^?\s]*\?=/gi, " ")
    .replace(/=\?|\?=/g, " ")
    .replace(/[^\s<>"'`]+@[^\s<>"'`]+/g, " ")
    .replace(/[<>"'`\u00ab\u00bb\u201c\u201d\u2018\u2019]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The address Reply-To takes from what the visitor typed, or null when it is not one plain address: a domain in
 * another script (user@مثال.امارات) is written in the ASCII form mail servers read (xn--...).
 */
export function replyAddress(typed: string): string | null {
  const at = typed.lastIndexOf("@");
  const domain = typed.slice(at + 1);
  if (at < 1 || !/^[^\s/?#:@[\]\\%]+$/u.test(domain)) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
  const address = `${typed.slice(0, at)}@${ascii}`;
  return isPlainAddress(address) ? address : null;
}

export function subjectOf(enquiry: StoredEnquiry): string {
  const who = headerText(enquiry.companyName) || headerText(enquiry.name) || "no name given";
  const subject = `Website enquiry: ${who} (${headerText(enquiry.industry) || "no industry chosen"})`;
  const oneLine = `${enquiry.spamSignals.length > 0 ? SPAM_MARK : ""}${subject}`.replace(/\s+/g, " ");
  const characters = [...oneLine];
  return characters.length > SUBJECT_LIMIT ? `${characters.slice(0, SUBJECT_LIMIT - 1).join("")}…` : oneLine;
}

/** Text as HTML shows it: the e-mails' and the review page's every value. */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ?? character,
  );

/** The lines under the fields: when, from where, why it may be spam, which enquiry. */
function particulars(enquiry: StoredEnquiry): [string, string][] {
  return [
    ["Received", receivedInDubai(enquiry.receivedAt)],
    ...(enquiry.page
      ? [["Sent from", `${enquiry.page} (${pageLanguage(enquiry.page)} page)`] as [string, string]]
      : []),
    ...(enquiry.spamSignals.length > 0 ? [["Possible spam", enquiry.spamSignals.join("; ")] as [string, string]] : []),
    ["Enquiry ID", enquiry.id],
  ];
}

function textPart(enquiry: StoredEnquiry): string {
  return [
    "A visitor sent this enquiry from the website.",
    "",
    ...FORM_ORDER.map((field) => `${LABELS[field]}: ${enquiry[field] || EMPTY}`),
    "",
    LABELS.message,
    enquiry.message || EMPTY,
    "",
    ...particulars(enquiry).map(([label, value]) => `${label}: ${value}`),
    "",
  ].join("\n");
}

function htmlPart(enquiry: StoredEnquiry, subject: string): string {
  const row = (label: string, value: string, direction = "auto") =>
    `<tr><th scope="row" style="text-align:start;vertical-align:top;padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
    `<td dir="${direction}" style="padding:4px 0">${value ? escapeHtml(value) : `<i>${EMPTY}</i>`}</td></tr>`;
  return [
    "<!doctype html>",
    '<html lang="en" dir="ltr">',
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">',
    "<p>A visitor sent this enquiry from the website.</p>",
    "<table>",
    ...FORM_ORDER.map((field) =>
      row(LABELS[field], enquiry[field], field === "email" || field === "phone" ? "ltr" : "auto"),
    ),
    "</table>",
    `<h2 style="font-size:15px;margin:16px 0 4px">${escapeHtml(LABELS.message)}</h2>`,
    enquiry.message
      ? `<p dir="auto" style="white-space:pre-wrap;margin:0">${escapeHtml(enquiry.message)}</p>`
      : `<p><i>${EMPTY}</i></p>`,
    '<table style="margin-top:16px;color:#555">',
    ...particulars(enquiry).map(([label, value]) => row(label, value, "ltr")),
    "</table>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);

export async function composeEmail(
  enquiry: StoredEnquiry,
  settings: Pick<Settings, "salesAddress" | "fromAddress" | "fromName">,
): Promise<ComposedEmail> {
  const subject = subjectOf(enquiry);
  const messageId = `<${enquiry.id}@${domainOf(settings.fromAddress)}>`;
  const address = replyAddress(enquiry.email);
  const replyTo = address ? { name: headerText(enquiry.name), address } : undefined;
  const composer = new MailComposer({
    from: { name: settings.fromName, address: settings.fromAddress },
    to: settings.salesAddress,
    ...(replyTo && { replyTo }),
    subject,
    messageId,
    date: new Date(enquiry.receivedAt),
    text: textPart(enquiry),
    html: htmlPart(enquiry, subject),
    headers: {
      "X-Enquiry-ID": enquiry.id,
      // RFC 3834: out-of-office and other robots must not answer it.
      "Auto-Submitted": "auto-generated",
    },
    xMailer: false,
  });
  const raw = (await composer.compile().build()).toString("utf8");
  return { from: settings.fromAddress, to: settings.salesAddress, messageId, raw };
}

/**
 * An e-mail of the service's own to the sales address (the monthly report, the spam digest): from the company's
 * address, plain text and HTML, marked auto-generated so that no out-of-office robot answers it.
 */
export async function composeServiceEmail(
  settings: Pick<Settings, "salesAddress" | "fromAddress" | "fromName">,
  {
    subject,
    messageId,
    text,
    html,
    header,
  }: {
    subject: string;
    messageId: string;
    text: string;
    html: string;
    /** The header that names what it is, such as X-Enquiry-Report: 2026-11. */
    header: [string, string];
  },
): Promise<ComposedEmail> {
  const composer = new MailComposer({
    from: { name: settings.fromName, address: settings.fromAddress },
    to: settings.salesAddress,
    subject,
    messageId,
    text,
    html,
    headers: { [header[0]]: header[1], "Auto-Submitted": "auto-generated" },
    xMailer: false,
  });
  const raw = (await composer.compile().build()).toString("utf8");
  return { from: settings.fromAddress, to: settings.salesAddress, messageId, raw };
}
