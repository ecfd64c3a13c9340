import fs from "node:fs";
import path from "node:path";
import { Kind, parse, type TypeNode } from "graphql";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { adminContentSecurityPolicy } from "../../plugins/site-headers/response-headers";
import { expect, test } from "./support/fixtures";

/**
 * The editor's field list (the built /admin/config.yml) against the GraphQL
 * schema of the same build (.cache/schema.gql): every field the schema
 * requires is required in the editor, and every editor field exists in the
 * schema. Both come from the content model; this catches either side
 * drifting on its own.
 */
const root = path.resolve(__dirname, "../..");

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
    if (inSchema.required !== requiredInEditor) {
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

test("the comparison notices when one side changes alone", () => {
  const config = builtConfig();
  const slides = config.collections.find((collection) => collection.files[0]?.file === "data/slides.yaml")?.files[0];
  if (!slides) throw new Error("no slides collection in the editor");
  slides.fields = slides.fields.filter((field) => field.name !== "playLabel");
  slides.fields.push({ name: "subtitle", widget: "string" });
  const sdl = builtSchema().replace("companyName: String!", "companyName: String");
  expect(compare(config, sdl)).toEqual([
    "data/site.yaml.companyName: optional in the schema, required in the editor",
    "data/slides.yaml.subtitle: in the editor, not in the schema",
    "data/slides.yaml.playLabel: in the schema, not in the editor",
  ]);
});

test(
  "the deployed editor loads from the site itself under its own policy, and stays out of search engines",
  { tag: "@full" },
  async ({ page, request }) => {
    for (const address of ["/admin", "/admin/"]) {
      const response = await request.get(address);
      expect(response.status()).toBe(200);
      // Exactly the editor's policy: a second one, joined on by the host, would also apply and block the editor.
      expect(response.headers()["content-security-policy"]).toBe(adminContentSecurityPolicy());
      expect(await response.text()).toMatch(/<meta name="robots" content="noindex, nofollow"\s*\/?>/);
    }
    expect((await request.get("/about/")).headers()["content-security-policy"]).not.toContain("unsafe-eval");

    const violations: string[] = [];
    const outside: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on("request", (sent) => {
      if (
        !sent.url().startsWith("http://127.0.0.1:") &&
        !sent.url().startsWith("data:") &&
        !sent.url().startsWith("blob:")
      )
        outside.push(sent.url());
    });
    for (const address of ["/admin", "/admin/"]) {
      await page.goto(address);
      await expect(page.getByRole("button", { name: /Login/ })).toBeVisible({ timeout: 30_000 });
    }
    expect(violations).toEqual([]);
    expect(outside).toEqual([]);

    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/admin");
    expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /admin/");
  },
);
