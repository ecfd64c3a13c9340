/** @jest-environment node */
import { spawnSync } from "node:child_process";
import path from "node:path";
import postcss from "postcss";
import { namedMedia } from "../../plugins/site-styles/named-media";
import { namedMedia as breakpoints, pictureSizes } from "../../src/styles/media";

/**
 * The rules the stylesheets keep so that the design stays in its tokens and
 * the layout can turn right to left. `npm run lint` holds every stylesheet to
 * them (stylelint.config.mjs); these tests show that each rule refuses what
 * it is there to refuse, so a rule that stops working does not pass in silence.
 */
const root = path.resolve(__dirname, "../..");

/** The rules stylelint, with the project's config, finds broken in `css` written as `file`. */
function brokenRules(css: string, file = "src/components/example.module.css") {
  // stylelint's command, as npm installs it: its Node API is ESM-only, which Jest's CommonJS cannot load.
  const run = spawnSync(
    path.join(root, "node_modules/.bin/stylelint"),
    ["--stdin-filename", file, "--formatter", "json"],
    { cwd: root, input: css, encoding: "utf8" },
  );
  // The report goes to stderr when something is broken, to stdout when nothing is.
  const [result] = JSON.parse(run.stderr || run.stdout) as { warnings: { rule: string }[] }[];
  return result?.warnings.map(({ rule }) => rule).sort();
}

test("colours are written only in the design tokens", () => {
  expect(
    brokenRules(".a { color: #fff; background: white; border-color: rgb(0 0 0); fill: oklch(50% 0.1 0); }"),
  ).toEqual(["color-named", "color-no-hex", "function-disallowed-list", "function-disallowed-list"]);
  expect(brokenRules(":root { --a: #fff; --b: white; --c: rgb(0 0 0 / 50%); }", "src/styles/tokens.css")).toEqual([]);
});

test("every token a stylesheet uses is defined, in the design tokens or in that stylesheet", () => {
  expect(
    brokenRules(".a { --gap: 1rem; margin: var(--gap); color: var(--color-navy); padding: var(--spcae-3); }"),
  ).toEqual(["csstools/value-no-unknown-custom-properties"]);
});

test("media queries name their breakpoint or ask for a visitor's preference, never a width of their own", () => {
  expect(
    brokenRules(
      "@media (--md) { .a { top: 0 } } @media (prefers-reduced-motion: reduce) { .a { top: 0 } } @media (min-width: 40rem) { .a { top: 0 } }",
    ),
  ).toEqual(["media-feature-name-allowed-list"]);
});

test("directions are logical (inline-start, inline-end), so the layout mirrors for right-to-left text", () => {
  expect(
    brokenRules(
      ".a { margin-left: 1rem; border-right-width: 1px; left: 0; text-align: right; float: left; padding: 0 1rem 0 2rem; margin-inline-start: 1rem; inset-inline-end: 0; text-align: start; padding: 0 1rem; }",
    ),
  ).toEqual([
    "declaration-property-value-disallowed-list",
    "declaration-property-value-disallowed-list",
    "declaration-property-value-disallowed-list",
    "property-disallowed-list",
    "property-disallowed-list",
    "property-disallowed-list",
  ]);
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
