import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { collections, formats, imageExtensions, tooLong, type Collection, type Field, type Fields } from "./model";
import { contentIconNames, isContentIconName } from "../../src/lib/icon-paths";

/** One thing wrong in a content file, located so an editor can find it. */
export interface ContentProblem {
  /** The file, as the editor knows it: data/services.yaml. */
  file: string;
  /** The entry inside the file, when the field belongs to one: entry 3 of "services" ("Data backup"). */
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
  push: (problem: Omit<ContentProblem, "file">) => void;
}

/**
 * Reads every collection of the content model from `dataDir` and returns what
 * is wrong with it: files that are missing or are not valid YAML, required
 * fields left out or empty, values that break a format, unknown icons, image
 * paths that lead nowhere, and fields the site does not use (usually typos).
 */
export function checkContent(dataDir: string, displayDir = "data"): ContentProblem[] {
  return collections.flatMap((collection) => checkCollection(dataDir, displayDir, collection));
}

export function formatProblems(problems: readonly ContentProblem[]): string {
  const lines = problems.map(
    (problem) =>
      [problem.file, problem.entry, problem.field && `field "${problem.field}"`].filter(Boolean).join(", ") +
      `: ${problem.message}`,
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
    content = yaml.load(fs.readFileSync(absolute, "utf8"), { filename: collection.file });
  } catch (error) {
    return [{ file, message: describeYamlError(error) }];
  }

  if (!isRecord(content)) {
    return [
      {
        file,
        message: `the file must hold named fields (${Object.keys(collection.fields).join(", ")}), not a list or a single value.`,
      },
    ];
  }

  const context: Context = {
    folder: path.dirname(absolute),
    root: path.resolve(dataDir),
    rootName: `${displayDir}/`,
    push: (problem) => problems.push({ file, ...problem }),
  };
  checkFields(content, collection.fields, undefined, context);
  return problems;
}

function checkFields(
  record: Record<string, unknown>,
  fields: Fields,
  entry: string | undefined,
  context: Context,
): void {
  for (const key of Object.keys(record)) {
    // Own fields only: "constructor" or "__proto__" must not pass for a field because every object has them.
    if (!Object.hasOwn(fields, key)) {
      context.push({
        entry,
        field: key,
        message: `is not a field the site uses (check the spelling). Fields here: ${Object.keys(fields).join(", ")}.`,
      });
    }
  }
  for (const [name, field] of Object.entries(fields)) {
    checkValue(record[name], field, name, entry, context);
  }
}

function checkValue(value: unknown, field: Field, name: string, entry: string | undefined, context: Context): void {
  const report = (message: string) => context.push({ entry, field: name, message });

  if (isBlank(value)) {
    if (!field.optional) report(`is ${value === undefined ? "missing" : "empty"}. ${field.label}: ${field.hint}`);
    return;
  }

  switch (field.kind) {
    case "text": {
      if (typeof value !== "string") {
        report(`${describeNonText(value)}, not as text. Put the text in quotes to keep it exactly as written.`);
        return;
      }
      const format = field.format && formats[field.format];
      if (format && !format.pattern.test(value.trim())) {
        report(`"${value}" ${format.message}.`);
      }
      const length = [...value.trim()].length;
      if (field.max !== undefined && length > field.max) {
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
      checkFields(value, field.fields, join(entry, `entry "${name}"`), context);
      return;
    }
    case "list": {
      if (!Array.isArray(value)) {
        report(`must be a list (each entry on its own line starting with "- "), not ${describeType(value)}.`);
        return;
      }
      const item = field.of;
      value.forEach((element: unknown, index) => {
        const itemEntry = join(entry, `entry ${index + 1} of "${name}"${entryName(element)}`);
        if (item.kind === "group" && isRecord(element)) {
          checkFields(element, item.fields, itemEntry, context);
        } else {
          checkValue(element, item, name, itemEntry, context);
        }
      });
      return;
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

function describeYamlError(error: unknown): string {
  if (error instanceof yaml.YAMLException) {
    const where = error.mark ? `line ${error.mark.line + 1}, column ${error.mark.column + 1}: ` : "";
    return `${where}the file is not valid YAML (${error.reason}). Check the indentation, the "- " before list entries, and that texts containing ": " are in quotes.`;
  }
  return `the file cannot be read (${error instanceof Error ? error.message : String(error)}).`;
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
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
