/**
 * The example company's content, which must not go live: the project ships
 * with a made-up company (its name, its addresses and hosts under the
 * reserved .example domain, and what only the company knows left in [square
 * brackets]), for the company to replace with its own. The
 * deploy refuses while any of it is left in data/, naming each file, language,
 * entry and field, as the content check does.
 */
import fs from "node:fs";
import path from "node:path";
import { formatNote, quoted, type ContentProblem } from "../../plugins/site-content/check";
import { collections } from "../../plugins/site-content/model";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { languages } from "../../contract/src/languages";

/** The example company's name, as the content writes it in each language. */
export const EXAMPLE_NAMES = ["Bluepeak", "بلوبيك"];

/** A host or an address under a reserved example domain (RFC 2606): .example, example.com/.net/.org. */
const EXAMPLE_HOST = /(?:^|[@/.\s])(?:[a-z0-9-]+\.)*(?:[a-z0-9-]+\.example|example\.(?:com|net|org))\b/i;

/** What the example leaves for the company to write, in square brackets: "[trade licence number]". */
const TO_FILL = /\[[^\]\n]+\]/;

/** What the deploy names when an example value is left: where docs/editing.md lists what to replace. */
const WHAT_TO_DO = 'put the company\'s own (docs/editing.md, "Before going live", lists every value to replace)';

/** Every value of data/ still the example company's, each located as the content check locates a problem. */
export function exampleContent(root: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const collection of collections) {
    const file = path.join(root, "data", collection.file);
    if (!fs.existsSync(file)) continue;
    const content = readContentYaml(fs.readFileSync(file, "utf8"), collection.file) as Record<string, unknown>;
    for (const language of languages) {
      const visit = (value: unknown, field: string | undefined, entry: string | undefined) => {
        if (typeof value === "string") {
          const host = EXAMPLE_HOST.exec(value)?.[0]?.replace(/^[@/.\s]/, "");
          const name = EXAMPLE_NAMES.find((example) => value.includes(example));
          const unfilled = TO_FILL.exec(value)?.[0];
          if (unfilled) {
            problems.push({
              file: `data/${collection.file}`,
              language,
              entry,
              field,
              message: `is still ${unfilled}, left for the company to fill in: ${WHAT_TO_DO}.`,
            });
          } else if (host || name) {
            problems.push({
              file: `data/${collection.file}`,
              language,
              entry,
              field,
              message: `${quoted(value)} holds ${host ? `an example address (${host})` : `the example company's name (${name})`}: ${WHAT_TO_DO}.`,
            });
          }
        } else if (Array.isArray(value)) {
          value.forEach((item, index) => visit(item, field, `entry ${index + 1} of "${field}"`));
        } else if (value && typeof value === "object") {
          for (const [key, inner] of Object.entries(value)) visit(inner, key, entry);
        }
      };
      visit(content?.[language.code], undefined, undefined);
    }
  }
  return problems;
}

export const formatExampleContent = (problems: readonly ContentProblem[]) => problems.map(formatNote);
