import type { GatsbySSR } from "gatsby";
import type { ReactElement } from "react";

export { wrapPageElement, wrapRootElement } from "./src/wrap-page";

/** What gatsby-plugin-image puts in every page's head for its GatsbyImage wrappers, which the site does not use. */
const imagePluginHeadKeys = new Set(["gatsby-image-style", "gatsby-image-style-noscript", "gatsby-image-style-script"]);

/**
 * Pictures are plain <picture> markup (src/components/picture.tsx), so the
 * image plugin's style, noscript style and inline script would only cost bytes,
 * and the script would be one more inline script for the policy to allow.
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents(
    getHeadComponents().filter((component) => !imagePluginHeadKeys.has(String((component as ReactElement).key))),
  );
};
