/**
 * The site's CSS in the build. Every component's CSS module only styles its
 * own classes, so the order in which different pages happen to import them
 * cannot change what a page looks like; webpack's warnings about that order
 * ("Conflicting order") are silenced so that the warnings a build does print
 * are ones worth reading. (The breakpoint names are put in by named-media.ts,
 * through gatsby-plugin-postcss.)
 *
 * Gatsby writes a page again only when its JavaScript or its data changed, and
 * each page carries the stylesheet inline: after a change to the CSS alone, an
 * incremental build would publish pages still styled by the earlier build. The
 * build stops instead, and says what to run.
 */
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { builtPages, publicDir } from "../built-pages";

interface CssExtractPlugin {
  constructor: { name: string };
  options?: { ignoreOrder?: boolean };
}

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ getConfig, actions, stage }) => {
  if (stage !== "build-javascript" && stage !== "develop") return;
  const config = getConfig() as { plugins: CssExtractPlugin[] };
  for (const plugin of config.plugins) {
    if (plugin.constructor.name === "MiniCssExtractPlugin" && plugin.options) plugin.options.ignoreOrder = true;
  }
  actions.replaceWebpackConfig(config);
};

export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  // The stylesheets this build wrote, as webpack recorded them (site-output removes the record after this).
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")) as {
    assetsByChunkName: Record<string, string[]>;
  };
  const current = new Set(
    Object.values(stats.assetsByChunkName)
      .flat()
      .filter((file) => file.endsWith(".css"))
      .map((file) => `/${file}`),
  );
  for (const { file } of builtPages()) {
    for (const [, href] of fs.readFileSync(file, "utf8").matchAll(/<style[^>]*\bdata-href="([^"]+\.css)"/g)) {
      if (href && !current.has(href)) {
        reporter.panic(
          `${path.relative(process.cwd(), file)} still carries the stylesheet of an earlier build (${href}): Gatsby did not write the ` +
            "pages again after a change to the CSS alone. Run npm run clean, then build again.",
        );
      }
    }
  }
};
