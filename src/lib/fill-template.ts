/**
 * The `{name}` placeholders that editors write in content texts ("© {year}
 * {company}"): the one definition of their syntax, for the site that fills
 * them and the content check that refuses the ones a text cannot use.
 */

/** A text cut at its placeholders: every odd item is a placeholder's name, every even one the text between. */
export function splitTemplate(template: string): string[] {
  return template.split(/\{(\w+)\}/);
}

/** Everything in a text that looks meant as a placeholder, as written: `{year}`, but also `{the year}` or `{}`. */
export function bracesIn(text: string): string[] {
  return text.match(/\{[^{}]*\}/g) ?? [];
}

/** The text with its placeholders filled. Unknown ones stay as written, so a typo shows on the page instead of vanishing. */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return splitTemplate(template)
    .map((part, index) => (index % 2 === 0 ? part : Object.hasOwn(values, part) ? String(values[part]) : `{${part}}`))
    .join("");
}
