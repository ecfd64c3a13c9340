/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { brandStyleSheet, contrast, drawnPairs, hex, paletteProblems, paletteTokens } from "../../src/lib/palette";

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

/** Real companies' colours, main and accent, and whether white reads on the main colour and the accent on it. */
const brands: { brand: string; main: string; accent: string; readable: boolean }[] = [
  { brand: "dark green and mint", main: "#0b5d3b", accent: "#8fd694", readable: true },
  { brand: "dark green and gold", main: "#0b5d3b", accent: "#f5c451", readable: true },
  { brand: "red and yellow", main: "#b3261e", accent: "#ffd166", readable: true },
  { brand: "purple and lilac", main: "#5b2a86", accent: "#f3c4fb", readable: true },
  { brand: "teal and peach", main: "#006d77", accent: "#ffddd2", readable: true },
  { brand: "brown and amber", main: "#5c3a21", accent: "#f0a830", readable: true },
  { brand: "black and orange", main: "#000000", accent: "#f97316", readable: true },
  { brand: "magenta and blush", main: "#c2185b", accent: "#fce4ec", readable: true },
  { brand: "grey at the very limit and white", main: "#767676", accent: "#ffffff", readable: true },
  { brand: "orange with white", main: "#f97316", accent: "#ffffff", readable: false },
  { brand: "light blue with white", main: "#88ccee", accent: "#ffffff", readable: false },
  { brand: "bright red with white", main: "#e53935", accent: "#ffffff", readable: false },
  { brand: "dark green with a green too dark on it", main: "#0b5d3b", accent: "#2e8b57", readable: false },
  { brand: "bronze with a cream just too dark on it", main: "#8a6d1f", accent: "#fff3c4", readable: false },
];

test("WCAG's contrast ratio: black on white 21:1, #767676 on white 4.54:1, a colour on itself 1:1", () => {
  expect(contrast(hex("#000000"), white)).toBe(21);
  expect(contrast(hex("#767676"), white)).toBeCloseTo(4.54, 2);
  expect(contrast(hex("#0b5d3b"), hex("#0b5d3b"))).toBe(1);
});

test.each(brands)(
  "$brand ($main, $accent): accepted when readable, and then every pair the site draws with it reads",
  ({ main, accent, readable }) => {
    const problems = paletteProblems({ main, accent });
    expect(problems.length === 0).toBe(readable);
    // A refused pair is mended with the colours it is offered, and every pair the site draws then reads too.
    const offered = Object.fromEntries(
      problems.map(({ colour, message }) => [colour, /passes is (#[0-9a-f]{6})\.$/.exec(message)?.[1]]),
    );
    const mended = { main: offered.main ?? main, accent: offered.accent ?? accent };
    expect(paletteProblems(mended)).toEqual([]);
    expect(drawnPairs(mended).filter((pair) => pair.contrast < pair.ratio)).toEqual([]);
  },
);

test("a main colour too light is named with its pair and the nearest colour that passes", () => {
  const [problem, ...others] = paletteProblems({ main: "#3f7fbf", accent: "#ffffff" });
  expect(others).toEqual([]);
  expect(problem?.colour).toBe("main");
  expect(problem?.message).toMatch(
    /^#3f7fbf is too light: white text on it, and it as headings on white reads at 4\.2:1, where WCAG AA asks 4\.5:1\. The nearest colour that passes is (#[0-9a-f]{6})\.$/,
  );
  const nearest = /(#[0-9a-f]{6})\.$/.exec(problem?.message ?? "")?.[1] ?? "";
  expect(paletteProblems({ main: nearest, accent: "#ffffff" })).toEqual([]);
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
