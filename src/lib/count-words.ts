/**
 * A number of things as a language writes it, from the forms an editor gave
 * for it (data/privacy.yaml's dayCount): Intl.PluralRules picks the form, as
 * Arabic writes 1, 2, 3 to 10, 11 to 99 and 100 differently ("يوم واحد",
 * "يومين", "3 أيام", "90 يومًا", "100 يوم") and English two ways. The content
 * check makes sure every form a language needs is given; `other` stands in
 * for any other.
 */
import { fillTemplate } from "./fill-template";

export interface CountForms {
  readonly one?: string | null;
  readonly two?: string | null;
  readonly few?: string | null;
  readonly many?: string | null;
  readonly other: string;
}

export function countWords(forms: CountForms, count: number, locale: string): string {
  const form = new Intl.PluralRules(locale).select(count);
  const chosen = form === "zero" ? undefined : forms[form];
  return fillTemplate(chosen || forms.other, { n: count });
}
