import { formats, isShared, type Field, type Fields } from "./model";

type Record_ = Record<string, unknown>;

/** A group of named fields as YAML gives it: an object, but not a list, nor a date (YAML reads 2023-05-01 as one). */
export const isRecord = (value: unknown): value is Record_ =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * A collection's content in one language, shaped like the English part: the
 * shared fields (pictures, icons, phones, links) from the English part, every
 * translated text from the language's own part, list entries paired by their
 * place. For English it is the English part itself. A value is given as the site
 * shows it (a phone number in international form), and an optional text left
 * empty as the site fills it in (the chat link from the WhatsApp number). The
 * site's pages, the tests and the editor's previews all read content through this.
 */
export function localize(fields: Fields, english: unknown, own: unknown): Record_ {
  const result: Record_ = {};
  const original = isRecord(english) ? english : {};
  const translation = isRecord(own) ? own : {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind === "text" && field.fallback && (original[name] === undefined || original[name] === "")) {
      result[name] = field.fallback.from(original);
    } else if (isShared(field)) {
      result[name] = shown(field, original[name]);
    } else if (field.kind === "group") {
      result[name] = localize(field.fields, original[name], translation[name]);
    } else if (field.kind === "list" && field.of.kind === "group") {
      const item = field.of;
      const translated = Array.isArray(translation[name]) ? (translation[name] as unknown[]) : [];
      result[name] = Array.isArray(original[name])
        ? (original[name] as unknown[]).map((entry, index) => localize(item.fields, entry, translated[index]))
        : original[name];
    } else {
      result[name] = translation[name];
    }
  }
  return result;
}

/**
 * A shared value as the site shows it: a switch on or off (off when left out), a text in its format's shown form
 * (a phone number in international form).
 */
function shown(field: Field, value: unknown): unknown {
  if (field.kind === "switch") return value === true;
  if (field.kind !== "text" || !field.format || typeof value !== "string") return value;
  const format = formats[field.format];
  return "shown" in format ? format.shown(value) : value;
}
