/**
 * The Arabic copy's one word for one meaning (docs/languages.md): words the
 * site has settled against, each with the one it uses instead. The build
 * warns, naming file, entry and field, when an Arabic text uses one; it does
 * not stop, since an editor may have a reason.
 */
import fs from "node:fs";
import path from "node:path";
import { collections } from "./model";
import { readContentYaml } from "./read-yaml";
import type { ContentProblem } from "./check";
import { languages } from "../../contract/src/languages";

export const arabicGlossary: readonly { meaning: string; avoid: RegExp; use: string }[] = [
  { meaning: "cost-effective", avoid: /فع\u0651?ال(?:\u0627|\u064b)*\s+من\s+حيث\s+التكلفة/u, use: "بتكلفة مدروسة" },
  {
    meaning: "on-site (support) or on site (backups)",
    avoid: /في\s+الموقع/u,
    use: "بزيارة ميدانية إلى مقرّك (a visit), محليًا (beside the cloud)",
  },
  {
    meaning: "IT support and maintenance",
    avoid: /دعم\s+وصيانة\s+تقنية\s+المعلومات/u,
    use: "دعم تقنية المعلومات وصيانتها",
  },
  { meaning: "technology", avoid: /التكنولوجيا/u, use: "التقنية" },
  { meaning: "Email us", avoid: /اكتب\s+إلينا/u, use: "راسلنا بالبريد الإلكتروني" },
  { meaning: "Wi-Fi", avoid: /Wi-?Fi/iu, use: "الواي فاي" },
];

const arabic = languages.find(({ code }) => code === "ar");

/** Every Arabic text of data/ that uses a word the glossary avoids, located as the content check locates problems. */
export function glossaryNotes(dataDir: string, displayDir = "data"): ContentProblem[] {
  if (!arabic) return [];
  const notes: ContentProblem[] = [];
  for (const { file } of collections) {
    const source = path.join(dataDir, file);
    if (!fs.existsSync(source)) continue;
    const parsed = readContentYaml(fs.readFileSync(source, "utf8"), file) as Record<string, unknown> | undefined;
    const visit = (value: unknown, field: string | undefined, entry: string | undefined) => {
      if (typeof value === "string") {
        for (const term of arabicGlossary) {
          const found = term.avoid.exec(value)?.[0];
          if (found)
            notes.push({
              file: `${displayDir}/${file}`,
              language: arabic,
              entry,
              field,
              message: `uses "${found}" for ${term.meaning}; the site's Arabic says "${term.use}" (docs/languages.md).`,
            });
        }
      } else if (Array.isArray(value)) {
        value.forEach((item, index) => visit(item, field, `entry ${index + 1} of "${field}"`));
      } else if (value && typeof value === "object") {
        for (const [key, inner] of Object.entries(value)) visit(inner, key, entry);
      }
    };
    visit(parsed?.ar, undefined, undefined);
  }
  return notes;
}
