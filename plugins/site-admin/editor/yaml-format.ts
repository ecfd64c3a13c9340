/**
 * The format the editor reads and writes each content file in: YAML, saved
 * in place (yaml-in-place.ts) instead of Decap's own YAML output, which would
 * rewrite the whole file. Each collection has a format of its own, because a
 * Decap format is handed only the data it writes: the format keeps the text it
 * last read of its own file, and writes the new data into that text.
 */
import { parse } from "yaml";
import { collections } from "../../site-content/model";
import { updateYaml } from "./yaml-in-place";

/** The name of a collection's format, as the editor's configuration gives it (`format:`). */
export function yamlFormatName(file: string): string {
  return `site-yaml-${file.replace(/\.ya?ml$/, "")}`;
}

interface DecapFormatter {
  fromFile(content: string): unknown;
  toFile(data: unknown): string;
}

export function registerYamlFormats(cms: {
  registerCustomFormat(name: string, extension: string, formatter: DecapFormatter): void;
}): void {
  for (const { file } of collections) {
    // The text as last read: the file as it stands in the repository (or in a draft), with its comments.
    let lastRead: string | undefined;
    cms.registerCustomFormat(yamlFormatName(file), "yaml", {
      fromFile(content) {
        lastRead = content;
        return parse(content) ?? {};
      },
      toFile: (data) => updateYaml(lastRead, data),
    });
  }
}
