/**
 * What was deployed, as a short hash of the files uploaded: the deploy tags
 * each upload with it (a Worker version's tag, a Pages deployment's message)
 * and uploads again only when the files differ, so a second run changes
 * nothing that is already live.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The hash of files and folders' contents, with their paths, in a stable order; `read` may normalise a file. */
export function fingerprint(paths: string[], read: (file: string) => Buffer = (file) => fs.readFileSync(file)): string {
  const hash = createHash("sha256");
  const add = (entry: string, shown: string) => {
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry).sort()) add(path.join(entry, name), `${shown}/${name}`);
    } else {
      const content = read(entry);
      hash.update(`${shown}\0${content.length}\0`);
      hash.update(content);
    }
  };
  for (const entry of paths) add(entry, path.basename(entry));
  return hash.digest("hex").slice(0, 16);
}

/**
 * The site's fingerprint. Gatsby gives every build a new compilation hash, written into each page, the app data
 * and so into the hashes of the pages' inline scripts in the policies: those are left out, so that two builds of
 * the same sources count as the same site. Any other change to an inline script changes the page itself.
 */
export function siteFingerprint(publicDir: string, functionsDir: string): string {
  const appData = path.join(publicDir, "page-data", "app-data.json");
  const compilation = (JSON.parse(fs.readFileSync(appData, "utf8")) as { webpackCompilationHash?: string })
    .webpackCompilationHash;
  return fingerprint([publicDir, functionsDir], (file) => {
    const content = fs.readFileSync(file);
    if (!/\.(html|json)$|_headers$/.test(file)) return content;
    let text = content.toString("utf8");
    if (compilation) text = text.replaceAll(compilation, "");
    return Buffer.from(text.replace(/'sha256-[A-Za-z0-9+/=]+'/g, "'sha256'"));
  });
}

/** The message a Pages deployment made by the deploy carries: it names the files' fingerprint. */
export const pagesMessage = (print: string) => `npm run deploy: site ${print}`;
