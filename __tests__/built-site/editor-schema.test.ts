import fs from "node:fs";
import path from "node:path";
import { Kind, parse, type TypeNode } from "graphql";
import { collections, type Fields } from "../../plugins/site-content/model";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { requireBuild } from "../hosts/support/built-site";

/**
 * @jest-environment node
 *
 * The editor's field list (the built /admin/config.yml) against the GraphQL
 * schema of the same build (.cache/schema.gql): every field the schema
 * requires is required in the editor (or filled in by the build when left
 * empty), and every editor field exists in the schema. Both come from the content model; this catches either side
 * drifting on its own.
 */
const root = path.resolve(__dirname, "../..");

beforeAll(() => requireBuild());

/**
 * The fields an editor may leave empty that the build fills in all the same, so the schema holds them always: a
 * switch (off when left out) and a text made from the others when empty (the chat link from the WhatsApp number).
 * They are named as the comparison below names a field: file, then the path of names.
 */
function filledByBuild(fields: Fields, where: string): string[] {
  return Object.entries(fields).flatMap(([name, field]) => {
    const at = `${where}.${name}`;
    if (field.kind === "switch" || (field.kind === "text" && field.fallback)) return [at];
    if (field.kind === "group") return filledByBuild(field.fields, at);
    if (field.kind === "list" && field.of.kind === "group") return filledByBuild(field.of.fields, at);
    return [];
  });
}
const filled = new Set(collections.flatMap(({ file, fields }) => filledByBuild(fields, `data/${file}`)));

interface EditorField {
  name: string;
  widget: string;
  required?: boolean;
  fields?: EditorField[];
  field?: EditorField;
}

interface SchemaField {
  required: boolean;
  type: string;
  list: boolean;
}

function schemaTypes(sdl: string): Map<string, Map<string, SchemaField>> {
  const types = new Map<string, Map<string, SchemaField>>();
  const describe = (node: TypeNode): SchemaField => {
    if (node.kind === Kind.NON_NULL_TYPE) return { ...describe(node.type), required: true };
    if (node.kind === Kind.LIST_TYPE) return { ...describe(node.type), list: true, required: false };
    return { type: node.name.value, list: false, required: false };
  };
  for (const definition of parse(sdl).definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION) continue;
    types.set(
      definition.name.value,
      new Map((definition.fields ?? []).map((field) => [field.name.value, describe(field.type)])),
    );
  }
  return types;
}

function disagreements(
  editorFields: EditorField[],
  typeName: string,
  types: Map<string, Map<string, SchemaField>>,
  where: string,
): string[] {
  const schema = types.get(typeName);
  if (!schema) return [`${where}: the schema has no type ${typeName}`];
  const problems: string[] = [];
  for (const field of editorFields) {
    const inSchema = schema.get(field.name);
    const at = `${where}.${field.name}`;
    if (!inSchema) {
      problems.push(`${at}: in the editor, not in the schema`);
      continue;
    }
    const requiredInEditor = field.required !== false;
    if (inSchema.required !== requiredInEditor && !(inSchema.required && filled.has(at))) {
      problems.push(
        `${at}: ${inSchema.required ? "required" : "optional"} in the schema, ${requiredInEditor ? "required" : "optional"} in the editor`,
      );
    }
    if (field.widget === "object" && field.fields)
      problems.push(...disagreements(field.fields, inSchema.type, types, at));
    if (field.widget === "list" && field.fields)
      problems.push(...disagreements(field.fields, inSchema.type, types, at));
    if ((field.widget === "list") !== inSchema.list) problems.push(`${at}: a list on one side only`);
  }
  // A content node's language (SlidesYaml.language) is the build's, not a field an editor fills in.
  for (const name of [...schema.keys()].filter((key) => key !== "language" || !typeName.endsWith("Yaml"))) {
    if (!editorFields.some((field) => field.name === name))
      problems.push(`${where}.${name}: in the schema, not in the editor`);
  }
  return problems;
}

interface EditorConfig {
  collections: { files: { file: string; fields: EditorField[] }[] }[];
}

const typeNameOf = (file: string) =>
  `${path
    .basename(file, ".yaml")
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("")}Yaml`;

function compare(config: EditorConfig, sdl: string): string[] {
  const types = schemaTypes(sdl);
  return config.collections.flatMap((collection) =>
    collection.files.flatMap((file) => disagreements(file.fields, typeNameOf(file.file), types, file.file)),
  );
}

const builtConfig = () =>
  readContentYaml(
    fs.readFileSync(path.join(root, "public", "admin", "config.yml"), "utf8"),
    "config.yml",
  ) as EditorConfig;
const builtSchema = () => fs.readFileSync(path.join(root, ".cache", "schema.gql"), "utf8");

test("the editor's fields and the GraphQL schema of the build agree", () => {
  const config = builtConfig();
  expect(config.collections.map((collection) => collection.files[0]?.file).sort()).toEqual(
    fs
      .readdirSync(path.join(root, "data"))
      .filter((name) => name.endsWith(".yaml"))
      .map((name) => `data/${name}`)
      .sort(),
  );
  expect(compare(config, builtSchema())).toEqual([]);
});
