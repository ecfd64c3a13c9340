/**
 * The site's industries as the mail service reads them: each English name (the value the form sends) to its
 * Arabic name, from data/industries.yaml. The service counts an enquiry's industry in its monthly report only when
 * it is one of these ("other" otherwise), and names it in Arabic in an Arabic report. The build publishes them at
 * /industries.json, which the deployed service reads every few minutes (SITE_INDUSTRIES_URL); `npm run deploy`
 * writes them into mail-service/wrangler.jsonc as well (SITE_INDUSTRIES), and every local run is given them.
 */
import fs from "node:fs";
import path from "node:path";
import { readContentYaml } from "./read-yaml";

/** Where the site publishes them. */
export const INDUSTRIES_FILE = "industries.json";

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

/** Writes the site's industries into the build, where the mail service reads them (a step of plugins/site-finish). */
export function writeIndustries(): void {
  fs.writeFileSync(path.resolve("public", INDUSTRIES_FILE), `${siteIndustries(process.cwd())}\n`);
}
