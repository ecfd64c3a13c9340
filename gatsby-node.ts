import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { checkContent, formatProblems } from "./src/lib/content-check";
import { contentTypeDefs } from "./src/lib/content-schema";

const dataDir = path.resolve("data");

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

// Runs before any file is sourced, so a broken content edit stops the build with
// the editor-facing message instead of a GraphQL error further down.
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  const problems = checkContent(dataDir);
  if (problems.length > 0) {
    reporter.panic({ id: CONTENT_ERROR, context: { message: formatProblems(problems) } });
  }
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs());
};
