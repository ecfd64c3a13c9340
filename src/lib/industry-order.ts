/**
 * The order the enquiry form offers the industries in. English keeps the
 * order data/industries.yaml gives (the specification's, alphabetical in
 * English); a translation in the same order would look unordered, so it is
 * sorted by its own alphabet, the list's last entry (the catch-all, Others)
 * staying last. Arabic dictionaries and indexes order a word without its
 * article: التجزئة under ت, not under ا, so تقنية المعلومات comes before النقل.
 */
import { defaultLanguage, type Language, type LanguageCode } from "../../contract/src/languages";

/** The definite article a language writes before a word, which its alphabetical order passes over. */
const ARTICLE: Partial<Record<LanguageCode, RegExp>> = { ar: /^ال(?=\p{L}{2})/u };

export function inReadingOrder<Option extends { label: string }>(
  options: readonly Option[],
  language: Pick<Language, "code" | "locale">,
): readonly Option[] {
  if (language.code === defaultLanguage.code || options.length < 2) return options;
  const collator = new Intl.Collator(language.locale);
  const article = ARTICLE[language.code];
  const key = (label: string) => (article ? label.replace(article, "") : label);
  const sorted = options
    .slice(0, -1)
    .sort((a, b) => collator.compare(key(a.label), key(b.label)) || collator.compare(a.label, b.label));
  return [...sorted, ...options.slice(-1)];
}
