/**
 * The spam policy, in one place: every layer that tells a robot's enquiry from a person's gives a named reason
 * with a weight, and an enquiry whose weights reach HOLD_AT is held for the staff to review instead of delivered
 * (never dropped: a person held is delivered from the digest's link). Below it, any reason still marks the
 * e-mail's subject.
 *
 * - The form's check (contract/src/enquiry-check.ts): the trap field a person leaves empty, the page's proof of
 *   work (missing, unreadable, not worked, stale, or sent before), and how soon after the first key Send came.
 * - What the enquiry says: links where no person puts one (the name, the company, the phone), many links, markup
 *   or [url], an address at a throwaway mail service, the same message sent again by others, and spam's topics and
 *   pitches, in English and Arabic, matched on whole normalised words (spam-phrases.ts): one topic alone, or a
 *   pitch alone, never holds; two topics, or one with its pitch, do.
 *
 * Never the script or the language: customers here write Arabic, English, Russian and Hindi in Latin letters.
 * A company under a targeted wave adds its own layer here (Cloudflare Turnstile, say, whose token would come in
 * the same header): a reason and its weight beside the others.
 */
import { blacklist } from "mailchecker";
import { decodeCheck, TRAP_LIMIT } from "enquiry-contract/enquiry-check";
import type { Enquiry, EnquiryField } from "enquiry-contract/fields";
import { proofVerdict, type ProofVerdict } from "./proof";
import { normalisedWords, spamPhrasesIn } from "./spam-phrases";

/** What is known of an enquiry when it is assessed, besides its six fields. */
export interface SpamFacts {
  /** The trap field's value ("" from a person), or null when the check header could not be read. */
  trap: string | null;
  proof: ProofVerdict;
  /** Milliseconds from the visitor's first key or tap to Send; null when the form was never touched. */
  typedMs: number | null;
  /** Whether the visitor's address is at a throwaway mail service. */
  disposableAddress: boolean;
  /** How many enquiries with the same message, from other senders, arrived in the day before. */
  sameMessageBefore: number;
}

export type SpamCode =
  | "trap"
  | "no-proof"
  | "unreadable"
  | "forged"
  | "stale"
  | "sent-before"
  | "untouched"
  | "fast"
  | "linked-details"
  | "many-links"
  | "markup"
  | "forum-links"
  | "throwaway-address"
  | "repeated"
  | "phrases"
  | "pitch";

export interface SpamReason {
  code: SpamCode;
  weight: number;
  /** What it was found in, or how many: the fields, the count, the phrases. */
  detail?: string;
}

/** At or above this weight an enquiry is held. Each of the check's failures reaches it alone. */
export const HOLD_AT = 5;

const HARD = 10;
/** Sent within this of the first key: a person who autofills takes about three seconds. */
const FAST_MS = 3_000;
const MANY_LINKS = 3;

const LINK = /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\./gi;
const MARKUP = /<\s*\/?\s*[a-z][^>]*>/i;
const FORUM_LINK = /\[\/?(url|link|img)[=\]]/i;

const PROOF_CODES: Record<Exclude<ProofVerdict, "worked">, SpamCode> = {
  missing: "no-proof",
  unreadable: "unreadable",
  "not-worked": "forged",
  stale: "stale",
  "sent-before": "sent-before",
};

/** Every reason the enquiry gives, with its weight; [] for a person's plain enquiry. */
export function spamReasons(enquiry: Enquiry, facts: SpamFacts): SpamReason[] {
  const reasons: SpamReason[] = [];
  const add = (code: SpamCode, weight: number, detail?: string) =>
    reasons.push({ code, weight, ...(detail !== undefined && { detail }) });

  if (facts.proof !== "worked") add(PROOF_CODES[facts.proof], HARD);
  if (facts.trap !== null && facts.trap !== "") add("trap", HARD);
  if (facts.typedMs === null) add("untouched", 2);
  else if (facts.typedMs < FAST_MS) add("fast", 2);

  const linked = (["name", "companyName", "phone"] as const).filter((field) => enquiry[field].match(LINK));
  if (linked.length > 0) add("linked-details", 5, linked.join(", "));
  const links = enquiry.message.match(LINK)?.length ?? 0;
  if (links > MANY_LINKS) add("many-links", 3, String(links));
  const marked = (Object.keys(enquiry) as EnquiryField[]).filter((field) => MARKUP.test(enquiry[field]));
  if (marked.length > 0) add("markup", 3, marked.join(", "));
  if (FORUM_LINK.test(enquiry.message)) add("forum-links", 5);
  if (facts.disposableAddress) add("throwaway-address", 3);
  // One other sender may be a colleague; from two others on, it is a campaign.
  if (facts.sameMessageBefore > 0)
    add("repeated", facts.sameMessageBefore > 1 ? 5 : 3, String(facts.sameMessageBefore));
  const { topics, pitches } = spamPhrasesIn(`${enquiry.companyName}\n${enquiry.message}`);
  if (topics.length > 0) add("phrases", Math.min(9, 3 * topics.length), topics.slice(0, 3).join(", "));
  if (pitches.length > 0) add("pitch", Math.min(3, pitches.length), pitches.slice(0, 3).join(", "));
  return reasons;
}

/** What the store tells the assessment: whether a proof was sent before (recording it), and the same message's count. */
export interface SpamStore {
  proofSentBefore(nonce: string, until: number): Promise<boolean>;
  sameMessageSince(messageHash: string, fingerprint: string, since: number): Promise<number>;
}

const DAY = 24 * 60 * 60 * 1000;
/** A message shorter than this ("Please call me") is said alike by many people, and is no campaign. */
const CAMPAIGN_LENGTH = 40;
const throwaway: Set<string> = blacklist();

/** Whether an address is at a throwaway mail service (mailchecker's list), its subdomains included. */
export function isThrowawayAddress(address: string): boolean {
  let domain = address
    .slice(address.lastIndexOf("@") + 1)
    .toLowerCase()
    .trim();
  if (!address.includes("@") || domain === "") return false;
  for (;;) {
    if (throwaway.has(domain)) return true;
    const dot = domain.indexOf(".");
    if (dot < 0) return false;
    domain = domain.slice(dot + 1);
  }
}

/** The message as campaigns are compared: its normalised words' hash, or null for a short one. */
export async function messageHash(message: string): Promise<string | null> {
  const words = normalisedWords(message).trim();
  if (words.length < CAMPAIGN_LENGTH) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(words));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The whole assessment of an enquiry that arrived: its check header read and its proof checked, the store asked,
 * every reason weighed. What it returns decides, through isHeld, whether the enquiry is held.
 */
export async function assessEnquiry(
  enquiry: Enquiry,
  header: string | null,
  { fingerprint, hash, receivedAt }: { fingerprint: string; hash: string | null; receivedAt: number },
  store: SpamStore,
): Promise<SpamReason[]> {
  const check = decodeCheck(header);
  const facts: SpamFacts =
    typeof check === "string"
      ? {
          trap: check === "missing" ? "" : null,
          proof: check,
          typedMs: null,
          disposableAddress: false,
          sameMessageBefore: 0,
        }
      : {
          trap: check.trap.slice(0, TRAP_LIMIT),
          proof: await proofVerdict(check.proof, store.proofSentBefore, receivedAt),
          typedMs: check.typedMs,
          disposableAddress: false,
          sameMessageBefore: 0,
        };
  facts.disposableAddress = isThrowawayAddress(enquiry.email);
  facts.sameMessageBefore = hash ? await store.sameMessageSince(hash, fingerprint, receivedAt - DAY) : 0;
  return spamReasons(enquiry, facts);
}

/** Whether the reasons hold the enquiry back for review. */
export const isHeld = (reasons: readonly SpamReason[]) =>
  reasons.reduce((sum, { weight }) => sum + weight, 0) >= HOLD_AT;

/**
 * An enquiry held as possible spam and not yet reviewed, in SQL, for the store and the operator's commands: it is
 * held (held_since, which keeps every delivery away from it, as a visitor's hold does) with the policy's reasons,
 * and the staff have not delivered it. A visitor may ask to hold one the staff delivered: that hold is the visitor's.
 */
export const SPAM_HELD = "(held_since IS NOT NULL AND spam_reasons IS NOT NULL AND reviewed_at IS NULL)";

/** The form's fields as the Arabic form names them, for a reason's detail in Arabic. */
const ARABIC_FIELDS: Record<string, string> = {
  industry: "القطاع",
  name: "الاسم",
  email: "البريد الإلكتروني",
  phone: "رقم الجوال",
  companyName: "اسم الشركة",
  message: "الرسالة",
};
const inArabic = (fields: string) =>
  fields
    .split(", ")
    .map((field) => ARABIC_FIELDS[field] ?? field)
    .join("، ");

/** Each reason as the operator and the staff read it, in English (the subject's mark, the log) and in Arabic. */
const WORDS: Record<SpamCode, { en: (detail: string) => string; ar: (detail: string) => string }> = {
  trap: { en: () => "the field people leave empty was filled", ar: () => "مُلئ الحقل الذي يتركه الناس فارغًا" },
  "no-proof": { en: () => "no proof that the site's page was used", ar: () => "لا دليل على استخدام صفحة الموقع" },
  unreadable: {
    en: () => "a check the site's page could not have written",
    ar: () => "فحص لا يمكن أن تكون صفحة الموقع كتبته",
  },
  forged: { en: () => "a forged proof", ar: () => "دليل مزوّر" },
  stale: { en: () => "a proof older than a visit", ar: () => "دليل أقدم من زيارة واحدة" },
  "sent-before": { en: () => "a proof sent before", ar: () => "دليل أُرسل من قبل" },
  untouched: { en: () => "sent without a key pressed", ar: () => "أُرسل دون الضغط على أي زر" },
  fast: { en: () => "sent within seconds of the first key", ar: () => "أُرسل بعد ثوانٍ من أول ضغطة" },
  "linked-details": { en: (fields) => `a link in ${fields}`, ar: (fields) => `رابط في ${inArabic(fields)}` },
  "many-links": { en: (count) => `${count} links in the message`, ar: (count) => `${count} روابط في الرسالة` },
  markup: { en: (fields) => `markup in ${fields}`, ar: (fields) => `وسوم في ${inArabic(fields)}` },
  "forum-links": { en: () => "forum links ([url]) in the message", ar: () => "روابط منتديات ([url]) في الرسالة" },
  "throwaway-address": {
    en: () => "an address at a throwaway mail service",
    ar: () => "عنوان بريد مؤقت",
  },
  repeated: {
    en: (count) => `the same message as ${count} other sender(s) today`,
    ar: (count) => `الرسالة نفسها من ${count} مرسل آخر اليوم`,
  },
  phrases: { en: (found) => `spam's topics (${found})`, ar: (found) => `مواضيع الرسائل المزعجة (${found})` },
  pitch: { en: (found) => `a sales pitch's words (${found})`, ar: (found) => `عبارات عرض تسويقي (${found})` },
};

/** A reason in a language's words. */
export function reasonWords(reason: SpamReason, language: "en" | "ar"): string {
  return WORDS[reason.code][language](reason.detail ?? "");
}

/** What a reason's details (which fields, how many) would say, in general: for the monthly report's totals. */
const GENERAL: Partial<Record<SpamCode, { en: string; ar: string }>> = {
  "linked-details": { en: "a link in the name, company or phone", ar: "رابط في الاسم أو الشركة أو الهاتف" },
  "many-links": { en: "more than three links in the message", ar: "أكثر من ثلاثة روابط في الرسالة" },
  markup: { en: "markup in a field", ar: "وسوم في أحد الحقول" },
  repeated: { en: "the same message as other senders'", ar: "الرسالة نفسها من مرسلين آخرين" },
  phrases: { en: "spam's topics", ar: "مواضيع الرسائل المزعجة" },
  pitch: { en: "a sales pitch's words", ar: "عبارات عرض تسويقي" },
};

/** A reason by its code alone, in a language's words. */
export function reasonName(code: SpamCode, language: "en" | "ar"): string {
  return GENERAL[code]?.[language] ?? WORDS[code][language]("");
}
