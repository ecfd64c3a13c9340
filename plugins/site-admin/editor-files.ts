import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import yaml from "js-yaml";
import { buildEditorBundles } from "./bundle";
import type { cmsConfig } from "./cms-config";

/** A file of the editor under /admin/, made when it is asked for. */
export interface EditorFile {
  url: string;
  body: () => Buffer | string | Promise<string>;
}

/**
 * The files the editor's page loads besides its configuration: Decap's
 * self-contained bundle from its npm package (never a CDN) with the chunks it
 * loads beside itself, the previews, bundled from the site's components, and
 * the project's own script (how files are saved, where a change stands).
 * The build writes them into public/admin/; `npm run edit` serves them.
 */
export function editorFiles(): EditorFile[] {
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
  ];
}

/** The editor's configuration as Decap reads it (/admin/config.yml). */
export function configFile(config: ReturnType<typeof cmsConfig>): string {
  return yaml.dump(config, { lineWidth: -1, noRefs: true });
}
