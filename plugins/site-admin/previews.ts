import path from "node:path";
import { build } from "esbuild";

/**
 * Bundles the editor's previews (previews/index.tsx) with the site's own
 * components and CSS modules, so that what the editor shows is drawn by the
 * code that draws the site: a renamed class or changed markup changes both.
 * esbuild compiles the CSS modules; `gatsby` itself is replaced by the little
 * the components take from it.
 */
export async function buildPreviews(): Promise<{ js: string; css: string }> {
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
    define: {
      "process.env.NODE_ENV": JSON.stringify("production"),
      // The preview never sends an enquiry: without an address, the form would only show its failure message.
      "process.env.GATSBY_MAIL_API_URL": "undefined",
    },
    logLevel: "silent",
  });
  const output = (extension: string) => result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? "";
  return { js: output(".js"), css: output(".css") };
}
