import { collections, pascalCase, typeNameOf, type Field, type Fields } from "./model";

/**
 * GraphQL type definitions for every collection, derived from the content model.
 * Types are declared with @dontInfer so a content edit can never silently change
 * the shape that pages query.
 */
export function contentTypeDefs(): string {
  const definitions: string[] = [];

  function fieldType(field: Field, ownerType: string, name: string): string {
    const required = field.optional ? "" : "!";
    switch (field.kind) {
      case "text":
      case "icon":
        return `String${required}`;
      case "image":
        return `File${required} @fileByRelativePath`;
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
    const head = isNode ? `type ${typeName} implements Node @dontInfer` : `type ${typeName}`;
    definitions.push(`${head} {\n${lines.join("\n")}\n}`);
    return typeName;
  }

  for (const collection of collections) {
    declare(typeNameOf(collection.file), collection.fields, true);
  }
  return definitions.join("\n\n");
}
