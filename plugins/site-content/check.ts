import fs from "node:fs";
import path from "node:path";
import { contentIconNames, isContentIconName } from "../../src/lib/icon-paths";
import { bracesIn } from "../../src/lib/fill-template";
import { firstControlCharacter } from "../control-characters";
import { pictureProblem } from "./picture";
import { privateDetails } from "./picture-metadata";
import { readContentYaml } from "./read-yaml";
import { isRecord } from "./localize";
import { defaultLanguage, languages, type Language } from "../../contract/src/languages";
import {
  collections,
  formats,
  imageExtensions,
  isContentFile,
  isShared,
  tooLong,
  tooMany,
  type Collection,
  type Field,
  type Fields,
  type GroupField,
} from "./model";

/** One thing wrong in a content file, located so an editor can find it. */
export interface ContentProblem {
  /** The file, as the editor knows it: data/services.yaml. */
  file: string;
  /** The part of the file, for problems inside one: English (en:) or Arabic (ar:). */
  language?: Language;
  /** The entry inside the part, when the field belongs to one: entry 3 of "services" ("Data backup"). */
  entry?: string;
  field?: string;
  message: string;
}

interface Context {
  /** Absolute folder of the YAML file: image paths are relative to it. */
  folder: string;
  /** The content folder (data/), which no picture path may leave. */
  root: string;
  /** How the editor knows the content folder: data/. */
  rootName: string;
  language: Language;
  push: (problem: Omit<ContentProblem, "file" | "language">) => void;
  /** Pictures to read once the file is walked (reading one is asynchronous), with where to report a problem. */
  pictures: { file: string; value: string; report: (message: string) => void }[];
}

/**
 * Reads every collection of the content model from `dataDir` and returns what
 * is wrong with it: YAML files the site does not read, files that are missing
 * or are not valid YAML, a language's part missing, required fields or
 * translations left out or empty, values that break a format or their length
 * limit, unknown icons, pictures that lead nowhere or out of the folder or
 * are not pictures the site can use, shared values written again in a
 * translation, and fields the site does not use (usually typos).
 */
export async function checkContent(dataDir: string, displayDir = "data"): Promise<ContentProblem[]> {
  const pictures: Context["pictures"] = [];
  const problems = strayYamlFiles(dataDir, displayDir);
  for (const collection of collections) checkCollection(dataDir, displayDir, collection, { problems, pictures });
  // Pictures are read once every file is walked; their problems join the list in the order they are found.
  await Promise.all(pictures.map(checkPicture));
  return problems;
}

/**
 * Any YAML under the content folder other than the collections' own files: the site never reads one (it could
 * only be a stray copy or a file saved in the wrong place), and it is refused unread, however it is written.
 */
function strayYamlFiles(dataDir: string, displayDir: string): ContentProblem[] {
  const names = collections.map(({ file }) => file).join(", ");
  return fs
    .readdirSync(dataDir, { recursive: true, encoding: "utf8" })
    .filter((relative) => /\.ya?ml$/i.test(relative) && !isContentFile(relative))
    .sort()
    .map((relative) => ({
      file: `${displayDir}/${relative.split(path.sep).join("/")}`,
      message: `is not one of the site's content files, so the build does not read it. The site reads only these files in ${displayDir}/: ${names}. Move what it holds into the file it belongs to, then delete it.`,
    }));
}

/** At most this many problems are listed: past them, more lines would only hide the first ones. */
const LISTED_PROBLEMS = 50;

/** One problem or note on a line: where it is (file, language, entry, field), then what it is. */
export function formatNote(problem: ContentProblem): string {
  return (
    [
      problem.file,
      problem.language && `${problem.language.name} (${problem.language.code}:)`,
      problem.entry,
      problem.field && `field "${problem.field}"`,
    ]
      .filter(Boolean)
      .join(", ") + `: ${problem.message}`
  );
}

export function formatProblems(problems: readonly ContentProblem[]): string {
  const lines = problems.slice(0, LISTED_PROBLEMS).map(formatNote);
  if (problems.length > LISTED_PROBLEMS)
    lines.push(`and ${problems.length - LISTED_PROBLEMS} more, listed once these are fixed.`);
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return `The site's content has ${count}. Fix ${problems.length === 1 ? "it" : "them"} in the file named and build again:\n- ${lines.join("\n- ")}`;
}

/** A value as a message shows it: in quotes, and cut short, so that a huge value cannot make a huge message. */
export function quoted(value: unknown, max = 60): string {
  const text = typeof value === "string" ? value : String(value);
  const characters = [...text];
  return `"${characters.length > max ? `${characters.slice(0, max).join("")}…` : text}"`;
}

function checkCollection(
  dataDir: string,
  displayDir: string,
  collection: Collection,
  { problems, pictures }: { problems: ContentProblem[]; pictures: Context["pictures"] },
): void {
  const file = `${displayDir}/${collection.file}`;
  const absolute = path.join(dataDir, collection.file);

  if (!fs.existsSync(absolute)) {
    problems.push({
      file,
      message: `the file is missing. It holds the ${collection.label} content: ${collection.hint}`,
    });
    return;
  }

  let content: unknown;
  try {
    content = readContentYaml(fs.readFileSync(absolute, "utf8"), collection.file);
  } catch (error) {
    problems.push({ file, message: error instanceof Error ? error.message : String(error) });
    return;
  }

  const parts = languages.map(({ code }) => `${code}:`).join(" and ");
  if (!isRecord(content)) {
    problems.push({ file, message: `the file must hold its texts in ${parts}, not a list or a single value.` });
    return;
  }
  for (const key of Object.keys(content)) {
    if (!languages.some(({ code }) => code === key)) {
      problems.push({
        file,
        field: [...key].slice(0, 60).join(""),
        message: `is not a part of the file. It holds ${parts}, one part per language.`,
      });
    }
  }

  const english = content[defaultLanguage.code];
  for (const language of languages) {
    const context: Context = {
      folder: path.dirname(absolute),
      root: path.resolve(dataDir),
      rootName: `${displayDir}/`,
      language,
      push: (problem) => problems.push({ file, language, ...problem }),
      pictures,
    };
    const part = content[language.code];
    if (part === undefined || part === null) {
      problems.push({
        file,
        message: `the ${language.name} part (${language.code}:) is missing: every text of the file needs its ${language.name} version there.`,
      });
    } else if (!isRecord(part)) {
      problems.push({
        file,
        language,
        message: `must hold named fields (${Object.keys(collection.fields).join(", ")}).`,
      });
    } else {
      checkFields(part, isRecord(english) ? english : undefined, collection.fields, undefined, context);
    }
  }
  if (collection.together && isRecord(english)) {
    const reported = new Set(problems.filter((problem) => problem.file === file).map(({ field }) => field));
    for (const problem of collection.together(english)) {
      if (!reported.has(problem.field)) problems.push({ file, language: defaultLanguage, ...problem });
    }
  }
}

/**
 * The fields of one record of a language's part. In the default language every
 * field is checked; in a translation, only the translated ones, against the
 * default language's record at the same place (`original`).
 */
function checkFields(
  record: Record<string, unknown>,
  original: Record<string, unknown> | undefined,
  fields: Fields,
  entry: string | undefined,
  context: Context,
): void {
  const translation = context.language !== defaultLanguage;
  for (const key of Object.keys(record)) {
    // Own fields only: "constructor" or "__proto__" must not pass for a field because every object has them.
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!field) {
      context.push({
        entry,
        field: [...key].slice(0, 60).join(""),
        message: `is not a field the site uses (check the spelling). Fields here: ${Object.keys(fields).join(", ")}.`,
      });
    } else if (translation && isShared(field) && !isBlank(record[key]) && !sameValue(record[key], original?.[key])) {
      context.push({
        entry,
        field: key,
        message: `is the same in every language: write it once, in the ${defaultLanguage.name} part (${defaultLanguage.code}:), and leave it out here.`,
      });
    }
  }
  for (const [name, field] of Object.entries(fields)) {
    if (translation && isShared(field)) continue;
    if (field.kind === "text" && field.fallback && isBlank(record[name]) && !field.fallback.from(record)) {
      context.push({
        entry,
        field: name,
        message: `is empty, and ${field.fallback.missing}. ${field.label}: ${field.hint}`,
      });
      continue;
    }
    checkValue(record[name], original?.[name], field, name, entry, context);
  }
}

function checkValue(
  value: unknown,
  original: unknown,
  field: Field,
  name: string,
  entry: string | undefined,
  context: Context,
): void {
  const report = (message: string) => context.push({ entry, field: name, message });
  const translation = context.language !== defaultLanguage;

  if (isBlank(value)) {
    // An optional text left out in English is left out in every language; given in English, it needs its translation.
    if (field.optional && !(translation && !isBlank(original))) return;
    const state = value === undefined ? "missing" : "empty";
    report(
      translation
        ? `the ${context.language.name} translation is ${state}. ${field.label}: ${field.hint}`
        : `is ${state}. ${field.label}: ${field.hint}`,
    );
    return;
  }

  switch (field.kind) {
    case "text": {
      if (typeof value !== "string") {
        report(`${describeNonText(value)}, not as text. Put the text in quotes to keep it exactly as written.`);
        return;
      }
      const control = firstControlCharacter(value);
      if (control) {
        report(
          `holds an invisible control character (${control.codePoint}) after ${quoted(value.slice(Math.max(0, control.index - 30), control.index))}. Delete the text around it and type it again.`,
        );
      }
      const format = field.format && formats[field.format];
      // Tested as written: the page uses the value as it is, so "/contact " must not pass for "/contact".
      if (format && !format.pattern.test(value)) {
        const invisible = firstInvisibleCharacter(value);
        report(
          invisible
            ? `${quoted(value)} holds an invisible character (${invisible}) that would make it read as something else, or lead somewhere else, than it shows. Delete it and type the value again.`
            : `${quoted(value)} ${format.message}.`,
        );
      }
      if (!format) {
        const bidi = unbalancedDirection(value);
        if (bidi) report(bidi);
      }
      if (field.placeholders) {
        const known = field.placeholders.map((name) => `{${name}}`);
        for (const unknown of new Set(bracesIn(value))) {
          if (!known.includes(unknown)) {
            report(
              `${quoted(unknown)} is not filled in by the site and would show as typed; this text can use ${known.join(" and ")}.`,
            );
          }
        }
      }
      const length = [...value.trim()].length;
      if (length > field.max) {
        report(`is ${length} characters long; ${tooLong(field.max)}. Shorten it.`);
      }
      return;
    }
    case "switch": {
      if (typeof value !== "boolean") {
        report(`${quoted(value)} is neither on nor off: write true or false, or leave it out for off.`);
      }
      return;
    }
    case "icon": {
      if (typeof value !== "string" || !isContentIconName(value)) {
        report(`${quoted(value)} is not one of the site's icons. Use one of: ${contentIconNames.join(", ")}.`);
      }
      return;
    }
    case "image": {
      if (typeof value !== "string") {
        report(`must be the path of a picture, such as ./images/photo.jpg, not ${describeType(value)}.`);
        return;
      }
      if (!imageExtensions.includes(path.extname(value).toLowerCase())) {
        report(`${quoted(value)} is not a picture the site can use. Use a ${imageExtensions.join(", ")} file.`);
      } else if (leavesFolder(value, context)) {
        report(
          `${quoted(value)} leads outside ${context.rootName}. Pictures must be inside ${context.rootName}: give the path from the YAML file, such as ./images/photo.jpg.`,
        );
      } else if (!fs.existsSync(path.resolve(context.folder, value))) {
        report(
          `the picture ${quoted(value)} does not exist. The path is relative to the YAML file, such as ./images/photo.jpg.`,
        );
      } else {
        context.pictures.push({ file: path.resolve(context.folder, value), value, report });
      }
      return;
    }
    case "group": {
      if (!isRecord(value)) {
        report(`must hold the fields ${Object.keys(field.fields).join(", ")}, not ${describeType(value)}.`);
        return;
      }
      checkFields(
        value,
        isRecord(original) ? original : undefined,
        field.fields,
        join(entry, `entry "${name}"`),
        context,
      );
      if (field.pluralFor) checkPluralForms(value, field, name, entry, context);
      return;
    }
    case "list": {
      if (!Array.isArray(value)) {
        report(`must be a list (each entry on its own line starting with "- "), not ${describeType(value)}.`);
        return;
      }
      checkList(value, Array.isArray(original) ? original : undefined, field, name, entry, context);
      for (const placeholder of field.mustUse ?? []) {
        if (!JSON.stringify(value).includes(`{${placeholder}}`)) {
          report(
            `does not use {${placeholder}} anywhere: the site fills it in with a fact the law asks this page to state. Put it back in the sentence it belongs to.`,
          );
        }
      }
      return;
    }
  }
}

/**
 * The forms a language writes a number in (Intl.PluralRules' categories) that the numbers in the group's range
 * need: each must be filled, or some number would be written in the wrong form.
 */
function checkPluralForms(
  value: Record<string, unknown>,
  field: GroupField,
  name: string,
  entry: string | undefined,
  context: Context,
): void {
  const { from, to } = field.pluralFor ?? { from: 0, to: -1 };
  const rules = new Intl.PluralRules(context.language.code);
  const examples = new Map<string, number[]>();
  for (let number = from; number <= to; number += 1) {
    const form = rules.select(number);
    const seen = examples.get(form) ?? [];
    if (seen.length < 3) examples.set(form, [...seen, number]);
  }
  for (const [form, numbers] of examples) {
    if (!Object.hasOwn(field.fields, form)) continue;
    if (isBlank(value[form])) {
      context.push({
        entry: join(entry, `entry "${name}"`),
        field: form,
        message: `is missing: ${context.language.name} writes a number such as ${numbers.join(", ")} in this form, so it must be given.`,
      });
    }
  }
}

/**
 * A list's entries. A translation has one entry for each entry of the default
 * language, at the same place: entries are named by the default language's
 * text, which is what an editor looks for. When the two lists differ in
 * length, an entry was added or removed in one language only, and which one
 * cannot be told from the places: the list itself is named with both counts,
 * and each translated entry is checked on its own, named by its own text
 * (compared place by place, the entry after the gap would be blamed, and an
 * editor would put the right text on the wrong entry).
 */
function checkList(
  list: unknown[],
  originals: unknown[] | undefined,
  field: Extract<Field, { kind: "list" }>,
  name: string,
  entry: string | undefined,
  context: Context,
): void {
  const translation = context.language !== defaultLanguage;
  const item = field.of;
  if (list.length > field.max) {
    context.push({
      entry,
      field: name,
      message: `has ${list.length} entries; ${tooMany(field.max)}. Remove ${list.length - field.max}.`,
    });
    return;
  }
  const aligned = !translation || !originals || originals.length === list.length;
  if (!aligned) {
    const { name: language } = context.language;
    const { name: english } = defaultLanguage;
    context.push({
      entry,
      field: name,
      message: `the ${language} list has ${entries(list.length)} and the ${english} one ${originals.length}: an entry was added or removed in one language only. Compare the two lists entry by entry and add the missing translation, or remove the extra entry, at its place, so that each ${language} entry stands at the place of its ${english} one.`,
    });
  }
  if (item.kind === "group" && !translation) {
    for (const [switchName, switchField] of Object.entries(item.fields)) {
      if (switchField.kind !== "switch" || !switchField.onlyOne) continue;
      const on = list.filter((element) => isRecord(element) && element[switchName] === true).length;
      if (on > 1) {
        context.push({
          entry,
          field: name,
          message: `has "${switchField.label}" (${switchName}) switched on for ${on} entries; switch it on for one at most.`,
        });
      }
    }
  }
  list.forEach((element, index) => {
    const original = aligned ? originals?.[index] : undefined;
    const named = translation && aligned ? original : element;
    const itemEntry = join(entry, `entry ${index + 1} of "${name}"${entryName(named)}`);
    if (item.kind === "group" && isRecord(element)) {
      checkFields(element, isRecord(original) ? original : undefined, item.fields, itemEntry, context);
    } else {
      checkValue(element, original, item, name, itemEntry, context);
    }
  });
}

function entries(count: number): string {
  return count === 1 ? "1 entry" : `${count} entries`;
}

/** An absolute path, or one that climbs out of the content folder, itself or through a link. */
function leavesFolder(value: string, { folder, root }: Context): boolean {
  if (path.isAbsolute(value) || path.win32.isAbsolute(value) || /^[a-z][a-z0-9+.-]*:/i.test(value)) return true;
  const inside = (target: string, base: string) => {
    const relative = path.relative(base, target);
    return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
  };
  const target = path.resolve(folder, value);
  if (!inside(target, root)) return true;
  return fs.existsSync(target) && !inside(fs.realpathSync(target), fs.realpathSync(root));
}

function join(entry: string | undefined, part: string): string {
  return entry ? `${entry}, ${part}` : part;
}

function entryName(item: unknown): string {
  if (typeof item === "string") return ` ("${item}")`;
  if (!isRecord(item)) return "";
  const first = Object.values(item).find((value) => typeof value === "string" && value.trim() !== "");
  return typeof first === "string" ? ` ("${first.length > 40 ? `${first.slice(0, 40)}…` : first}")` : "";
}

/** Whether a translation repeats the English value as it is (which the editor may do), rather than changing it. */
function sameValue(value: unknown, original: unknown): boolean {
  return JSON.stringify(value) === JSON.stringify(original);
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (value instanceof Date) return `a date (${value.toISOString().slice(0, 10)})`;
  if (isRecord(value)) return "a group of fields";
  return quoted(value);
}

/** How YAML read a value that was meant as text: a date, a number or yes/no, or something else. */
function describeNonText(value: unknown): string {
  if (value instanceof Date) return `is read as a date (${value.toISOString().slice(0, 10)})`;
  if (typeof value === "number") return `is read as a number (${value}), which loses leading zeros and plus signs`;
  if (typeof value === "boolean") return `is read as a yes/no value (${value})`;
  return `is ${describeType(value)}`;
}

/** A picture's problem, if any, reported at its field. */
async function checkPicture({ file, value, report }: Context["pictures"][number]): Promise<void> {
  const problem = await pictureProblem(file, quoted(value));
  if (problem) return report(problem);
  // Published, the site's copies are made anew and carry nothing; but the file itself is in the repository, for
  // anyone who can read it, and both editors take the position out as they save a picture.
  if (privateDetails(await fs.promises.readFile(file)).includes("location")) {
    report(
      `${quoted(value)} still says where it was taken (its GPS position). Upload it again in the editor, which leaves that out, or save it again without its location.`,
    );
  }
}

/** Zero-width and direction characters, and other invisible format characters (Unicode's Cf). */
const INVISIBLE = /\p{Cf}/u;

/** The first invisible character of a value, as an editor can look it up (U+202E), or null. */
function firstInvisibleCharacter(value: string): string | null {
  const found = INVISIBLE.exec(value);
  return found ? `U+${(found[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}` : null;
}

const OPENERS = new Set(["\u202A", "\u202B", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068"]);
const EMBEDDING_CLOSE = "\u202C";
const ISOLATE_CLOSE = "\u2069";

/**
 * Why a text's direction controls are unbalanced, or null: each embedding or
 * override (U+202A/B/D/E) must be closed by U+202C and each isolate
 * (U+2066/7/8) by U+2069 within its paragraph, or the rest of the line (and
 * what the page puts after it) is turned round.
 */
function unbalancedDirection(text: string): string | null {
  for (const paragraph of text.split(/\n/)) {
    const open: string[] = [];
    for (const character of paragraph) {
      if (OPENERS.has(character)) open.push(character);
      else if (character === EMBEDDING_CLOSE || character === ISOLATE_CLOSE) {
        const opener = open.pop();
        const isolate = opener === "\u2066" || opener === "\u2067" || opener === "\u2068";
        if (opener === undefined || isolate !== (character === ISOLATE_CLOSE)) {
          return `holds a direction control (U+${character.codePointAt(0)?.toString(16).toUpperCase()}) that closes nothing it opened. Delete the invisible direction characters and type the text again.`;
        }
      }
    }
    if (open.length > 0) {
      return `holds a direction control (U+${open[0]?.codePointAt(0)?.toString(16).toUpperCase()}) that is never closed, which would turn round the rest of the line. Delete the invisible direction characters and type the text again.`;
    }
  }
  return null;
}
