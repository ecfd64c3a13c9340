/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { brandStyleSheet, contrast, hex, paletteProblems, paletteTokens } from "../../src/lib/palette";

/**
 * The company's two colours as the site's palette: the shades the stylesheets use are derived from them, every
 * pair the site puts together reads at WCAG AA, and a colour that does not is named with the nearest that does.
 */
const white = hex("#ffffff");
const tokensCss = fs.readFileSync(path.resolve(__dirname, "../../src/styles/tokens.css"), "utf8");
const token = (name: string) => new RegExp(`${name}: (#[0-9a-f]{6});`).exec(tokensCss)?.[1] ?? "";

test("the site's own colours (tokens.css), as a company's, pass and give back themselves and their veils", () => {
  const colours = { main: token("--color-navy"), accent: token("--color-accent") };
  expect(paletteProblems(colours)).toEqual([]);
  const tokens = paletteTokens(colours);
  expect([tokens["--color-navy"], tokens["--color-accent"]]).toEqual([colours.main, colours.accent]);
  expect(tokensCss).toContain(`--color-backdrop: ${tokens["--color-backdrop"]};`);
});

test.each(["#4fb3e8", "#f0a830", "#7ed957", "#ff66aa", "#ffff00", "#c0c0c0"])(
  "the accent %s is darkened for links until they read on white, its pale surface and the site's light surfaces",
  (accent) => {
    const tokens = paletteTokens({ main: "#0b2545", accent });
    const strong = hex(tokens["--color-accent-strong"]!);
    expect(contrast(strong, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(strong, hex(tokens["--color-accent-pale"]!))).toBeGreaterThanOrEqual(4.5);
    // The alternate sections, and the form's error and success notes, whose links are in the accent.
    for (const surface of ["--color-surface-alt", "--color-danger-surface", "--color-success-surface"]) {
      expect(contrast(strong, hex(token(surface)))).toBeGreaterThanOrEqual(4.5);
    }
  },
);

test("a main colour too light is named with each pair it fails and the nearest colour that passes them all", () => {
  const [problem, ...others] = paletteProblems({ main: "#3f7fbf", accent: "#ffe08a" });
  expect(others).toEqual([]);
  expect(problem?.colour).toBe("main");
  expect(problem?.message).toMatch(
    /^#3f7fbf is too light: white text on it, and it as headings on white reads at 4\.2:1, where WCAG AA asks 4\.5:1; .*The nearest colour that passes is (#[0-9a-f]{6})\.$/,
  );
  const nearest = /(#[0-9a-f]{6})\.$/.exec(problem?.message ?? "")?.[1] ?? "";
  expect(paletteProblems({ main: nearest, accent: "#ffe08a" })).toEqual([]);
});

test("an accent that does not read on the main colour is named, held to the main colour once that is mended", () => {
  const problems = paletteProblems({ main: "#3f7fbf", accent: "#2050a0" });
  expect(problems.map(({ colour }) => colour)).toEqual(["main", "accent"]);
  const suggested = (colour: number) => /(#[0-9a-f]{6})\.$/.exec(problems[colour]?.message ?? "")?.[1] ?? "";
  expect(problems[1]?.message).toMatch(/^#2050a0 is too dark: it as words on the main colour reads at/);
  expect(paletteProblems({ main: suggested(0), accent: suggested(1) })).toEqual([]);
});

test("the style sheet is written only from two #rrggbb colours: anything else from data/ gives none", () => {
  expect(brandStyleSheet({ mainColour: "#0b2545", accentColour: "#4fb3e8" })).toMatch(
    /^:root:root\{--color-navy:#0b2545;.*--color-accent:#4fb3e8;.*\}$/,
  );
  for (const hostile of ["#0b2545;}body{display:none", "red", "#0b2545</style><script>", "", null, 7])
    expect(brandStyleSheet({ mainColour: hostile, accentColour: "#4fb3e8" })).toBeUndefined();
  expect(brandStyleSheet({ mainColour: "#0b2545" })).toBeUndefined();
});
