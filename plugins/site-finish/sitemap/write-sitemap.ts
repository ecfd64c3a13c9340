/** sitemap.xml and robots.txt, from the built pages and the site address in data/site.yaml. */
import fs from "node:fs";
import path from "node:path";
import type { GraphqlRunner, StepReporter } from "../step";
import { robotsTxt, sitemapXml } from "./sitemap";

export async function writeSitemap(reporter: StepReporter, graphql: GraphqlRunner): Promise<void> {
  const { data, errors } = await graphql<Queries.SitemapQuery>(`
    query Sitemap {
      siteYaml {
        siteUrl
      }
      allSitePage {
        nodes {
          path
        }
      }
    }
  `);
  if (errors || !data?.siteYaml) {
    reporter.panic("The sitemap could not be written: the pages or the site address could not be read.", errors);
    return;
  }
  const { siteUrl } = data.siteYaml;
  const paths = data.allSitePage.nodes.map((node) => node.path);
  fs.writeFileSync(path.resolve("public", "sitemap.xml"), sitemapXml(siteUrl, paths));
  fs.writeFileSync(path.resolve("public", "robots.txt"), robotsTxt(siteUrl));
}
