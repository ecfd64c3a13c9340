/**
 * @jest-environment node
 *
 * The head as the build writes it into the HTML (server rendering), not as the browser builds it.
 */
import * as React from "react";
import { renderToString } from "react-dom/server";
import { Helmet } from "react-helmet";
import { Seo } from "../../src/components/seo";
import { languages } from "../../contract/src/languages";
import { contents, staticQueryData } from "../support/content";
import { setStaticQueryData } from "../support/gatsby-mock";

test("text from the content stays text in the server-rendered head, whatever markup it holds", () => {
  const hostile = `Bluepeak</script><script>alert(1)</script><img src=x onerror=alert(2)>`;
  const hostileContents = structuredClone(contents);
  for (const { code } of languages) hostileContents[code].siteYaml.companyName = hostile;
  setStaticQueryData(staticQueryData(hostileContents));
  renderToString(<Seo title={`About ${hostile}`} description={hostile} path="/about" />);
  const head = Helmet.renderStatic();
  const html = [head.title, head.meta, head.script].map((part) => part.toString()).join("");

  expect(html).not.toContain("<script>alert(1)");
  expect(html).not.toContain("<img");
  const [, jsonLd = ""] =
    /<script[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script>/.exec(head.script.toString()) ?? [];
  expect(JSON.parse(jsonLd).name).toBe(hostile);
});
