/**
 * The daily digest of enquiries held as possible spam, to the sales address, in English and in Arabic: each new
 * one with when it came, who it says it is from, its first words, why it was held and its "Not spam: deliver it"
 * link (review.ts), which opens a page of the service whose one button delivers it. Without REVIEW_KEY and
 * SERVICE_URL the digest says how the operator delivers one instead.
 */
import { API_BASE } from "./http-api";
import { composeServiceEmail, escapeHtml, receivedInDubai, type ComposedEmail, type StoredEnquiry } from "./message";
import type { Settings } from "./settings";
import { reasonWords, type SpamReason } from "./spam";

/** The operator's "digest now" (POST, with the health token). */
export const DIGEST_PATH = `${API_BASE}/digest`;

/** At 05:00 UTC, 09:00 in Dubai: the sales team's morning. It must stand in wrangler.jsonc's triggers. */
export const DIGEST_CRON = "0 5 * * *";

export interface DigestItem {
  enquiry: StoredEnquiry;
  reasons: SpamReason[];
  /** Its review link, or null when the service cannot sign one. */
  link: string | null;
}

const FIRST_WORDS = 160;

const firstWords = (message: string) => {
  const flat = message.replace(/\s+/g, " ").trim();
  return [...flat].length > FIRST_WORDS ? `${[...flat].slice(0, FIRST_WORDS - 1).join("")}…` : flat;
};

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);

/** The digest of `items`, held within the last day (`day`, YYYY-MM-DD in Dubai, names it once). */
export async function composeDigestEmail(
  items: readonly DigestItem[],
  day: string,
  settings: Pick<Settings, "salesAddress" | "fromAddress" | "fromName" | "spamRetentionDays">,
): Promise<ComposedEmail> {
  const count = items.length;
  const subject = `Held as possible spam: ${count} enquir${count === 1 ? "y" : "ies"} to look at`;
  // Each digest its own: the operator's, sent the same day as the morning's, must not be taken for a copy of it.
  const messageId = `<spam-digest-${day}-${crypto.randomUUID()}@${domainOf(settings.fromAddress)}>`;
  const days = settings.spamRetentionDays;
  const intro = {
    en: `The website's mail service held ${count === 1 ? "this enquiry" : `these ${count} enquiries`} as possible spam: ${count === 1 ? "it was" : "they were"} not sent to the sales inbox. If one is a customer's, open its link and press the button: it is then delivered as any other. Held enquiries are erased after ${days} days.`,
    ar: `احتجزت خدمة البريد في الموقع ${count === 1 ? "هذا الاستفسار" : `هذه الاستفسارات (${count})`} للاشتباه في أنها رسائل مزعجة، فلم تُرسل إلى بريد المبيعات. إذا كان أحدها من عميل، فافتح رابطه واضغط الزر ليُرسل مثل أي استفسار آخر. تُحذف الاستفسارات المحجوزة بعد ${days} يومًا.`,
  };
  const noLink = {
    en: "This service signs no links (REVIEW_KEY or SERVICE_URL is not set): the site's operator delivers one with npm run mail:operator -- deliver <id>.",
    ar: "لا توقّع هذه الخدمة روابط (لم يُضبط REVIEW_KEY أو SERVICE_URL): يرسل مسؤول الموقع الاستفسار بالأمر npm run mail:operator -- deliver مع رقمه.",
  };
  const button = { en: "Not spam: deliver it", ar: "ليس رسالة مزعجة: أرسله" };

  const text = [
    intro.en,
    "",
    intro.ar,
    "",
    ...items.flatMap(({ enquiry, reasons, link }) => [
      `- ${receivedInDubai(enquiry.receivedAt)}`,
      `  ${enquiry.name || "(no name)"} <${enquiry.email || "no e-mail"}>`,
      `  "${firstWords(enquiry.message)}"`,
      `  Why: ${reasons.map((reason) => reasonWords(reason, "en")).join("; ")}`,
      `  السبب: ${reasons.map((reason) => reasonWords(reason, "ar")).join("؛ ")}`,
      link ? `  ${button.en} · ${button.ar}: ${link}` : `  Enquiry ID: ${enquiry.id}`,
      "",
    ]),
    ...(items.some(({ link }) => link === null) ? [noLink.en, noLink.ar, ""] : []),
  ].join("\n");

  const cell = "padding:6px 8px;border-bottom:1px solid #e3e7ee;vertical-align:top";
  const html = [
    "<!doctype html>",
    '<html lang="en" dir="ltr">',
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">',
    `<p>${escapeHtml(intro.en)}</p>`,
    `<p lang="ar" dir="rtl">${escapeHtml(intro.ar)}</p>`,
    '<table style="border-collapse:collapse;width:100%;max-width:720px">',
    ...items.map(
      ({ enquiry, reasons, link }) =>
        `<tr><td style="${cell}"><div dir="ltr">${escapeHtml(receivedInDubai(enquiry.receivedAt))}</div>` +
        `<div dir="auto"><b>${escapeHtml(enquiry.name || "(no name)")}</b> <span dir="ltr">${escapeHtml(enquiry.email)}</span></div>` +
        `<div dir="auto" style="color:#333">${escapeHtml(firstWords(enquiry.message))}</div>` +
        `<div style="color:#555;font-size:13px">${escapeHtml(reasons.map((reason) => reasonWords(reason, "en")).join("; "))}</div>` +
        `<div lang="ar" dir="rtl" style="color:#555;font-size:13px">${escapeHtml(reasons.map((reason) => reasonWords(reason, "ar")).join("؛ "))}</div>` +
        (link
          ? `<p style="margin:8px 0 0"><a href="${escapeHtml(link)}" style="background:#0b57d0;color:#fff;padding:6px 12px;border-radius:6px;text-decoration:none">${escapeHtml(button.en)} · <span lang="ar">${escapeHtml(button.ar)}</span></a></p>`
          : `<div dir="ltr" style="font-size:13px">Enquiry ID: ${escapeHtml(enquiry.id)}</div>`) +
        "</td></tr>",
    ),
    "</table>",
    ...(items.some(({ link }) => link === null)
      ? [`<p>${escapeHtml(noLink.en)}</p>`, `<p lang="ar" dir="rtl">${escapeHtml(noLink.ar)}</p>`]
      : []),
    "</body>",
    "</html>",
    "",
  ].join("\n");

  return composeServiceEmail(settings, { subject, messageId, text, html, header: ["X-Enquiry-Digest", day] });
}
