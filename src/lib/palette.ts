/**
 * The company's two colours (data/site.yaml) as the site's colour tokens
 * (src/styles/tokens.css names them all): the main colour, dark, behind white
 * text and as the headings' colour; the accent, light, for surfaces, marks and
 * words on the main colour. Every other shade is derived here, never typed,
 * and every pair of colours the stylesheets put together is held to WCAG 2.2
 * AA: 4.5:1 for text, 3:1 for the focus ring. A colour that fails a pair is
 * named with the pair and the nearest colour of the same hue that passes.
 */

type Rgb = readonly [number, number, number];

export interface BrandColours {
  /** The company's dark colour, #rrggbb. */
  main: string;
  /** The company's light colour, #rrggbb. */
  accent: string;
}

/** A pair the build refuses, told to the editor at the colour's field. */
export interface PaletteProblem {
  colour: keyof BrandColours;
  message: string;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * The colours of the site that are not the company's (tokens.css): the muted text on dark, the focus ring, and the
 * light surfaces a link can stand on (the alternate sections, the form's error and success notes).
 */
const FIXED = {
  onDarkMuted: hex("#dbe7f2"),
  focus: hex("#2f74e0"),
  linkSurfaces: ["#f5f9fc", "#fdecea", "#e7f6ee"].map(hex),
};

export function hex(value: string): Rgb {
  return [1, 3, 5].map((start) => parseInt(value.slice(start, start + 2), 16)) as unknown as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((part) => Math.round(part).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG's relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((part) => {
    const channel = part / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours, 1 to 21. */
export function contrast(one: Rgb, other: Rgb): number {
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `colour` moved `share` of the way to `target` (0 keeps it, 1 gives the target), for tints and veils. */
function mix(colour: Rgb, target: Rgb, share: number): Rgb {
  return colour.map((part, index) => part + (target[index]! - part) * share) as unknown as Rgb;
}

/** Hue (0 to 1), saturation and lightness (0 to 1). */
function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const range = max - min;
  const saturation = lightness > 0.5 ? range / (2 - max - min) : range / (max + min);
  const hue =
    max === red
      ? (green - blue) / range + (green < blue ? 6 : 0)
      : max === green
        ? (blue - red) / range + 2
        : (red - green) / range + 4;
  return [hue / 6, saturation, lightness];
}

function fromHsl([hue, saturation, lightness]: [number, number, number]): Rgb {
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (shift: number) => {
    const t = (hue + shift + 1) % 1;
    const value = t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p;
    return Math.round(value * 255);
  };
  return [channel(1 / 3), channel(0), channel(-1 / 3)];
}

/**
 * The colour nearest to `colour` of the same hue and saturation, darker or lighter a percent of lightness at a
 * time, that `passes`; the colour itself when it already does.
 */
function nearest(colour: Rgb, way: Way, passes: (candidate: Rgb) => boolean): Rgb {
  const [hue, saturation, lightness] = toHsl(colour);
  for (let step = 0; step <= 100; step += 1) {
    const shifted = way === "darker" ? lightness - step / 100 : lightness + step / 100;
    const candidate = fromHsl([hue, saturation, Math.min(1, Math.max(0, shifted))]);
    if (passes(candidate)) return candidate;
  }
  return way === "darker" ? BLACK : WHITE;
}

type Way = "darker" | "lighter";

/**
 * The accent darkened until it reads as text on every light surface: white, the pale accent (icons on cards) and
 * the surfaces links stand on (a link in the form's error note, on its pale red).
 */
function strongAccent(accent: Rgb): Rgb {
  const surfaces = [WHITE, mix(accent, WHITE, 0.88), ...FIXED.linkSurfaces];
  return nearest(accent, "darker", (candidate) => surfaces.every((surface) => contrast(candidate, surface) >= 4.5));
}

/** A colour of the company's beside another the site puts it with. */
interface Pair {
  colour: keyof BrandColours;
  beside: Rgb;
  /** What stands on what, in the editor's words. */
  use: string;
  ratio: number;
  /** Which way the colour moves to pass: the main colour darker, the accent lighter. */
  towards: Way;
}

/** What the main colour must stand beside, the ratio it needs, and which way it moves to get there. */
const mainPairs: Pair[] = [
  {
    colour: "main",
    beside: WHITE,
    use: "white text on it, and it as headings on white",
    ratio: 4.5,
    towards: "darker",
  },
  { colour: "main", beside: FIXED.onDarkMuted, use: "the footer's pale text on it", ratio: 4.5, towards: "darker" },
  { colour: "main", beside: FIXED.focus, use: "the blue focus ring around a link on it", ratio: 3, towards: "darker" },
];

/** What the accent must stand beside: the main colour, as words on it. */
const accentPairs = (main: Rgb): Pair[] => [
  { colour: "accent", beside: main, use: "it as words on the main colour", ratio: 4.5, towards: "lighter" },
];

/**
 * Each of the company's colours that reads too faintly beside another, once per colour: the pairs it fails, and
 * the nearest colour of the same hue that passes them all.
 */
export function paletteProblems({ main, accent }: BrandColours): PaletteProblem[] {
  const given = { main: hex(main), accent: hex(accent) };
  const problems: PaletteProblem[] = [];
  // The main colour first: the accent is then held to the main colour the site would have once that is mended.
  const check = (colour: keyof BrandColours, own: Pair[]): Rgb => {
    const passes = (candidate: Rgb) => own.every((pair) => contrast(candidate, pair.beside) >= pair.ratio);
    const failed = own.filter((pair) => contrast(given[colour], pair.beside) < pair.ratio);
    const first = failed[0];
    if (!first) return given[colour];
    const passing = nearest(given[colour], first.towards, passes);
    const reads = failed.map(
      (pair) =>
        `${pair.use} reads at ${contrast(given[colour], pair.beside).toFixed(1)}:1, where WCAG AA asks ${pair.ratio}:1`,
    );
    problems.push({
      colour,
      message: `${toHex(given[colour])} is too ${first.towards === "darker" ? "light" : "dark"}: ${reads.join("; ")}. The nearest colour that passes is ${toHex(passing)}.`,
    });
    return passing;
  };
  const mainColour = check("main", mainPairs);
  check("accent", accentPairs(mainColour));
  return problems;
}

/** The colour tokens the company's colours set, as tokens.css names them. */
export function paletteTokens({ main, accent }: BrandColours): Record<string, string> {
  const dark = hex(main);
  const light = hex(accent);
  const veil = (alpha: number) => `rgb(${dark.join(" ")} / ${alpha})`;
  return {
    "--color-navy": toHex(dark),
    "--color-navy-soft": toHex(mix(dark, WHITE, 0.06)),
    "--color-accent": toHex(light),
    "--color-accent-pale": toHex(mix(light, WHITE, 0.88)),
    "--color-accent-light": toHex(mix(light, WHITE, 0.75)),
    "--color-accent-strong": toHex(strongAccent(light)),
    "--color-backdrop": veil(0.6),
    "--color-veil-strong": veil(0.9),
    "--color-veil-light": veil(0.15),
    "--shadow": `0 1px 2px ${veil(0.06)}, 0 6px 20px ${veil(0.08)}`,
    "--shadow-dialog": `0 20px 60px ${veil(0.35)}`,
    "--shadow-bar": `0 -2px 12px ${veil(0.12)}`,
  };
}

/** A colour as the company writes it in data/site.yaml: # and six hexadecimal digits. */
export const COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * The style sheet that puts the company's colours (data/site.yaml's mainColour and accentColour) over the site's
 * own, or nothing when they are not both given: `:root:root` outranks tokens.css's `:root` wherever the build
 * places either. Its values are made here from two #rrggbb colours, tested again here though the content check
 * has, so no other text from data/ can reach the style sheet.
 */
export function brandStyleSheet({
  mainColour,
  accentColour,
}: {
  mainColour?: unknown;
  accentColour?: unknown;
}): string | undefined {
  const colour = (value: unknown): value is string => typeof value === "string" && COLOUR.test(value);
  if (!colour(mainColour) || !colour(accentColour)) return undefined;
  const tokens = paletteTokens({ main: mainColour, accent: accentColour });
  return `:root:root{${Object.entries(tokens)
    .map(([name, value]) => `${name}:${value}`)
    .join(";")}}`;
}
