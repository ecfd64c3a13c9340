/**
 * The order the enquiry form offers the industries in. English keeps the
 * order data/industries.yaml gives (the specification's, alphabetical in
 * English); a translation in the same order would look unordered, so it is
 * sorted by its own alphabet, the list's last entry (the catch-all, Others)
 * staying last.
 */
import { defaultLanguage, type Language } from "../../contract/src/languages";

export function inReadingOrder<Option extends { label: string }>(
  options: readonly Option[],
  language: Pick<Language, "code" | "locale">,
): readonly Option[] {
  if (language.code === defaultLanguage.code || options.length < 2) return options;
  const collator = new Intl.Collator(language.locale);
  const sorted = options.slice(0, -1).sort((a, b) => collator.compare(a.label, b.label));
  return [...sorted, ...options.slice(-1)];
}
