import type { PluginCreator } from "postcss";
import media from "../../src/styles/breakpoints.json";

const queries: Readonly<Record<string, string>> = media;

/**
 * Replaces the site's named breakpoints in `@media (--md)` with their queries
 * from src/styles/breakpoints.json, the one list the pictures' sizes use as well.
 * An unknown name stops the build instead of silently matching nothing.
 * Used by Gatsby's CSS pipeline (gatsby-plugin-postcss) and by the editor's
 * preview bundle.
 */
export const namedMedia: PluginCreator<void> = () => ({
  postcssPlugin: "named-media",
  AtRule: {
    media(rule) {
      rule.params = rule.params.replace(/\((--[\w-]+)\)/g, (_whole, name: string) => {
        const query = queries[name];
        if (!query)
          throw rule.error(`Unknown breakpoint ${name}. The breakpoints are ${Object.keys(queries).join(", ")}.`);
        return query;
      });
    },
  },
});
namedMedia.postcss = true;
