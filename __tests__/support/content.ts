import fs from "node:fs";
import path from "node:path";
import { localize } from "../../plugins/site-content/localize";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { collections, pageRoutes, typeNameOf } from "../../plugins/site-content/model";
import type { Content } from "../../plugins/site-content/yaml-types";
import { languages, localizedPath, type LanguageCode } from "../../contract/src/languages";

/**
 * The content of data/, read the way the site reads it (each language's texts
 * with the shared pictures, phones and links), for tests to take their
 * expectations from (counts, titles, lists) instead of today's wording.
 */
export type { Content };

export const dataDir = path.resolve(__dirname, "../../data");

/** Every collection of the content model in every language, keyed as the site's queries name them (siteYaml...). */
export function readContent(folder = dataDir): Record<LanguageCode, Content> {
  const files = collections.map((collection) => ({
    collection,
    key: typeNameOf(collection.file).replace(/^./, (first) => first.toLowerCase()),
    raw: readContentYaml(fs.readFileSync(path.join(folder, collection.file), "utf8"), collection.file) as Record<
      string,
      unknown
    >,
  }));
  const inLanguage = (code: LanguageCode) =>
    Object.fromEntries(
      files.map(({ collection, key, raw }) => [key, localize(collection.fields, raw.en, raw[code])]),
    ) as unknown as Content;
  return Object.fromEntries(languages.map(({ code }) => [code, inLanguage(code)])) as Record<LanguageCode, Content>;
}

export const contents = readContent();

/** The English content, which most tests read. */
export const content = contents.en;

/** Every page of the site with its content in data/pages.yaml, in the order of the model's routes, in a language. */
export function pagesIn(code: LanguageCode) {
  return pageRoutes.map(({ path: route, content: key }) => ({
    route,
    path: localizedPath(route, code),
    key,
    ...contents[code].pagesYaml[key],
  }));
}

export const pages = pagesIn("en");

/** A square picture of the given side as gatsby-plugin-image describes one. */
const fixedPicture = (side: number, src: string) => ({
  layout: "fixed",
  width: side,
  height: side,
  images: { fallback: { src }, sources: [] },
});

/**
 * The content shaped like the answers of the site's static queries (every
 * language's nodes), for unit tests to hand to the mocked useStaticQuery.
 * Pictures are left out: unit tests do not run the image pipeline.
 */
export function staticQueryData(source: Record<LanguageCode, Content> = contents): Record<string, unknown> {
  const nodes = (
    key: keyof Content,
    shape: (value: Record<string, unknown>) => Record<string, unknown> = (value) => value,
  ) => ({
    nodes: languages.map(({ code }) => ({
      language: code,
      ...shape(source[code][key] as unknown as Record<string, unknown>),
    })),
  });
  return {
    allSiteYaml: nodes("siteYaml", (site) => ({
      ...site,
      // A logo named in data/ as the pipeline gives it: the top bar's mark and the two icons.
      logo: site.logo
        ? {
            childImageSharp: {
              gatsbyImageData: fixedPicture(36, "/static/3c4d5e/logo.png"),
              tabIcon: fixedPicture(48, "/static/3c4d5e/logo-48.png"),
              homeScreenIcon: fixedPicture(180, "/static/3c4d5e/logo-180.png"),
            },
          }
        : null,
      socialImage: {
        childImageSharp: {
          gatsbyImageData: {
            layout: "fixed",
            width: 1200,
            height: 630,
            images: { fallback: { src: "/static/0a1b2c/share.jpg" }, sources: [] },
          },
        },
      },
    })),
    allContactYaml: nodes("contactYaml"),
    allPagesYaml: nodes("pagesYaml"),
    allEnquiryFormYaml: nodes("enquiryFormYaml"),
    allIndustriesYaml: nodes("industriesYaml"),
    site: { buildYear: "2026" },
  };
}
