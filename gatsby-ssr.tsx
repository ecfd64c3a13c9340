import type { GatsbySSR } from "gatsby";
import * as React from "react";
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
  replaceBodyHTMLString(renderToString(bodyComponent as React.ReactElement));
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

/**
 * The browser draws nothing until it has read the page's markup to its end,
 * marked by an inert element after everything else. Chrome otherwise draws a
 * page it is still reading, on a slow connection or whenever its parser
 * pauses: a row centred or pushed to the end (the top bar's links, the
 * slideshow's dots, a line of cards) stands where its first items put it, then
 * moves when the rest arrive. The page's HTML is small and its style inline,
 * so waiting for its end costs little. (Chrome stops waiting once the element
 * named is in the page, not once it is closed: hence a mark at the end, not
 * the #___gatsby container.)
 */
const pageEnd = "page-end";
const drawWhenRead = (
  // eslint-disable-next-line react/no-unknown-property -- the standard's `blocking`, newer than the rule's list
  <link key="draw-when-read" rel="expect" href={`#${pageEnd}`} blocking="render" />
);
const endMark = <template key="page-end" id={pageEnd} />;

/** What gatsby-plugin-image puts in every page's head for its GatsbyImage wrappers, which the site does not use. */
const imagePluginHeadKeys = new Set(["gatsby-image-style", "gatsby-image-style-noscript", "gatsby-image-style-script"]);

/**
 * Every page waits to be drawn until read (above), and goes without the image
 * plugin's head: pictures are plain <picture> markup (src/components/picture.tsx),
 * so its style, noscript style and inline script would only cost bytes, and
 * the script would be one more inline script for the policy to allow.
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  getHeadComponents,
  replaceHeadComponents,
  getPostBodyComponents,
  replacePostBodyComponents,
}) => {
  replaceHeadComponents([
    drawWhenRead,
    ...getHeadComponents().filter(
      (component) => !imagePluginHeadKeys.has(String((component as React.ReactElement).key)),
    ),
  ]);
  replacePostBodyComponents([...getPostBodyComponents(), endMark]);
};
