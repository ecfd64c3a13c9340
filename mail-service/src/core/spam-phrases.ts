/**
 * The words of spam, in English and in Arabic, in two lists the policy weighs apart (spam.ts):
 *
 * - topics: what the offers that reach every company's form sell (search rankings and backlinks, web design and
 *   apps, guest posts, crypto and quick money, loans, lead lists, copyright threats, bulk mail's unsubscribe line).
 *   A customer may name one ("our Google ranking dropped after the move", a fintech's "cryptocurrency"); spam names
 *   several, or one with its pitch;
 * - pitches: how an offer speaks to the company it is sent to ("we can help you", "if you are interested"), which
 *   a customer may write once ("I found your website"), and which weighs little.
 *
 * A phrase matches whole words of the text as normalised (NFKC, lower case, Arabic's diacritics, tatweel and letter
 * forms made one), never inside another word: "seo" is not in "Seoul", and no word is taken for its script.
 */

const ENGLISH_TOPICS = [
  // Search rankings and traffic.
  "seo services",
  "seo service",
  "seo expert",
  "seo experts",
  "seo agency",
  "seo package",
  "seo audit",
  "search engine optimization",
  "search engine optimisation",
  "first page of google",
  "page one of google",
  "top of google",
  "top of search results",
  "google ranking",
  "google rankings",
  "ranking on google",
  "rank higher",
  "higher rankings",
  "increase your traffic",
  "organic traffic",
  "domain authority",
  // Links and posts for sale.
  "backlink",
  "backlinks",
  "link building",
  "guest post",
  "guest posts",
  "guest posting",
  "sponsored post",
  "sponsored posts",
  "sponsored article",
  "write for your website",
  "do follow",
  "dofollow",
  "niche edits",
  // Websites and apps for sale.
  "website redesign",
  "redesign your website",
  "web design services",
  "web development services",
  "mobile app development services",
  "outdated website",
  "your website looks",
  "wordpress experts",
  // Marketing and lists for sale.
  "digital marketing services",
  "social media marketing services",
  "social media management services",
  "email list",
  "email lists",
  "mailing list of",
  "lead generation services",
  "b2b leads",
  "b2b database",
  "b2b data",
  "verified leads",
  "decision makers",
  "contact database",
  "attendee list",
  "attendees list",
  "qualified appointments",
  // Money.
  "bitcoin",
  "btc",
  "cryptocurrency",
  "crypto trading",
  "crypto investment",
  "forex trading",
  "trading signals",
  "passive income",
  "guaranteed returns",
  "guaranteed profit",
  "double your money",
  "investment opportunity",
  "business funding",
  "business loan",
  "business loans",
  "working capital loan",
  "working capital loans",
  "merchant cash advance",
  "loan offer",
  "instant loan",
  "pre approved",
  "no credit check",
  // Threats that are phishing.
  "copyright infringement",
  "copyrighted images",
  "copyrighted image",
  "dmca notice",
  // Bulk mail.
  "to unsubscribe",
  "opt out of future",
  "reply stop",
  "casino",
  "viagra",
];

const ENGLISH_PITCHES = [
  "we can help you",
  "i can help you",
  "we help businesses",
  "our services include",
  "our team of experts",
  "i came across your website",
  "i was checking your website",
  "i noticed your website",
  "i visited your website",
  "your website",
  "your business",
  "your brand",
  "let me know if you are interested",
  "if you are interested",
  "are you interested",
  "would you be interested",
  "interested in our",
  "reply to this",
  "reply with",
  "kindly reply",
  "limited time",
  "special offer",
  "affordable price",
  "affordable prices",
  "at a low cost",
  "100 guaranteed",
  "free trial",
  "free consultation",
  "whatsapp me",
];

const ARABIC_TOPICS = [
  // البحث والزيارات.
  "تحسين محركات البحث",
  "سيو",
  "الصفحه الاولي في جوجل",
  "الصفحه الاولي في قوقل",
  "الصفحه الاولي من جوجل",
  "تصدر نتائج البحث",
  "تصدر محركات البحث",
  "زياده الزيارات",
  "زياده زوار",
  "زيارات لموقعك",
  // الروابط والمقالات المدفوعة.
  "روابط خلفيه",
  "باك لينك",
  "مقالات ضيف",
  "مقال ضيف",
  "مقال برعايه",
  "مقالات مدفوعه",
  // المواقع والتطبيقات.
  "تصميم مواقع احترافيه",
  "تصميم المواقع الاحترافيه",
  "اعاده تصميم موقعك",
  "تصميم تطبيقات الجوال",
  "برمجه تطبيقات",
  // التسويق والقوائم.
  "خدمات التسويق الالكتروني",
  "اداره حسابات التواصل الاجتماعي",
  "قوائم بريديه",
  "قاعده بيانات ايميلات",
  "قاعده بيانات عملاء",
  "بيانات عملاء محتملين",
  "ارقام جوالات",
  "رسائل جماعيه",
  // المال.
  "بيتكوين",
  "عملات رقميه",
  "العملات الرقميه",
  "العملات المشفره",
  "تداول العملات",
  "فوركس",
  "ارباح مضمونه",
  "ربح مضمون",
  "دخل سلبي",
  "دخل اضافي",
  "فرصه استثماريه",
  "قرض فوري",
  "قروض شخصيه",
  "تمويل فوري",
  "تمويل شخصي",
  "بدون كفيل",
  "بدون تحويل راتب",
  // التهديدات.
  "انتهاك حقوق النشر",
  "حقوق الطبع والنشر",
  "اجراءات قانونيه",
  "اغلاق موقعك",
  // الرسائل الجماعية.
  "لالغاء الاشتراك",
];

const ARABIC_PITCHES = [
  "نقدم لكم",
  "نقدم لك",
  "نوفر لكم",
  "نوفر لك",
  "يسعدنا ان نقدم",
  "يسعدنا تقديم",
  "نحن شركه متخصصه",
  "فريقنا من الخبراء",
  "موقعكم",
  "موقعك",
  "نشاطك التجاري",
  "عرض خاص",
  "عرض لفتره محدوده",
  "لفتره محدوده",
  "باسعار منافسه",
  "باسعار رمزيه",
  "اسعار مناسبه للجميع",
  "لا تفوت الفرصه",
  "اذا كنت مهتما",
  "اذا كنتم مهتمين",
  "هل انت مهتم",
  "تواصل معنا عبر الواتساب",
  "راسلنا واتساب",
  "ضمان 100",
];

/**
 * A text as its words, normalised: NFKC, lower case; in Arabic the diacritics, the dagger alif and tatweel taken
 * out, the forms of alif, yaa and taa marbuta made one (أ إ آ ا, ى ي, ة ه), so "الصفحة الأولى" matches however
 * it was typed; every run of other characters a single space.
 */
export function normalisedWords(text: string): string {
  return ` ${text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

const listed = (phrases: string[]) => phrases.map((phrase) => ({ phrase, words: normalisedWords(phrase) }));
const TOPICS = listed([...ENGLISH_TOPICS, ...ARABIC_TOPICS]);
const PITCHES = listed([...ENGLISH_PITCHES, ...ARABIC_PITCHES]);

/** The phrases of a list a text holds, each once, as the list writes them; none inside a longer one found. */
function found(list: ReturnType<typeof listed>, words: string): string[] {
  const hits = list.filter(({ words: phrase }) => words.includes(phrase));
  return hits
    .filter(({ words: phrase }) => !hits.some((other) => other.words !== phrase && other.words.includes(phrase)))
    .map(({ phrase }) => phrase);
}

/**
 * The words again with the one-letter prefixes Arabic writes joined to a word (و and, ب by, ل for, ف so, ك as)
 * taken off where three letters or more follow, so that "وروابط خلفية" and "بربح مضمون" are found as the phrases
 * are written. Matched beside the words as typed, never instead of them.
 */
const withoutPrefixes = (words: string) => words.replace(/ [وبلفك](?=[\u0621-\u064a]{3,})/g, " ");

/** The spam topics and the pitches a text holds. */
export function spamPhrasesIn(text: string): { topics: string[]; pitches: string[] } {
  const words = normalisedWords(text);
  const both = `${words}|${withoutPrefixes(words)}`;
  return { topics: found(TOPICS, both), pitches: found(PITCHES, both) };
}
