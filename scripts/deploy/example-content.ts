/**
 * The example company's content, which must not go live: the project ships
 * with a made-up company (its name, its addresses and hosts under the
 * reserved .example domain, its made-up partners, the pictures with those
 * names drawn into them, and what only the company knows left in [square
 * brackets]), for the company to replace with its own. The deploy refuses
 * while any of it is left in data/, naming each file, language, entry and
 * field, as the content check does. What the deploy cannot tell from a real
 * company's (the address, the office hours, the claims, the stock photos) is
 * listed in docs/editing.md, "Before going live", which the deploy points to.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { formatNote, quoted, type ContentProblem } from "../../plugins/site-content/check";
import { collections } from "../../plugins/site-content/model";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { languages } from "../../contract/src/languages";

/** The example company's name, as the content writes it in each language. */
export const EXAMPLE_NAMES = ["Bluepeak", "بلوبيك"];

/** The example's made-up partners, whose names are written the same in every language. */
const EXAMPLE_PARTNERS = ["Meshline", "Northbook"];

/**
 * The example's pictures that show a made-up name (SHA-256 of the file as shipped): recognised by their content,
 * under any file name, since a name can be kept while the picture is not.
 */
const EXAMPLE_PICTURES: Readonly<Record<string, string>> = {
  "2e0331a3d442f629b6412f67f301d3a10e36e68fc475a035b8d677f79f37c492":
    "the example's sharing picture, with the example company's name drawn in",
  b2620d328aa652d87843298b5bfde3c1b1b7024577c6511417c332aca78d1111: "the example's made-up partner logo (Meshline)",
  b515acba77ba7e2ec41d3454125322c8e84f9ab7c002692c9b40395ca325749e: "the example's made-up partner logo (Northbook)",
};

/** What an example picture in `folder` is, by the content of the file a value names; undefined for any other. */
function examplePicture(folder: string, value: string): string | undefined {
  if (!/^\.{0,2}\/?[\w./-]+\.(?:jpe?g|png|webp|avif)$/i.test(value)) return undefined;
  const file = path.resolve(folder, value);
  if (!file.startsWith(`${folder}${path.sep}`) || !fs.existsSync(file)) return undefined;
  return EXAMPLE_PICTURES[createHash("sha256").update(fs.readFileSync(file)).digest("hex")];
}

/** Whether a file is one of the example's pictures that show a made-up name. */
export function isExamplePicture(file: string): boolean {
  return examplePicture(path.dirname(file), `./${path.basename(file)}`) !== undefined;
}

/** A host or an address under a reserved example domain (RFC 2606): .example, example.com/.net/.org. */
const EXAMPLE_HOST = /(?:^|[@/.\s])(?:[a-z0-9-]+\.)*(?:[a-z0-9-]+\.example|example\.(?:com|net|org))\b/i;

/** What the example leaves for the company to write, in square brackets: "[trade licence number]". */
const TO_FILL = /\[[^\]\n]+\]/;

/** Where docs/editing.md lists what to replace, named with each example value left. */
const WHERE_LISTED = '(docs/editing.md, "Before going live", lists every value to replace)';
const WHAT_TO_DO = `put the company's own ${WHERE_LISTED}`;

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
          const partner = EXAMPLE_PARTNERS.find((example) => value.includes(example));
          const picture = examplePicture(path.dirname(file), value);
          const unfilled = TO_FILL.exec(value)?.[0];
          if (picture) {
            problems.push({
              file: `data/${collection.file}`,
              language,
              entry,
              field,
              message: `${quoted(value)} is ${picture}: choose the company's own picture ${WHERE_LISTED}.`,
            });
          } else if (partner && !name && !host) {
            problems.push({
              file: `data/${collection.file}`,
              language,
              entry,
              field,
              message: `${quoted(value)} names the example's made-up partner ${partner}: ${WHAT_TO_DO}.`,
            });
          } else if (unfilled) {
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
