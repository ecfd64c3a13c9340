/**
 * The site's CSS in the build. Every component's CSS module only styles its
 * own classes, so the order in which different pages happen to import them
 * cannot change what a page looks like; webpack's warnings about that order
 * ("Conflicting order") are silenced so that the warnings a build does print
 * are ones worth reading. (The breakpoint names are put in by named-media.ts,
 * through gatsby-plugin-postcss.)
 */
import type { GatsbyNode } from "gatsby";

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
