/**
 * The site's jobs on the finished build, run in the order steps.ts lists them, each timed under its name in the
 * build's output. What they need of the build's data is read here, once: a query in a gatsby-node file gets its
 * generated type (src/gatsby-types.d.ts). (Gatsby takes every export of a gatsby-node file for an API: only the
 * hook is exported.)
 */
import type { GatsbyNode } from "gatsby";
import { finishingSteps } from "./steps";

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter, graphql }) => {
  const { data, errors } = await graphql<Queries.BuiltSiteQuery>(`
    query BuiltSite {
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
    reporter.panic("The pages or the site's address could not be read after the build.", errors);
    return;
  }
  const site = { siteUrl: data.siteYaml.siteUrl, pagePaths: data.allSitePage.nodes.map((node) => node.path) };
  for (const step of finishingSteps) {
    const activity = reporter.activityTimer(`site-finish: ${step.name}`);
    activity.start();
    await step.run({ reporter, site });
    activity.end();
  }
};
