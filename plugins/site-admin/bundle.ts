import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import postcss from "postcss";
import { mailServiceFacts } from "../build-settings";
import { namedMedia } from "../site-styles/named-media";

/** The site's CSS pipeline for esbuild: named breakpoints put in, CSS modules compiled as such. */
const siteCss: Plugin = {
  name: "site-css",
  setup(bundler) {
    bundler.onLoad({ filter: /\.css$/ }, async ({ path: file }) => {
      const { css } = await postcss([namedMedia()]).process(await fs.readFile(file, "utf8"), { from: file });
      return { contents: css, loader: file.endsWith(".module.css") ? "local-css" : "css" };
    });
  },
};

/** The project's own scripts of the editor's page, as it loads them from /admin/. */
export interface EditorBundles {
  /** previews.js and previews.css: the previews, drawn by the site's components in the site's styles. */
  previewsJs: string;
  previewsCss: string;
  /** editor.js and editor.css: how the editor saves a file, its Arabic column, where a published change stands. */
  editorJs: string;
  editorCss: string;
}

/**
 * Bundles the editor page's own scripts. The previews (previews/index.tsx)
 * take the site's own components and CSS modules, so that what the editor
 * shows is drawn by the code that draws the site: a renamed class or changed
 * markup changes both. esbuild compiles the CSS modules; `gatsby` itself is
 * replaced by the little the components take from it. The editor's script
 * (editor/index.ts) runs before Decap reads its configuration.
 */
export function buildEditorBundles(): Promise<EditorBundles> {
  const fingerprint = sourcesFingerprint();
  if (lastBuild?.fingerprint !== fingerprint) lastBuild = { fingerprint, result: bundle() };
  return lastBuild.result;
}

/** The last bundle, kept until a source changes: it is made once per change, however often it is asked for. */
let lastBuild: { fingerprint: string; result: Promise<EditorBundles> } | undefined;

/** The folders the bundles are made from: the site's components, hooks, styles, the content model, the editor's. */
const SOURCES = [
  "src",
  "contract",
  path.join("plugins", "site-admin"),
  path.join("plugins", "site-content"),
  path.join("plugins", "site-styles"),
];

/** Every source file's path, size and time of change: another value means another bundle. */
function sourcesFingerprint(): string {
  return SOURCES.flatMap((folder) =>
    fsSync
      .readdirSync(path.resolve(folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.parentPath.includes("node_modules"))
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const { size, mtimeMs } = fsSync.statSync(file);
        return `${file}:${size}:${mtimeMs}`;
      }),
  )
    .sort()
    .join("\n");
}

async function bundle(): Promise<EditorBundles> {
  const folder = path.resolve("plugins", "site-admin");
  const result = await build({
    entryPoints: {
      previews: path.join(folder, "previews", "index.tsx"),
      editor: path.join(folder, "editor", "index.ts"),
    },
    bundle: true,
    write: false,
    outdir: "admin",
    format: "iife",
    target: "es2020",
    minify: true,
    jsx: "automatic",
    alias: { gatsby: path.join(folder, "previews", "gatsby-shim.tsx") },
    plugins: [siteCss],
    define: {
      "process.env.NODE_ENV": JSON.stringify("production"),
      // The preview never sends an enquiry: without an address, the form would only show its failure message.
      "process.env.GATSBY_MAIL_API_URL": "undefined",
      // What the privacy notice states about the mail service, as the site's build puts it in (gatsby-config.ts).
      "process.env.MAIL_SERVICE_FACTS": JSON.stringify(JSON.stringify(mailServiceFacts())),
    },
    logLevel: "silent",
  });
  const output = (name: string) => {
    const file = result.outputFiles.find(({ path: written }) => path.basename(written) === name);
    if (!file) throw new Error(`The editor's bundle has no ${name}.`);
    return file.text;
  };
  return {
    previewsJs: output("previews.js"),
    previewsCss: output("previews.css"),
    editorJs: output("editor.js"),
    editorCss: output("editor.css"),
  };
}
