/**
 * The site's content: checks every file in data/ against the content model
 * before anything is sourced, declares the GraphQL types the pages query, and
 * makes of each file (both languages in one, as gatsby-transformer-yaml reads
 * it) one node per language, shaped alike, that pages query by language.
 */
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { defaultLanguage, languages } from "../../contract/src/languages";
import { checkContent, formatProblems } from "./check";
import { glossaryProblems } from "./glossary";
import { localize } from "./localize";
import { collections, fileTypeNameOf, typeNameOf } from "./model";
import { userError } from "../user-error";
import { contentTypeDefs } from "./schema";

export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => userError.register(reporter);

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async ({ reporter }) => {
  // Runs before any file is sourced, so a broken content edit stops the build with
  // the editor-facing message instead of a GraphQL error further down.
  const problems = await checkContent(path.resolve("data"));
  // The glossary's words only once the files read: a missing or broken file is named once, by the check.
  if (problems.length === 0) problems.push(...glossaryProblems(path.resolve("data")));
  if (problems.length > 0) {
    userError.stop(reporter, formatProblems(problems));
  }
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs());
};

export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, actions, createNodeId, createContentDigest }) => {
  const collection = collections.find(({ file }) => fileTypeNameOf(file) === node.internal.type);
  if (!collection) return;
  const file = node as typeof node & Record<string, unknown>;
  for (const language of languages) {
    const content = {
      ...localize(collection.fields, file[defaultLanguage.code], file[language.code]),
      language: language.code,
    };
    const child = {
      ...content,
      id: createNodeId(`${node.id} ${language.code}`),
      parent: node.id,
      children: [],
      internal: { type: typeNameOf(collection.file), contentDigest: createContentDigest(content) },
    };
    actions.createNode(child);
    actions.createParentChildLink({ parent: node, child });
  }
};
