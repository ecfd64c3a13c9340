import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { collections, formats, imageExtensions, type Collection, type Field, type Fields } from "./model";
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
    if (!(key in fields)) {
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
      if (typeof value !== "string" && typeof value !== "number") {
        report(`must be a text, not ${describeType(value)}.`);
        return;
      }
      const format = field.format && formats[field.format];
      if (format && !format.pattern.test(String(value).trim())) {
        report(`"${String(value)}" ${format.message}.`);
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
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (isRecord(value)) return "a group of fields";
  return `"${String(value)}"`;
}
