import type { GatsbySSR } from "gatsby";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { Helmet } from "react-helmet";

export { wrapPageElement, wrapRootElement } from "./src/wrap-page";

/**
 * The page's body as one string. Gatsby renders it with React 18's streaming
 * renderer, which writes stray NUL bytes into the HTML wherever a multi-byte
 * character meets the end of its 2 KB buffer (facebook/react#26228, fixed in
 * React 19 only): Arabic pages are full of such characters. renderToString
 * builds the same markup without the buffer; nothing on the site suspends.
 *
 * Gatsby renders two pages at a time, and react-helmet records every page's
 * head in one place until it is taken: the head is taken here, at once, before
 * the next page adds its own (gatsby-plugin-react-helmet, which would take it
 * after both had rendered, then finds nothing left to add).
 */
export const replaceRenderer: GatsbySSR["replaceRenderer"] = ({
  bodyComponent,
  replaceBodyHTMLString,
  setHeadComponents,
  setHtmlAttributes,
  setBodyAttributes,
}) => {
  replaceBodyHTMLString(renderToString(bodyComponent as ReactElement));
  const head = Helmet.renderStatic();
  setHtmlAttributes(head.htmlAttributes.toComponent());
  setBodyAttributes(head.bodyAttributes.toComponent());
  setHeadComponents([
    head.title.toComponent(),
    head.meta.toComponent(),
    head.link.toComponent(),
    head.script.toComponent(),
    head.noscript.toComponent(),
    head.style.toComponent(),
    head.base.toComponent(),
  ]);
};

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
