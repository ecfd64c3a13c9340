/**
 * The site's jobs on the finished build, run in the order steps.ts lists them, each timed under its name in the
 * build's output. (Gatsby takes every export of a gatsby-node file for an API: only the hook is exported.)
 */
import type { GatsbyNode } from "gatsby";
import { finishingSteps } from "./steps";

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter, graphql }) => {
  for (const step of finishingSteps) {
    const activity = reporter.activityTimer(`site-finish: ${step.name}`);
    activity.start();
    await step.run({ reporter, graphql });
    activity.end();
  }
};
