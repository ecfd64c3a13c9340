import { collections, fileTypeNameOf, pascalCase, typeNameOf, type Field, type Fields } from "./model";

/**
 * GraphQL type definitions for every collection, derived from the content model:
 * one node per collection and language (SlidesYaml, with its `language`), made
 * by the content plugin from the file's node (SlidesYamlFile), which pages never
 * query. Types are declared with @dontInfer so a content edit can never silently
 * change the shape that pages query.
 */
export function contentTypeDefs(): string {
  const definitions: string[] = [];

  function fieldType(field: Field, ownerType: string, name: string): string {
    // A text the site fills in when it is left empty is always there for the pages.
    const required = field.optional && !(field.kind === "text" && field.fallback) ? "" : "!";
    switch (field.kind) {
      case "text":
      case "icon":
        return `String${required}`;
      case "image":
        return `File${required} @fileByRelativePath`;
      case "switch":
        return "Boolean!";
      case "group":
        return `${declare(`${ownerType}${pascalCase(name)}`, field.fields, false)}${required}`;
      case "list": {
        const item = fieldType(field.of, ownerType, name).replace(/!$/, "");
        return `[${item}!]${required}`;
      }
    }
  }

  function declare(typeName: string, fields: Fields, isNode: boolean): string {
    const lines = Object.entries(fields).map(([name, field]) => `  ${name}: ${fieldType(field, typeName, name)}`);
    if (isNode) lines.unshift("  language: String!");
    const head = isNode ? `type ${typeName} implements Node @dontInfer` : `type ${typeName}`;
    definitions.push(`${head} {\n${lines.join("\n")}\n}`);
    return typeName;
  }

  for (const collection of collections) {
    declare(typeNameOf(collection.file), collection.fields, true);
    definitions.push(`type ${fileTypeNameOf(collection.file)} implements Node @dontInfer {\n  id: ID!\n}`);
  }
  return definitions.join("\n\n");
}
