/**
 * The Arabic copy's one word for one meaning, and its names (docs/languages.md).
 * The build stops, naming file, entry and field, when an Arabic text uses a
 * word the glossary has settled against, or a word in Latin letters that is
 * not a name: a later edit keeps the settled terms, and no English is left
 * untranslated.
 */
import fs from "node:fs";
import path from "node:path";
import { collections } from "./model";
import { readContentYaml } from "./read-yaml";
import type { ContentProblem } from "./check";
import { defaultLanguage, languages } from "../../contract/src/languages";

/**
 * Each meaning's settled Arabic, and the forms used for it before. Written without vowel marks or shadda: texts
 * are compared without theirs, so "المحوّلات" and "المحولات" are one word.
 */
export const arabicGlossary: readonly {
  meaning: string;
  avoid: RegExp;
  use: string;
  /** The fields the term is settled for, where the same words mean something else in others (a heading). */
  fields?: readonly string[];
}[] = [
  { meaning: "cost-effective", avoid: /فعال[اة]?\s+من\s+حيث\s+التكلفة/u, use: "بتكلفة مدروسة" },
  {
    meaning: "on-site (support) or on site (backups)",
    avoid: /في\s+الموقع/u,
    use: "بزيارة ميدانية إلى مقرّك (a visit), محليًا (beside the cloud)",
  },
  {
    meaning: "IT support and maintenance",
    avoid: /دعم\s+وصيانة\s+تقنية\s+المعلومات/u,
    use: "دعم تقنية المعلومات وصيانتها",
  },
  {
    meaning: "IT support, technical support",
    avoid: /دعما?\s+فنيا?|الدعم\s+الفني|دعما?\s+تقنيا?(?!ة)|الدعم\s+التقني/u,
    use: "دعم تقنية المعلومات",
  },
  { meaning: "across the UAE", avoid: /(?:جميع|سائر|كل)\s+أنحاء\s+الإمارات/u, use: "في أنحاء الإمارات" },
  { meaning: "technology", avoid: /التكنولوجيا/u, use: "التقنية" },
  { meaning: "experienced", avoid: /ذو[يو]\s+(?:ال)?خبرة|أصحاب\s+(?:ال)?خبرة/u, use: "متمرّس" },
  {
    meaning: "experience in the field (القطاع is the client's industry, in the form)",
    avoid: /خبرت\S*\s+في\s+القطاع/u,
    use: "خبرة في المجال",
  },
  { meaning: "tailor-made", avoid: /مصممة\s+(?:ل|حسب|وفق)|حسب\s+الطلب|مفصلة\s+على\s+المقاس/u, use: "مصمّمة خصيصًا" },
  { meaning: "mobile (phone) number", avoid: /جوال|الهاتف\s+المحمول|موبايل/u, use: "الهاتف المتحرك" },
  { meaning: "network switches", avoid: /محولات(?!\s+(?:ال)?شبكة)/u, use: "محوّلات الشبكة" },
  { meaning: "structured cabling", avoid: /(?:الكابلات|الكوابل)\s+المنظمة/u, use: "أنظمة الكابلات الهيكلية" },
  { meaning: "downtime", avoid: /التوقف\s+عن\s+العمل/u, use: "انقطاع العمل" },
  { meaning: "Email us", avoid: /اكتب\s+إلينا/u, use: "راسلنا بالبريد الإلكتروني" },
  { meaning: "message us on WhatsApp", avoid: /تحدث\s+(?:معنا|إلينا)\s+عبر\s+واتساب/u, use: "راسلنا عبر واتساب" },
  {
    meaning: "the mail provider (two parties)",
    avoid: /مزود\s+(?:خدمة\s+)?البريد/u,
    use: "خدمة نقل البريد (what carries the e-mail), مزوّد صندوق البريد (who holds the inbox)",
  },
  { meaning: "Wi-Fi", avoid: /Wi-?Fi/iu, use: "الواي فاي" },
  {
    meaning: "and, before a name in Latin letters",
    avoid: /(?<=^|[\s(])و(?=[A-Za-z])/u,
    use: "و with an Arabic word before the name (وخدمة Queues)",
  },
  {
    // The footer's heading is the English "Contact Us", and so "تواصل معنا": the two headings name two regions of
    // the Contact page, which must not share a name.
    meaning: "Contact details (the Contact page's panel heading)",
    avoid: /^تواصل\s+معنا$/u,
    use: "بيانات التواصل",
    fields: ["panelHeading"],
  },
  {
    meaning: "Visit us (beside Call us, Email us)",
    avoid: /^عنوان\s+المكتب$/u,
    use: "تفضّل بزيارتنا",
    fields: ["addressLabel"],
  },
];

/** Arabic's vowel marks, shadda and dagger alif, which the glossary's words are compared without. */
const MARKS = /[\u064B-\u0652\u0670]/gu;

/** A word in Latin letters, as it stands in an Arabic text: "ITIL", "Microsoft", "365" is not one. */
const LATIN_WORD = /[A-Za-z][A-Za-z0-9'+-]*(?:\.[A-Za-z]+)*/g;

/**
 * Whether a Latin word in an Arabic text is a name, kept in Latin as docs/languages.md says: the English text at
 * the same place writes it too, as a name (a capital or a digit in it: ITIL, JavaScript, Microsoft 365) or quoted
 * ("user", a storage key). Any other is English left untranslated. A whole phrase the English quotes ("Possible
 * spam") is taken out before the words are read.
 */
function isName(word: string, english: string): boolean {
  if (/[A-Z0-9]/.test(word)) return new RegExp(`(?<![A-Za-z])${escape(word)}(?![a-z])`).test(english);
  return english.includes(`"${word}"`);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const arabic = languages.find(({ code }) => code === "ar");

/**
 * Every Arabic text of data/ that uses a word the glossary avoids, or a Latin word that is not a name, located as
 * the content check locates problems.
 */
export function glossaryProblems(dataDir: string, displayDir = "data"): ContentProblem[] {
  if (!arabic) return [];
  const problems: ContentProblem[] = [];
  for (const { file } of collections) {
    const source = path.join(dataDir, file);
    if (!fs.existsSync(source)) continue;
    const parsed = readContentYaml(fs.readFileSync(source, "utf8"), file) as Record<string, unknown> | undefined;
    const report = (entry: string | undefined, field: string | undefined, message: string) =>
      problems.push({ file: `${displayDir}/${file}`, language: arabic, entry, field, message });
    const visit = (value: unknown, english: unknown, field: string | undefined, entry: string | undefined) => {
      if (typeof value === "string") {
        const plain = value.normalize("NFC").replace(MARKS, "");
        const avoided: string[] = [];
        for (const term of arabicGlossary) {
          if (term.fields && !term.fields.includes(field ?? "")) continue;
          const found = term.avoid.exec(plain)?.[0];
          if (!found) continue;
          avoided.push(found);
          report(
            entry,
            field,
            `uses "${found}" for ${term.meaning}; the site's Arabic says "${term.use}" (docs/languages.md).`,
          );
        }
        // A phrase quoted as the English text quotes it (what the e-mail's subject says: "Possible spam") is a name.
        const englishText = typeof english === "string" ? english : "";
        const unquoted = value.replace(/[«"]([A-Za-z][^»"]*)[»"]/g, (whole, phrase: string) =>
          englishText.includes(`"${phrase}"`) ? " " : whole,
        );
        // Latin words the glossary has named already are not named twice.
        const words = (unquoted.replace(/\{\w+\}/g, " ").match(LATIN_WORD) ?? []).filter(
          (word) => !avoided.some((found) => found.includes(word)),
        );
        const foreign = [...new Set(words.filter((word) => !isName(word, typeof english === "string" ? english : "")))];
        if (foreign.length > 0)
          report(
            entry,
            field,
            `has ${foreign.map((word) => `"${word}"`).join(", ")} in Latin letters: translate ${foreign.length === 1 ? "it" : "them"}, or, for a name, write it as the ${defaultLanguage.name} text does (docs/languages.md, "Names").`,
          );
      } else if (Array.isArray(value)) {
        value.forEach((item, index) =>
          visit(item, Array.isArray(english) ? english[index] : undefined, field, `entry ${index + 1} of "${field}"`),
        );
      } else if (value && typeof value === "object") {
        for (const [key, inner] of Object.entries(value))
          visit(inner, (english as Record<string, unknown> | undefined)?.[key], key, entry);
      }
    };
    visit(parsed?.ar, parsed?.[defaultLanguage.code], undefined, undefined);
  }
  return problems;
}
