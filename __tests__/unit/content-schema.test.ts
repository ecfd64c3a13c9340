/** @jest-environment node */
import { buildSchema } from "graphql";
import { collections, typeNameOf } from "../../plugins/site-content/model";
import { contentTypeDefs } from "../../plugins/site-content/schema";

// What Gatsby itself provides around the site's types.
const gatsbyBasics = `
  directive @dontInfer on OBJECT
  directive @fileByRelativePath on FIELD_DEFINITION
  interface Node { id: ID! }
  type File implements Node { id: ID! }
  type Query { node: Node }
`;

test("the generated type definitions are valid GraphQL", () => {
  expect(() => buildSchema(`${gatsbyBasics}\n${contentTypeDefs()}`)).not.toThrow();
});

test("every collection is an explicitly typed node: no field is left to inference", () => {
  const sdl = contentTypeDefs();
  for (const { file } of collections) {
    expect(sdl).toContain(`type ${typeNameOf(file)} implements Node @dontInfer {`);
  }
});

test("required fields are non-null, lists hold non-null entries and pictures resolve to files", () => {
  const schema = buildSchema(`${gatsbyBasics}\n${contentTypeDefs()}`);
  const slides = schema.getType("SlidesYaml");
  const slide = schema.getType("SlidesYamlSlides");
  if (!slides || !("getFields" in slides) || !slide || !("getFields" in slide)) throw new Error("slide types missing");
  expect(String(slides.getFields().slides?.type)).toBe("[SlidesYamlSlides!]!");
  expect(String(slide.getFields().headline?.type)).toBe("String!");
  expect(String(slide.getFields().image?.type)).toBe("File!");
  expect(contentTypeDefs()).toContain("image: File! @fileByRelativePath");
});
