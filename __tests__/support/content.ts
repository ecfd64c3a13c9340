import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { collections, typeNameOf } from "../../plugins/site-content/model";

type Content = Record<string, Record<string, unknown>>;

/**
 * The real content of data/, shaped like the answers of the site's static
 * queries (`siteYaml`, `contactYaml`...), for unit tests to hand to the mocked
 * useStaticQuery. Pictures are left out: unit tests do not run the image pipeline.
 */
export function loadContent(): Content {
  const content: Content = {};
  for (const { file } of collections) {
    const key = typeNameOf(file).replace(/^./, (first) => first.toLowerCase());
    content[key] = yaml.load(fs.readFileSync(path.join(__dirname, "../../data", file), "utf8")) as Record<
      string,
      unknown
    >;
  }
  const site = content.siteYaml as Record<string, unknown>;
  site.socialImage = { publicURL: "/static/social-card.jpg" };
  for (const entry of (content.imageRowYaml as { images: Record<string, unknown>[] }).images) {
    entry.image = { childImageSharp: null };
  }
  content.site = { buildYear: "2026" };
  return content;
}
