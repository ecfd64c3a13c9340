/**
 * The site's content: checks every file in data/ against the content model
 * before anything is sourced, and declares the GraphQL types the pages query.
 */
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { checkContent, formatProblems } from "./check";
import { contentTypeDefs } from "./schema";

const CONTENT_ERROR = "content";

export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => {
  reporter.setErrorMap({
    [CONTENT_ERROR]: {
      text: (context: { message: string }) => context.message,
      level: "ERROR",
      type: "CONFIG",
      category: "USER",
    },
  });
};

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  // Runs before any file is sourced, so a broken content edit stops the build with
  // the editor-facing message instead of a GraphQL error further down.
  const problems = checkContent(path.resolve("data"));
  if (problems.length > 0) {
    reporter.panic({ id: CONTENT_ERROR, context: { message: formatProblems(problems) } });
  }
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs());
};
