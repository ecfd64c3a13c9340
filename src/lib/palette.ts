/**
 * The company's two colours (data/site.yaml) as the site's colour tokens
 * (src/styles/tokens.css names them all): the main colour, dark, behind white
 * text and as the headings' colour; the accent, light, for surfaces, marks and
 * words on the main colour. The company's choice is held to two pairs only:
 * white text on the main colour, and the accent as words on it (WCAG 2.2 AA,
 * 4.5:1). Every other shade is derived here, never typed, and made to read
 * beside what it is drawn with (drawnPairs lists them all): the footer's pale
 * text, the hover shade, the light surfaces headings stand on, the veil under
 * the slideshow's headlines, the dots. The focus ring follows its surface
 * (global.css): the fixed blue on the light ones, white on the main colour. A
 * colour that fails its pair is named with the pair and the nearest colour of
 * the same hue that passes.
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
  /** What the build says, in English. */
  message: string;
  /** The parts of it, for the editor to say in its own language: the colour as given, and which way it fails. */
  given: string;
  towards: Way;
  /** Each pair it fails. */
  fails: Reading[];
  /** The nearest colour of its hue that passes, #rrggbb: the editor offers it. */
  nearest: string;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * The colours of the site that are not the company's (tokens.css): the muted text on dark as the site's own navy
 * has it, the focus ring on light surfaces, and the light surfaces a link or a ring can stand on (the alternate
 * sections, the form's error and success notes).
 */
const FIXED = {
  onDarkMuted: hex("#dbe7f2"),
  focus: hex("#2f74e0"),
  linkSurfaces: ["#f5f9fc", "#fdecea", "#e7f6ee"].map(hex),
};

/** The share of white in the slideshow's dots, and of the main colour in the veil under its headlines, at least. */
const DOT_ALPHA = 0.55;
const VEIL_ALPHA = 0.9;

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

export type Way = "darker" | "lighter";

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

/** What the main colour must stand beside: white text on it, and it as headings on white. */
const mainPairs: Pair[] = [
  {
    colour: "main",
    beside: WHITE,
    use: "white text on it, and it as headings on white",
    ratio: 4.5,
    towards: "darker",
  },
];

/** What the accent must stand beside: the main colour, as words on it. */
const accentPairs = (main: Rgb): Pair[] => [
  { colour: "accent", beside: main, use: "it as words on the main colour", ratio: 4.5, towards: "lighter" },
];

/** How each of the company's colours reads beside its pairs, as the editor shows it while the colour is typed. */
export function pairReadings({ main, accent }: BrandColours): Record<keyof BrandColours, Reading[]> {
  const reading = (colour: Rgb) => (pair: Pair) => ({
    use: pair.use,
    reads: contrast(colour, pair.beside).toFixed(1),
    asks: pair.ratio,
  });
  return { main: mainPairs.map(reading(hex(main))), accent: accentPairs(hex(main)).map(reading(hex(accent))) };
}

/** A reading as the build's check says it. */
export const readingText = ({ use, reads, asks }: Reading) =>
  `${use} reads at ${reads}:1, where WCAG AA asks ${asks}:1`;

/** What stands on what, how it reads (to one decimal) and what WCAG AA asks. */
export interface Reading {
  use: string;
  reads: string;
  asks: number;
}

/** What stands on what in each pair the company's colours are held to, as the messages name them. */
export const pairUses: readonly string[] = [...mainPairs, ...accentPairs(WHITE)].map((pair) => pair.use);

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
    const fails: Reading[] = failed.map((pair) => ({
      use: pair.use,
      reads: contrast(given[colour], pair.beside).toFixed(1),
      asks: pair.ratio,
    }));
    problems.push({
      colour,
      message: `${toHex(given[colour])} is too ${first.towards === "darker" ? "light" : "dark"}: ${fails.map(readingText).join("; ")}. The nearest colour that passes is ${toHex(passing)}.`,
      given: toHex(given[colour]),
      towards: first.towards,
      fails,
      nearest: toHex(passing),
    });
    return passing;
  };
  const mainColour = check("main", mainPairs);
  check("accent", accentPairs(mainColour));
  return problems;
}

/** The shades derived from the company's two colours, each made to read beside what it is drawn with. */
function derive(main: Rgb, accent: Rgb) {
  // The alpha, from `least` up in hundredths, at which white laid over `under` reaches `ratio` against it.
  const whiteOver = (under: Rgb, least: number, ratio: number) => {
    for (let alpha = least; alpha < 1; alpha = Math.round((alpha + 0.01) * 100) / 100)
      if (contrast(mix(under, WHITE, alpha), under) >= ratio) return alpha;
    return 1;
  };
  // The main colour's share in the veil over a picture as bright as white, where white headlines still read 4.5:1.
  let veil = VEIL_ALPHA;
  while (veil < 1 && contrast(mix(WHITE, main, veil), WHITE) < 4.5) veil = Math.round((veil + 0.01) * 100) / 100;
  const lighterHover = mix(main, WHITE, 0.06);
  const readsUnderMain = (surface: Rgb) => contrast(main, surface) >= 4.5;
  return {
    // A hover shade a little lighter, or darker where white text on a lighter one would read under 4.5:1.
    hover: contrast(lighterHover, WHITE) >= 4.5 ? lighterHover : mix(main, BLACK, 0.2),
    onDarkMuted: nearest(FIXED.onDarkMuted, "lighter", (candidate) => contrast(candidate, main) >= 4.5),
    // The page headers' band, pale to light accent, under headings in the main colour.
    accentPale: nearest(mix(accent, WHITE, 0.88), "lighter", readsUnderMain),
    accentLight: nearest(mix(accent, WHITE, 0.75), "lighter", readsUnderMain),
    strongAccent: strongAccent(accent),
    dotAlpha: whiteOver(main, DOT_ALPHA, 3),
    veilAlpha: veil,
  };
}

/** The colour tokens the company's colours set, as tokens.css names them. */
export function paletteTokens({ main, accent }: BrandColours): Record<string, string> {
  const dark = hex(main);
  const light = hex(accent);
  const shades = derive(dark, light);
  const veil = (alpha: number) => `rgb(${dark.join(" ")} / ${alpha})`;
  return {
    "--color-navy": toHex(dark),
    "--color-navy-soft": toHex(shades.hover),
    "--color-on-dark-muted": toHex(shades.onDarkMuted),
    "--color-accent": toHex(light),
    "--color-accent-pale": toHex(shades.accentPale),
    "--color-accent-light": toHex(shades.accentLight),
    "--color-accent-strong": toHex(shades.strongAccent),
    "--color-dot": `rgb(255 255 255 / ${shades.dotAlpha})`,
    "--color-backdrop": veil(0.6),
    "--color-veil-strong": veil(shades.veilAlpha),
    "--color-veil-light": veil(0.15),
    "--shadow": `0 1px 2px ${veil(0.06)}, 0 6px 20px ${veil(0.08)}`,
    "--shadow-dialog": `0 20px 60px ${veil(0.35)}`,
    "--shadow-bar": `0 -2px 12px ${veil(0.12)}`,
  };
}

/**
 * Every pair of colours the site draws that the company's colours take part in, with the ratio WCAG 2.2 AA asks of
 * it, worked out from the tokens the two colours give: the tests hold each to its ratio for any accepted pair.
 */
export function drawnPairs(colours: BrandColours): { what: string; ratio: number; contrast: number }[] {
  const tokens = paletteTokens(colours);
  const token = (name: string) => hex(tokens[name]!);
  const alpha = (name: string) => Number(/\/ ([\d.]+)\)$/.exec(tokens[name]!)?.[1]);
  const main = token("--color-navy");
  const pairs: [string, Rgb, Rgb, number][] = [
    ["white text on the main colour", WHITE, main, 4.5],
    ["headings in the main colour on white", main, WHITE, 4.5],
    ["white text on the hover shade", WHITE, token("--color-navy-soft"), 4.5],
    ["the footer's pale text on the main colour", token("--color-on-dark-muted"), main, 4.5],
    ["the accent as words on the main colour, and the main colour on the accent", token("--color-accent"), main, 4.5],
    ["headings on the pale accent band", main, token("--color-accent-pale"), 4.5],
    ["headings on the light accent band", main, token("--color-accent-light"), 4.5],
    ["the white focus ring on the main colour", WHITE, main, 3],
    ...[WHITE, token("--color-accent-pale"), ...FIXED.linkSurfaces].map((surface): [string, Rgb, Rgb, number] => [
      `the blue focus ring on ${toHex(surface)}`,
      FIXED.focus,
      surface,
      3,
    ]),
    ["the slideshow's dots on the main colour", mix(main, WHITE, alpha("--color-dot")), main, 3],
    ["white headlines on the veil over a white picture", WHITE, mix(WHITE, main, alpha("--color-veil-strong")), 4.5],
    ["links in the strong accent on white, and white on it (Send)", token("--color-accent-strong"), WHITE, 4.5],
    [
      "links in the strong accent on the pale accent",
      token("--color-accent-strong"),
      token("--color-accent-pale"),
      4.5,
    ],
    ...FIXED.linkSurfaces.map((surface): [string, Rgb, Rgb, number] => [
      `links in the strong accent on ${toHex(surface)}`,
      token("--color-accent-strong"),
      surface,
      4.5,
    ]),
  ];
  return pairs.map(([what, one, other, ratio]) => ({ what, ratio, contrast: contrast(one, other) }));
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
