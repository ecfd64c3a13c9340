/**
 * The format the editor reads and writes each content file in: YAML, saved
 * in place (yaml-in-place.ts) instead of Decap's own YAML output, which would
 * rewrite the whole file. Each collection has a format of its own, because a
 * Decap format is handed only the data it writes: the format keeps the text it
 * last read of its own file, and writes the new data into that text.
 */
import { parse } from "yaml";
import { collections, type Fields } from "../../site-content/model";
import { updateYaml } from "./yaml-in-place";

/** The name of a collection's format, as the editor's configuration gives it (`format:`). */
export function yamlFormatName(file: string): string {
  return `site-yaml-${file.replace(/\.ya?ml$/, "")}`;
}

interface DecapFormatter {
  fromFile(content: string): unknown;
  toFile(data: unknown): string;
}

/**
 * A picture's path as the content files write it, from the YAML file's folder: ./images/photo.jpg. Decap gives a
 * picture chosen in the editor as images/photo.jpg (its path joining drops the "./"); both lead to one file, and
 * the file keeps one way of writing them.
 */
export function withOwnPicturePaths(fields: Fields, data: unknown): unknown {
  if (!data || typeof data !== "object" || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(record).map(([name, value]) => {
      const field = fields[name];
      if (!field) return [name, value];
      if (field.kind === "image" && typeof value === "string" && /^[^./][^:]*\//.test(value))
        return [name, `./${value}`];
      if (field.kind === "group") return [name, withOwnPicturePaths(field.fields, value)];
      if (field.kind === "list" && Array.isArray(value) && field.of.kind === "group") {
        const entry = field.of.fields;
        return [name, value.map((item) => withOwnPicturePaths(entry, item))];
      }
      return [name, value];
    }),
  );
}

export function registerYamlFormats(cms: {
  registerCustomFormat(name: string, extension: string, formatter: DecapFormatter): void;
}): void {
  for (const { file, fields } of collections) {
    // The text as last read: the file as it stands in the repository (or in a draft), with its comments.
    let lastRead: string | undefined;
    cms.registerCustomFormat(yamlFormatName(file), "yaml", {
      fromFile(content) {
        lastRead = content;
        return parse(content) ?? {};
      },
      // Each language's part holds the content model's fields (the files are written en: and ar:).
      toFile: (data) =>
        updateYaml(
          lastRead,
          data && typeof data === "object"
            ? Object.fromEntries(
                Object.entries(data as Record<string, unknown>).map(([language, part]) => [
                  language,
                  withOwnPicturePaths(fields, part),
                ]),
              )
            : data,
        ),
    });
  }
}
