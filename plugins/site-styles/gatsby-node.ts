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
 *
 * The built site names each class by a short hash (see onCreateWebpackConfig).
 */
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { builtPages, publicDir } from "../built-pages";

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
