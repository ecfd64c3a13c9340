/**
 * Replaces `{name}` placeholders that editors write in content texts
 * ("© {year} {company}") with their values. Unknown placeholders stay as
 * written so a typo shows on the page instead of vanishing.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : placeholder,
  );
}
