import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import yaml from "js-yaml";
import sharp from "sharp";
import { languages } from "../../contract/src/languages";
import { readContentYaml } from "../site-content/read-yaml";
import { buildEditorBundles } from "./bundle";
import { brandStyleSheet } from "../../src/lib/palette";
import type { cmsConfig } from "./cms-config";
import { BRAND_STYLES, COMPANY_FILE, LOGO_FILE } from "./editor-addresses";

/** A file of the editor under /admin/, made when it is asked for. */
export interface EditorFile {
  url: string;
  body: () => Buffer | string | Promise<Buffer | string>;
}

/**
 * The files the editor's page loads besides its configuration: Decap's
 * self-contained bundle from its npm package (never a CDN) with the chunks it
 * loads beside itself, the previews, bundled from the site's components, the
 * project's own script (how files are saved, the columns, where a change
 * stands, the editor's own words in Arabic), and the company's name, logo and
 * colours, read from data/ when the file is asked for. The build writes them into public/admin/;
 * `npm run edit` serves them.
 */
export function editorFiles(dataDir = path.resolve("data")): EditorFile[] {
  // The bundle is the package's main file; webpack names the chunks it loads beside itself <id>.<main>.
  const main = createRequire(path.resolve("package.json")).resolve("decap-cms");
  const decapDist = path.dirname(main);
  const chunk = new RegExp(`^(\\d+\\.)?${path.basename(main).replace(/\./g, "\\.")}$|\\.wasm$`);
  const bundle = fs
    .readdirSync(decapDist)
    .filter((name) => chunk.test(name))
    .map((name) => ({ url: `/admin/${name}`, body: () => fs.readFileSync(path.join(decapDist, name)) }));
  return [
    ...bundle,
    { url: "/admin/editor.js", body: async () => (await buildEditorBundles()).editorJs },
    { url: "/admin/editor.css", body: async () => (await buildEditorBundles()).editorCss },
    { url: "/admin/previews.js", body: async () => (await buildEditorBundles()).previewsJs },
    { url: "/admin/previews.css", body: async () => (await buildEditorBundles()).previewsCss },
    { url: COMPANY_FILE, body: () => JSON.stringify(companyNames(dataDir)) },
    { url: LOGO_FILE, body: () => companyLogo(dataDir) },
    { url: BRAND_STYLES, body: () => brandStyleSheet(readSite(dataDir)?.en ?? {}) ?? "" },
  ];
}

/**
 * The logo of data/site.yaml at the bar's size (twice its 32 pixels, for sharp screens), whole and on nothing,
 * as the site's top bar shows it; without one, the site's own icon, the network mark.
 */
async function companyLogo(dataDir: string): Promise<Buffer> {
  const logo = readSite(dataDir)?.en?.logo;
  if (typeof logo !== "string" || logo === "") {
    return fs.readFileSync(path.join(path.dirname(dataDir), "static", "favicon.png"));
  }
  return sharp(path.resolve(dataDir, logo))
    .resize(64, 64, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

function readSite(dataDir: string) {
  return readContentYaml(fs.readFileSync(path.join(dataDir, "site.yaml"), "utf8"), "site.yaml") as
    Record<string, Record<string, unknown> | undefined> | undefined;
}

/** The company's name in each language, as data/site.yaml writes it. */
function companyNames(dataDir: string): Record<string, string> {
  const site = readSite(dataDir);
  return Object.fromEntries(
    languages.flatMap(({ code }) => {
      const name = site?.[code]?.companyName;
      return typeof name === "string" ? [[code, name]] : [];
    }),
  );
}

/** The editor's configuration as Decap reads it (/admin/config.yml). */
export function configFile(config: ReturnType<typeof cmsConfig>): string {
  return yaml.dump(config, { lineWidth: -1, noRefs: true });
}
