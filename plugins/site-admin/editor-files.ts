import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { buildPreviews } from "./previews";
import type { cmsConfig } from "./cms-config";

/** A file of the editor under /admin/, made when it is asked for. */
export interface EditorFile {
  url: string;
  body: () => Buffer | string | Promise<string>;
}

/**
 * The files the editor's page loads besides its configuration: Decap's
 * self-contained bundle from its npm package (never a CDN) with the chunks it
 * loads beside itself, and the previews, bundled from the site's components.
 * The build writes them into public/admin/; `npm run edit` serves them.
 */
export function editorFiles(): EditorFile[] {
  const decapDist = path.resolve("node_modules", "decap-cms", "dist");
  const bundle = fs
    .readdirSync(decapDist)
    .filter((name) => /^(\d+\.)?decap-cms\.js$|\.wasm$/.test(name))
    .map((name) => ({ url: `/admin/${name}`, body: () => fs.readFileSync(path.join(decapDist, name)) }));
  return [
    ...bundle,
    { url: "/admin/previews.js", body: async () => (await buildPreviews()).js },
    { url: "/admin/previews.css", body: async () => (await buildPreviews()).css },
  ];
}

/** The editor's configuration as Decap reads it (/admin/config.yml). */
export function configFile(config: ReturnType<typeof cmsConfig>): string {
  return yaml.dump(config, { lineWidth: -1, noRefs: true });
}
