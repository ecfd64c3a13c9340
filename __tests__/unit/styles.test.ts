/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import postcss from "postcss";
import { namedMedia } from "../../plugins/site-styles/named-media";
import { namedMedia as breakpoints, pictureSizes } from "../../src/styles/media";

/**
 * The rules the stylesheets keep so that the design stays in its tokens and
 * the layout can turn right to left: colours only in tokens.css, breakpoints
 * only by name, and directions only as logical properties (inline-start, not left).
 */
const root = path.resolve(__dirname, "../..");
const sheets = ["src/components", "src/styles"].flatMap((folder) =>
  fs
    .readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith(".css"))
    .map((name) => ({ file: `${folder}/${name}`, css: fs.readFileSync(path.join(root, folder, name), "utf8") })),
);
const tokens = sheets.find(({ file }) => file.endsWith("tokens.css"))?.css ?? "";
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "");

/** Every declaration of a sheet, as `property: value` with the file it is in. */
function declarations(css: string) {
  const found: { property: string; value: string }[] = [];
  postcss.parse(css).walkDecls((declaration) => {
    found.push({ property: declaration.prop, value: declaration.value });
  });
  return found;
}

test("colours are written only in the design tokens", () => {
  const literals = sheets
    .filter(({ file }) => !file.endsWith("tokens.css"))
    .flatMap(({ file, css }) =>
      declarations(css)
        .filter(({ value }) =>
          /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?|hwb|lab|lch|oklch|oklab)\(|\b(white|black)\b/i.test(value),
        )
        .map(({ property, value }) => `${file}: ${property}: ${value}`),
    );
  expect(literals).toEqual([]);
});

test("every token a stylesheet uses is defined, in the design tokens or in that stylesheet", () => {
  const definedIn = (css: string) =>
    declarations(css)
      .map(({ property }) => property)
      .filter((property) => property.startsWith("--"));
  const shared = new Set(definedIn(tokens));
  const undefinedTokens = sheets.flatMap(({ file, css }) =>
    [...withoutComments(css).matchAll(/var\((--[\w-]+)/g)]
      .map((match) => match[1] ?? "")
      .filter((name) => !shared.has(name) && !definedIn(css).includes(name))
      .map((name) => `${file}: ${name}`),
  );
  expect(undefinedTokens).toEqual([]);
});

test("media queries name their breakpoint or ask for a visitor's preference, never a width of their own", () => {
  const queries = sheets.flatMap(({ file, css }) => {
    const found: string[] = [];
    postcss.parse(css).walkAtRules("media", (rule) => {
      if (!/^\((--[\w-]+|prefers-[\w-]+: [\w-]+)\)$/.test(rule.params)) found.push(`${file}: @media ${rule.params}`);
      const name = /^\((--[\w-]+)\)$/.exec(rule.params)?.[1];
      if (name && !(name in breakpoints)) found.push(`${file}: unknown breakpoint ${name}`);
    });
    return found;
  });
  expect(queries).toEqual([]);
});

test("directions are logical (inline-start, inline-end), so the layout mirrors for right-to-left text", () => {
  const physical = sheets.flatMap(({ file, css }) =>
    declarations(css)
      .filter(
        ({ property, value }) =>
          /^(margin|padding|border|inset|scroll-margin|scroll-padding)-(left|right)\b/.test(property) ||
          /^(left|right)$/.test(property) ||
          (/^(text-align|float|clear)$/.test(property) && /^(left|right)$/.test(value)) ||
          // Four values set left and right separately: margin: 0 1rem 0 2rem.
          (/^(margin|padding|inset)$/.test(property) &&
            value.split(/\s+/).length === 4 &&
            value.split(/\s+/)[1] !== value.split(/\s+/)[3]),
      )
      .map(({ property, value }) => `${file}: ${property}: ${value}`),
  );
  expect(physical).toEqual([]);
});

test("the build puts each breakpoint's query in place of its name, and refuses a name it does not know", async () => {
  const css = "@media (--md) { a { color: red } }";
  expect((await postcss([namedMedia()]).process(css, { from: undefined })).css).toBe(
    `@media ${breakpoints["--md"]} { a { color: red } }`,
  );
  await expect(
    postcss([namedMedia()]).process("@media (--huge) { a { color: red } }", { from: undefined }),
  ).rejects.toThrow("Unknown breakpoint --huge");
});

test("a picture's sizes name the same breakpoints as the CSS", () => {
  expect(pictureSizes([["--lg", "12.5vw"]], "50vw")).toBe(`${breakpoints["--lg"]} 12.5vw, 50vw`);
});
