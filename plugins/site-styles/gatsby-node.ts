/**
 * The site's CSS in the build. Every component's CSS module only styles its
 * own classes, so the order in which different pages happen to import them
 * cannot change what a page looks like; webpack's warnings about that order
 * ("Conflicting order") are silenced so that the warnings a build does print
 * are ones worth reading. (The breakpoint names are put in by named-media.ts,
 * through gatsby-plugin-postcss.)
 *
 * After the build, current-styles.ts checks that no page carries an earlier
 * build's stylesheet (a step of plugins/site-finish).
 *
 * The built site names each class by a short hash (see onCreateWebpackConfig).
 */
import type { GatsbyNode } from "gatsby";

interface CssExtractPlugin {
  constructor: { name: string };
  options?: { ignoreOrder?: boolean };
}

/** The parts of a webpack rule this file reads: where its loaders are, and rules within it. */
interface Rule {
  use?: unknown;
  oneOf?: Rule[];
  rules?: Rule[];
}

interface CssLoader {
  loader: string;
  options?: { modules?: false | CssModulesOptions };
}

interface CssModulesOptions {
  localIdentName?: string;
}

/** The CSS-modules options of every css-loader in these rules. */
function cssModulesOptions(rules: Rule[]): CssModulesOptions[] {
  return rules.flatMap((rule) => [
    ...(Array.isArray(rule.use) ? (rule.use as CssLoader[]) : []).flatMap((use) =>
      typeof use === "object" && use.loader.includes("css-loader") && typeof use.options?.modules === "object"
        ? [use.options.modules]
        : [],
    ),
    ...cssModulesOptions([...(rule.oneOf ?? []), ...(rule.rules ?? [])]),
  ]);
}

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ getConfig, actions, stage, reporter }) => {
  const config = getConfig() as { plugins: CssExtractPlugin[]; module: { rules: Rule[] } };
  if (stage === "build-javascript" || stage === "develop") {
    for (const plugin of config.plugins) {
      if (plugin.constructor.name === "MiniCssExtractPlugin" && plugin.options) plugin.options.ignoreOrder = true;
    }
  }
  /*
   * In the built site a class is a short hash, not Gatsby's "file--class--hash": every page carries the site's CSS
   * inline and names classes throughout, and the long names made Home's HTML too large to arrive in the connection's
   * first round trip (lighthouserc.cjs). The pages and the scripts must name them alike, so both builds get it;
   * `npm start` keeps the readable names.
   */
  if (stage === "build-javascript" || stage === "build-html") {
    const modules = cssModulesOptions(config.module.rules);
    // A Gatsby that configures CSS modules elsewhere would otherwise bring the long names back unnoticed.
    if (modules.length === 0)
      reporter.panic("site-styles: Gatsby's webpack configuration has no css-loader for CSS modules.");
    for (const options of modules) options.localIdentName = "[hash:base64:5]";
  }
  actions.replaceWebpackConfig(config);
};
