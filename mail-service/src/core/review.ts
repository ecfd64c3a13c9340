/**
 * The staff's review of an enquiry held as possible spam: the digest's "Not spam: deliver it" link, signed with
 * REVIEW_KEY for one enquiry until its hold ends, opens a page of the service with one button, and only the
 * button (a POST of the same address) delivers: mail scanners (Outlook's Safe Links, Gmail's) open every link of a
 * message, and opening changes nothing. A link used again, altered or out of date answers a page that says so and
 * what to do; never an error, never an e-mail.
 */
import { API_BASE } from "./http-api";
import { escapeHtml } from "./message";

export const HELD_PATH = `${API_BASE}/held/`;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function signature(id: string, until: number, key: string): Promise<string> {
  const hmac = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signed = new Uint8Array(await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(`${id}.${until}`)));
  let binary = "";
  for (const byte of signed) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The link that delivers a held enquiry, good until `until` (milliseconds since 1970), the end of its hold. */
export async function reviewLink(serviceUrl: string, id: string, until: number, key: string): Promise<string> {
  return `${serviceUrl}${HELD_PATH}${id}?until=${until}&sig=${await signature(id, until, key)}`;
}

/** What a review link's address says: the enquiry it is for, or why it is not a link the service made or can still take. */
export async function readReviewLink(
  url: URL,
  key: string | null,
  now: number,
): Promise<{ id: string } | "not-ours" | "expired"> {
  const id = url.pathname.slice(HELD_PATH.length);
  const until = Number(url.searchParams.get("until"));
  const sig = url.searchParams.get("sig") ?? "";
  if (!key || !ID.test(id) || !Number.isSafeInteger(until) || sig.length > 100) return "not-ours";
  const expected = await signature(id, until, key);
  // Compared whole, however far the two agree.
  let difference = expected.length ^ sig.length;
  for (let index = 0; index < expected.length; index += 1)
    difference |= expected.charCodeAt(index) ^ (sig.charCodeAt(index) || 0);
  if (difference !== 0) return "not-ours";
  return until < now ? "expired" : { id };
}

/** The one thing a review page shows: the held enquiry and its button, or what became of it. */
export type ReviewState =
  | { kind: "held"; when: string; name: string; firstWords: string; reasons: { en: string[]; ar: string[] } }
  | { kind: "delivered" }
  | { kind: "already" }
  | { kind: "gone" }
  | { kind: "expired"; days: number }
  | { kind: "not-ours" };

/** Each state's heading and words, in English and in Arabic. */
function words(state: ReviewState): { status: number; en: [string, string]; ar: [string, string] } {
  switch (state.kind) {
    case "held":
      return {
        status: 200,
        en: ["Held as possible spam", "If this is a customer's enquiry, deliver it to the sales inbox."],
        ar: ["محجوز للاشتباه في أنه رسالة مزعجة", "إذا كان هذا استفسارًا من عميل، فأرسله إلى بريد المبيعات."],
      };
    case "delivered":
      return {
        status: 200,
        en: ["Delivered", "The enquiry is on its way to the sales inbox, as any other."],
        ar: ["تم الإرسال", "الاستفسار في طريقه إلى بريد المبيعات مثل أي استفسار آخر."],
      };
    case "already":
      return {
        status: 200,
        en: ["Delivered already", "This enquiry was delivered from this link before: nothing more was sent."],
        ar: ["أُرسل من قبل", "أُرسل هذا الاستفسار من هذا الرابط من قبل، ولم يُرسل شيء آخر."],
      };
    case "gone":
      return {
        status: 404,
        en: [
          "No longer held",
          "This enquiry is not held any more: it was delivered, or erased (by its hold's end or a visitor's request).",
        ],
        ar: [
          "لم يعد محجوزًا",
          "لم يعد هذا الاستفسار محجوزًا: فإما أنه أُرسل، وإما أنه حُذف (بانتهاء مدة الحجز أو بطلب من صاحبه).",
        ],
      };
    case "expired":
      return {
        status: 410,
        en: [
          "This link has expired",
          `Held enquiries are kept ${state.days} days, then erased, and so is this one. If a customer wrote it, ask them to send it again, or ask the site's operator (npm run mail:operator -- spam).`,
        ],
        ar: [
          "انتهت صلاحية هذا الرابط",
          `تُحفظ الاستفسارات المحجوزة ${state.days} يومًا ثم تُحذف، وكذلك هذا. إذا كان من عميل فاطلب منه إرساله مرة أخرى، أو اسأل مسؤول الموقع.`,
        ],
      };
    case "not-ours":
      return {
        status: 403,
        en: [
          "This link is not valid",
          "It is not a link the service wrote, or it was changed on its way. Open the link from the digest e-mail again.",
        ],
        ar: ["هذا الرابط غير صالح", "ليس رابطًا كتبته الخدمة، أو تغيّر في الطريق. افتح الرابط من رسالة الملخص مرة أخرى."],
      };
  }
}

const STYLE =
  "body{font:1rem/1.5 system-ui,sans-serif;margin-block:2rem;margin-inline:auto;max-inline-size:40rem;padding-inline:1rem;color:#1a1a1a}dt{font-weight:bold}dd{margin:0;margin-block-end:.75rem}button{font:inherit;padding:.75rem 1.25rem;border-radius:.5rem;border:0;background:#0b57d0;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}";
/** The page's one style, allowed by its digest alone (no inline style else could run). */
let styleSource: Promise<string> | null = null;
const styleHash = () =>
  (styleSource ??= crypto.subtle.digest("SHA-256", new TextEncoder().encode(STYLE)).then((digest) => {
    let binary = "";
    for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
    return `'sha256-${btoa(binary)}'`;
  }));

/** The review page: both languages, the enquiry and its one button when it is held. */
export async function reviewPage(state: ReviewState, action: string): Promise<Response> {
  const { status, en, ar } = words(state);
  const held =
    state.kind === "held"
      ? `<dl>
<dt>Received · وصل</dt><dd dir="ltr">${escapeHtml(state.when)}</dd>
<dt>Name · الاسم</dt><dd dir="auto">${escapeHtml(state.name || "—")}</dd>
<dt>First words · أول الكلمات</dt><dd dir="auto">${escapeHtml(state.firstWords || "—")}</dd>
<dt>Why it was held · سبب الحجز</dt><dd>${escapeHtml(state.reasons.en.join("; "))}<br><span lang="ar" dir="rtl">${escapeHtml(state.reasons.ar.join("؛ "))}</span></dd>
</dl>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Not spam: deliver it · ليس رسالة مزعجة: أرسله</button></form>`
      : "";
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(en[0])} · ${escapeHtml(ar[0])}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(en[0])}</h1>
<p>${escapeHtml(en[1])}</p>
<div lang="ar" dir="rtl"><h2>${escapeHtml(ar[0])}</h2><p>${escapeHtml(ar[1])}</p></div>
${held}
</main>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": `default-src 'none'; style-src ${await styleHash()}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
    },
  });
}
