import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { contentIconNames, isContentIconName } from "../../src/lib/icon-paths";
import { bracesIn } from "../../src/lib/fill-template";
import { firstControlCharacter } from "./control-characters";
import { isRecord } from "./localize";
import { defaultLanguage, languages, type Language } from "../../src/lib/languages";
import {
  collections,
  formats,
  imageExtensions,
  isShared,
  tooLong,
  tooMany,
  type Collection,
  type Field,
  type Fields,
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
}

/**
 * Reads every collection of the content model from `dataDir` and returns what
 * is wrong with it: files that are missing or are not valid YAML, a language's
 * part missing, required fields or translations left out or empty, values that
 * break a format or their length limit, unknown icons, image paths that lead
 * nowhere or out of the folder, shared values written again in a translation,
 * and fields the site does not use (usually typos).
 */
export function checkContent(dataDir: string, displayDir = "data"): ContentProblem[] {
  return collections.flatMap((collection) => checkCollection(dataDir, displayDir, collection));
}

export function formatProblems(problems: readonly ContentProblem[]): string {
  const lines = problems.map(
    (problem) =>
      [
        problem.file,
        problem.language && `${problem.language.name} (${problem.language.code}:)`,
        problem.entry,
        problem.field && `field "${problem.field}"`,
      ]
        .filter(Boolean)
        .join(", ") + `: ${problem.message}`,
  );
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return `The site's content has ${count}. Fix ${problems.length === 1 ? "it" : "them"} in the file named and build again:\n- ${lines.join("\n- ")}`;
}

function checkCollection(dataDir: string, displayDir: string, collection: Collection): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const file = `${displayDir}/${collection.file}`;
  const absolute = path.join(dataDir, collection.file);

  if (!fs.existsSync(absolute)) {
    return [{ file, message: `the file is missing. It holds the ${collection.label} content: ${collection.hint}` }];
  }

  let content: unknown;
  try {
    content = loadWithoutAnchors(fs.readFileSync(absolute, "utf8"), collection.file);
  } catch (error) {
    return [{ file, message: error instanceof AnchorFound ? error.message : describeYamlError(error) }];
  }

  const parts = languages.map(({ code }) => `${code}:`).join(" and ");
  if (!isRecord(content)) {
    return [{ file, message: `the file must hold its texts in ${parts}, not a list or a single value.` }];
  }
  for (const key of Object.keys(content)) {
    if (!languages.some(({ code }) => code === key)) {
      problems.push({
        file,
        field: key,
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
  return problems;
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
        field: key,
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
    if (field.optional) return;
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
          `holds an invisible control character (${control.codePoint}) after "${value.slice(Math.max(0, control.index - 30), control.index)}". Delete the text around it and type it again.`,
        );
      }
      const format = field.format && formats[field.format];
      if (format && !format.pattern.test(value.trim())) {
        report(`"${value}" ${format.message}.`);
      }
      if (field.placeholders) {
        const known = field.placeholders.map((name) => `{${name}}`);
        for (const unknown of new Set(bracesIn(value))) {
          if (!known.includes(unknown)) {
            report(
              `"${unknown}" is not filled in by the site and would show as typed; this text can use ${known.join(" and ")}.`,
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
    case "icon": {
      if (typeof value !== "string" || !isContentIconName(value)) {
        report(`"${String(value)}" is not one of the site's icons. Use one of: ${contentIconNames.join(", ")}.`);
      }
      return;
    }
    case "image": {
      if (typeof value !== "string") {
        report(`must be the path of a picture, such as ./images/photo.jpg, not ${describeType(value)}.`);
        return;
      }
      if (!imageExtensions.includes(path.extname(value).toLowerCase())) {
        report(`"${value}" is not a picture the site can use. Use a ${imageExtensions.join(", ")} file.`);
      } else if (leavesFolder(value, context)) {
        report(
          `"${value}" leads outside ${context.rootName}. Pictures must be inside ${context.rootName}: give the path from the YAML file, such as ./images/photo.jpg.`,
        );
      } else if (!fs.existsSync(path.resolve(context.folder, value))) {
        report(
          `the picture "${value}" does not exist. The path is relative to the YAML file, such as ./images/photo.jpg.`,
        );
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
      return;
    }
    case "list": {
      if (!Array.isArray(value)) {
        report(`must be a list (each entry on its own line starting with "- "), not ${describeType(value)}.`);
        return;
      }
      checkList(value, Array.isArray(original) ? original : undefined, field, name, entry, context);
      return;
    }
  }
}

/**
 * A list's entries. A translation has one entry for each entry of the default
 * language, at the same place: entries are named by the default language's
 * text, which is what an editor looks for.
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
  list.forEach((element, index) => {
    const original = originals?.[index];
    const itemEntry = join(entry, `entry ${index + 1} of "${name}"${entryName(translation ? original : element)}`);
    if (translation && originals && index >= originals.length) {
      context.push({
        entry: itemEntry,
        message: `has no ${defaultLanguage.name} entry at its place (the ${defaultLanguage.name} list has ${originals.length}): add the ${defaultLanguage.name} entry first, or remove this one.`,
      });
    } else if (item.kind === "group" && isRecord(element)) {
      checkFields(element, isRecord(original) ? original : undefined, item.fields, itemEntry, context);
    } else {
      checkValue(element, original, item, name, itemEntry, context);
    }
  });
  if (translation && originals) {
    for (let index = list.length; index < originals.length; index += 1) {
      context.push({
        entry: join(entry, `entry ${index + 1} of "${name}"${entryName(originals[index])}`),
        message: `the ${context.language.name} translation is missing: the ${context.language.name} list has ${list.length} entries, the ${defaultLanguage.name} one ${originals.length}.`,
      });
    }
  }
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

class AnchorFound extends Error {}

/**
 * Parses a file, refusing YAML anchors (&name) at once: an alias (*name) can
 * only repeat an anchored part, and a few nested ones repeat a part millions
 * of times (an "alias bomb") before anything else could measure it. Editors
 * write every text where it belongs, so they never need either.
 */
function loadWithoutAnchors(source: string, filename: string): unknown {
  const openedOnLine: number[] = [];
  return yaml.load(source, {
    filename,
    listener(event, state) {
      if (event === "open") {
        openedOnLine.push(state.line);
        return;
      }
      const line = openedOnLine.pop() ?? state.line;
      // js-yaml's State type leaves out the anchor of the node just read, which it does hold.
      const { anchor } = state as typeof state & { anchor?: string | null };
      if (anchor) {
        throw new AnchorFound(
          `line ${line + 1}: "&${anchor}" is a YAML anchor, which repeats a part of the file elsewhere (with *${anchor}). The site does not take anchors or aliases: write each text out where it belongs.`,
        );
      }
    },
  });
}

function describeYamlError(error: unknown): string {
  if (error instanceof yaml.YAMLException) {
    const where = error.mark ? `line ${error.mark.line + 1}, column ${error.mark.column + 1}: ` : "";
    return `${where}the file is not valid YAML (${error.reason}). Check the indentation, the "- " before list entries, and that texts containing ": " are in quotes.`;
  }
  return `the file cannot be read (${error instanceof Error ? error.message : String(error)}).`;
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
  return `"${String(value)}"`;
}

/** How YAML read a value that was meant as text: a date, a number or yes/no, or something else. */
function describeNonText(value: unknown): string {
  if (value instanceof Date) return `is read as a date (${value.toISOString().slice(0, 10)})`;
  if (typeof value === "number") return `is read as a number (${value}), which loses leading zeros and plus signs`;
  if (typeof value === "boolean") return `is read as a yes/no value (${value})`;
  return `is ${describeType(value)}`;
}
