import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import postcss from "postcss";
import { retentionDays } from "../build-settings";
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

/**
 * Bundles the editor's previews (previews/index.tsx) with the site's own
 * components and CSS modules, so that what the editor shows is drawn by the
 * code that draws the site: a renamed class or changed markup changes both.
 * esbuild compiles the CSS modules; `gatsby` itself is replaced by the little
 * the components take from it.
 */
export function buildPreviews(): Promise<{ js: string; css: string }> {
  const fingerprint = sourcesFingerprint();
  if (lastBuild?.fingerprint !== fingerprint) lastBuild = { fingerprint, result: bundlePreviews() };
  return lastBuild.result;
}

/** The last bundle, kept until a source changes: it is made once per change, however often it is asked for. */
let lastBuild: { fingerprint: string; result: Promise<{ js: string; css: string }> } | undefined;

/** The folders the previews are bundled from: the site's components, hooks, styles, and the previews' own. */
const SOURCES = ["src", path.join("plugins", "site-admin", "previews"), path.join("plugins", "site-styles")];

/** Every source file's path, size and time of change: another value means another bundle. */
function sourcesFingerprint(): string {
  return SOURCES.flatMap((folder) =>
    fsSync
      .readdirSync(path.resolve(folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const { size, mtimeMs } = fsSync.statSync(file);
        return `${file}:${size}:${mtimeMs}`;
      }),
  )
    .sort()
    .join("\n");
}

async function bundlePreviews(): Promise<{ js: string; css: string }> {
  const folder = path.resolve("plugins", "site-admin", "previews");
  const result = await build({
    entryPoints: [path.join(folder, "index.tsx")],
    bundle: true,
    write: false,
    outdir: "previews",
    format: "iife",
    target: "es2020",
    minify: true,
    jsx: "automatic",
    alias: { gatsby: path.join(folder, "gatsby-shim.tsx") },
    plugins: [siteCss],
    define: {
      "process.env.NODE_ENV": JSON.stringify("production"),
      // The preview never sends an enquiry: without an address, the form would only show its failure message.
      "process.env.GATSBY_MAIL_API_URL": "undefined",
      // The privacy notice's {days}, as the site's build puts it in (gatsby-config.ts).
      "process.env.RETENTION_DAYS": JSON.stringify(String(retentionDays())),
    },
    logLevel: "silent",
  });
  const output = (extension: string) => result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? "";
  return { js: output(".js"), css: output(".css") };
}
