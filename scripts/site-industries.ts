/**
 * The site's industries as the mail service's SITE_INDUSTRIES setting holds them: each English name (the value
 * the form sends) to its Arabic name, from data/industries.yaml. The service counts an enquiry's industry in its
 * monthly report only when it is one of these ("other" otherwise), and names it in Arabic in an Arabic report.
 * Written by `npm run deploy` into mail-service/wrangler.jsonc, and given to every local run of the service.
 */
import fs from "node:fs";
import path from "node:path";
import { readContentYaml } from "../plugins/site-content/read-yaml";

export function siteIndustries(root: string): string {
  const file = "industries.yaml";
  const content = readContentYaml(fs.readFileSync(path.join(root, "data", file), "utf8"), file) as {
    en: { industries: string[] };
    ar: { industries: string[] };
  };
  return JSON.stringify(
    Object.fromEntries(content.en.industries.map((name, index) => [name, content.ar.industries[index] ?? name])),
  );
}
