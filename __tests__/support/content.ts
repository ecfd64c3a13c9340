import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { collections, pageRoutes, typeNameOf } from "../../plugins/site-content/model";
import type { Content } from "../../plugins/site-content/yaml-types";

/**
 * The content of data/, read the way the site reads it, for tests to take
 * their expectations from (counts, titles, lists) instead of today's wording.
 */
export type { Content };

export const dataDir = path.resolve(__dirname, "../../data");

/** Every collection of the content model, keyed as the site's queries name them (siteYaml, slidesYaml...). */
export function readContent(folder = dataDir): Content {
  const entries = collections.map(({ file }) => [
    typeNameOf(file).replace(/^./, (first) => first.toLowerCase()),
    yaml.load(fs.readFileSync(path.join(folder, file), "utf8")),
  ]);
  return Object.fromEntries(entries) as Content;
}

export const content = readContent();

/** Every page of the site with its content in data/pages.yaml, in the order of the model's routes. */
export const pages = pageRoutes.map(({ path, content: key }) => ({ path, key, ...content.pagesYaml[key] }));

/**
 * The content shaped like the answers of the site's static queries, for unit
 * tests to hand to the mocked useStaticQuery. Pictures are left out: unit
 * tests do not run the image pipeline.
 */
export function staticQueryData(source: Content = content): Record<string, unknown> {
  return {
    ...source,
    siteYaml: { ...source.siteYaml, socialImage: { publicURL: "/static/social-card.jpg" } },
    imageRowYaml: {
      images: source.imageRowYaml.images.map((entry) => ({ ...entry, image: { childImageSharp: null } })),
    },
    site: { buildYear: "2026" },
  };
}
