#!/usr/bin/env node
/**
 * Draws the site's starter pictures: the image row, the slideshow backgrounds,
 * two fictional partner logos and the social sharing card. They are flat vector
 * illustrations written here as SVG and rasterised with sharp, so the project
 * owns every pixel and no stock photo or trademark is involved.
 *
 * Run once (`node scripts/generate-images.mjs`); the results in data/images are
 * committed and editors replace them with real photos over time.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import yaml from "js-yaml";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "data", "images");

const c = {
  navy: "#0b2545",
  deep: "#13315c",
  blue: "#1f6fb2",
  sky: "#4fb3e8",
  light: "#9fd6f5",
  pale: "#e6f4fc",
  mist: "#f4f9fd",
  white: "#ffffff",
  slate: "#5b6b7f",
  grey: "#c9d3de",
  amber: "#f4b942",
  green: "#3ccf91",
  coral: "#f2786b",
};

const svg = (width, height, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

const gradient = (id, from, to, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

/** Soft background: a gradient with a few large translucent circles. */
const backdrop = (width, height, from, to) =>
  `<defs>${gradient("bg", from, to, 1, 1)}</defs><rect width="${width}" height="${height}" fill="url(#bg)"/>` +
  `<circle cx="${width * 0.85}" cy="${height * 0.15}" r="${height * 0.45}" fill="${c.white}" opacity="0.08"/>` +
  `<circle cx="${width * 0.1}" cy="${height * 0.95}" r="${height * 0.35}" fill="${c.white}" opacity="0.07"/>`;

const monitor = (x, y, w, h, screen = c.sky) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${c.navy}"/>` +
  `<rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" rx="4" fill="${screen}"/>` +
  `<rect x="${x + w / 2 - 10}" y="${y + h}" width="20" height="${h * 0.22}" fill="${c.slate}"/>` +
  `<rect x="${x + w / 2 - w * 0.2}" y="${y + h * 1.22}" width="${w * 0.4}" height="10" rx="5" fill="${c.slate}"/>`;

/** Horizontal bars standing in for text or a dashboard on a screen. */
const screenLines = (x, y, w, rows, colour = c.white) =>
  Array.from(
    { length: rows },
    (_, i) =>
      `<rect x="${x}" y="${y + i * 22}" width="${w * (i % 3 === 2 ? 0.55 : 0.85)}" height="10" rx="5" fill="${colour}" opacity="0.85"/>`,
  ).join("");

const person = (x, y, scale = 1, shirt = c.blue) =>
  `<g transform="translate(${x} ${y}) scale(${scale})">` +
  `<path d="M-70 170c0-70 30-110 70-110s70 40 70 110z" fill="${shirt}"/>` +
  `<circle cx="0" cy="20" r="42" fill="#f1c7a5"/>` +
  `<path d="M-42 12c0-36 20-54 42-54s42 18 42 54c-10-18-26-26-42-26s-32 8-42 26z" fill="${c.navy}"/>` +
  `<path d="M-46 22a46 46 0 0 1 92 0" fill="none" stroke="${c.navy}" stroke-width="7"/>` +
  `<rect x="-54" y="14" width="14" height="26" rx="6" fill="${c.navy}"/><rect x="40" y="14" width="14" height="26" rx="6" fill="${c.navy}"/>` +
  `<path d="M47 40c0 20-14 30-34 30" fill="none" stroke="${c.navy}" stroke-width="5"/><circle cx="12" cy="70" r="6" fill="${c.navy}"/>` +
  `</g>`;

const rack = (x, y, w, h, units) => {
  const unitHeight = (h - 30) / units;
  const slots = Array.from({ length: units }, (_, i) => {
    const uy = y + 15 + i * unitHeight;
    const led = [c.green, c.sky, c.amber][i % 3];
    return (
      `<rect x="${x + 14}" y="${uy + 3}" width="${w - 28}" height="${unitHeight - 6}" rx="4" fill="${c.deep}"/>` +
      `<circle cx="${x + 30}" cy="${uy + unitHeight / 2}" r="4" fill="${led}"/>` +
      `<circle cx="${x + 44}" cy="${uy + unitHeight / 2}" r="4" fill="${c.green}" opacity="0.7"/>` +
      `<rect x="${x + 60}" y="${uy + unitHeight / 2 - 3}" width="${w - 100}" height="6" rx="3" fill="${c.slate}"/>`
    );
  }).join("");
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${c.navy}"/>${slots}`;
};

const cloud = (x, y, s, fill = c.white) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M30 80a30 30 0 0 1 4-60a42 42 0 0 1 80-4a32 32 0 0 1 36 34a26 26 0 0 1-6 30z" fill="${fill}"/>`;

const shield = (x, y, s, fill = c.blue) =>
  `<g transform="translate(${x} ${y}) scale(${s})">` +
  `<path d="M100 0l90 36v64c0 60-40 110-90 130C50 210 10 160 10 100V36z" fill="${fill}"/>` +
  `<path d="M100 22l70 28v50c0 48-30 88-70 106C60 188 30 148 30 100V50z" fill="${c.white}" opacity="0.16"/>` +
  `<rect x="66" y="96" width="68" height="56" rx="8" fill="${c.white}"/>` +
  `<path d="M78 96V78a22 22 0 0 1 44 0v18" fill="none" stroke="${c.white}" stroke-width="10"/>` +
  `<circle cx="100" cy="120" r="8" fill="${fill}"/><rect x="96" y="122" width="8" height="16" rx="3" fill="${fill}"/>` +
  `</g>`;

const laptop = (x, y, w, screen = c.sky) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${w * 0.62}" rx="12" fill="${c.navy}"/>` +
  `<rect x="${x + 12}" y="${y + 12}" width="${w - 24}" height="${w * 0.62 - 24}" rx="4" fill="${screen}"/>` +
  `<path d="M${x - w * 0.12} ${y + w * 0.62}h${w * 1.24}l-${w * 0.06} ${w * 0.07}H${x - w * 0.06}z" fill="${c.slate}"/>`;

const phone = (x, y, h) =>
  `<rect x="${x}" y="${y}" width="${h * 0.5}" height="${h}" rx="10" fill="${c.navy}"/>` +
  `<rect x="${x + 6}" y="${y + 12}" width="${h * 0.5 - 12}" height="${h - 28}" rx="3" fill="${c.light}"/>`;

const nodes = (points, colour = c.white) =>
  points
    .map(([x1, y1], i) => {
      const [x2, y2] = points[(i + 1) % points.length];
      return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${colour}" stroke-width="3" opacity="0.5"/>`;
    })
    .join("") + points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="${colour}"/>`).join("");

const desk = (width, y) =>
  `<rect x="0" y="${y}" width="${width}" height="14" fill="${c.deep}"/><rect x="0" y="${y + 14}" width="${width}" height="200" fill="${c.navy}" opacity="0.9"/>`;

const W = 800;
const H = 600;

const rowImages = {
  "row-support-desk": svg(
    W,
    H,
    backdrop(W, H, c.pale, c.light) +
      monitor(380, 170, 300, 190, c.blue) +
      screenLines(410, 205, 240, 6) +
      monitor(150, 200, 220, 150, c.sky) +
      screenLines(175, 230, 170, 4) +
      person(560, 330, 1.1, c.blue) +
      desk(W, 470) +
      `<rect x="260" y="440" width="220" height="22" rx="6" fill="${c.grey}"/>` +
      `<path d="M120 90h140a16 16 0 0 1 16 16v50a16 16 0 0 1-16 16h-90l-30 24v-24h-20a16 16 0 0 1-16-16v-50a16 16 0 0 1 16-16z" fill="${c.white}"/>` +
      screenLines(130, 110, 130, 2, c.sky),
  ),
  "row-network": svg(
    W,
    H,
    backdrop(W, H, c.deep, c.blue) +
      `<rect x="90" y="150" width="620" height="110" rx="12" fill="${c.navy}"/>` +
      Array.from(
        { length: 12 },
        (_, i) =>
          `<rect x="${130 + i * 46}" y="185" width="30" height="24" rx="3" fill="${c.mist}"/><circle cx="${145 + i * 46}" cy="228" r="5" fill="${i % 4 === 3 ? c.amber : c.green}"/>`,
      ).join("") +
      Array.from({ length: 12 }, (_, i) => {
        const colour = [c.sky, c.amber, c.white, c.green, c.coral, c.light][i % 6];
        const startX = 145 + i * 46;
        return `<path d="M${startX} 209C${startX} 330 ${120 + i * 50} 380 ${80 + i * 58} 620" fill="none" stroke="${colour}" stroke-width="9" stroke-linecap="round"/>`;
      }).join(""),
  ),
  "row-servers": svg(
    W,
    H,
    backdrop(W, H, c.navy, c.deep) +
      rack(70, 80, 200, 460, 9) +
      rack(300, 60, 200, 480, 10) +
      rack(530, 80, 200, 460, 9) +
      `<rect x="0" y="540" width="${W}" height="60" fill="${c.blue}" opacity="0.35"/>`,
  ),
  "row-laptop-repair": svg(
    W,
    H,
    backdrop(W, H, c.mist, c.pale) +
      desk(W, 430) +
      laptop(230, 160, 340, c.blue) +
      `<path d="M300 230l60 40-60 40M380 320h80" fill="none" stroke="${c.white}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<g transform="rotate(-28 640 400)"><rect x="560" y="392" width="110" height="18" rx="9" fill="${c.amber}"/><rect x="670" y="397" width="70" height="8" rx="3" fill="${c.slate}"/></g>` +
      `<rect x="90" y="380" width="70" height="50" rx="6" fill="${c.green}"/>` +
      Array.from(
        { length: 5 },
        (_, i) => `<rect x="${96 + i * 13}" y="372" width="5" height="10" fill="${c.slate}"/>`,
      ).join(""),
  ),
  "row-backup": svg(
    W,
    H,
    backdrop(W, H, c.pale, c.light) +
      monitor(90, 250, 230, 160, c.blue) +
      screenLines(115, 280, 180, 4) +
      cloud(470, 120, 1.9, c.white) +
      `<path d="M560 210v90M530 270l30 32 30-32" fill="none" stroke="${c.blue}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round" transform="rotate(180 560 255)"/>` +
      `<path d="M330 300C400 200 440 190 500 200" fill="none" stroke="${c.blue}" stroke-width="6" stroke-dasharray="14 12"/>` +
      [
        [360, 215],
        [430, 175],
      ]
        .map(
          ([x, y]) => `<path d="M${x} ${y}h34l14 14v40h-48z" fill="${c.white}" stroke="${c.blue}" stroke-width="4"/>`,
        )
        .join(""),
  ),
  "row-wifi": svg(
    W,
    H,
    backdrop(W, H, c.deep, c.blue) +
      `<rect x="0" y="0" width="${W}" height="70" fill="${c.navy}" opacity="0.5"/>` +
      `<ellipse cx="400" cy="95" rx="110" ry="28" fill="${c.mist}"/><circle cx="400" cy="96" r="6" fill="${c.green}"/>` +
      [90, 150, 210]
        .map(
          (r) =>
            `<path d="M${400 - r} 130A${r} ${r} 0 0 0 ${400 + r} 130" fill="none" stroke="${c.light}" stroke-width="10" stroke-linecap="round" opacity="${1 - r / 400}"/>`,
        )
        .join("") +
      laptop(120, 380, 220, c.sky) +
      phone(480, 380, 150) +
      phone(600, 410, 120),
  ),
  "row-security": svg(
    W,
    H,
    backdrop(W, H, c.navy, c.blue) +
      nodes(
        [
          [110, 130],
          [250, 70],
          [560, 80],
          [700, 170],
          [690, 450],
          [520, 530],
          [250, 520],
          [100, 420],
        ],
        c.light,
      ) +
      shield(300, 120, 1.0, c.sky),
  ),
  "row-workstation": svg(
    W,
    H,
    backdrop(W, H, c.mist, c.pale) +
      `<rect x="80" y="70" width="200" height="130" rx="8" fill="${c.white}" stroke="${c.grey}" stroke-width="4"/>` +
      `<path d="M100 180l50-60 40 40 30-25 45 45" fill="none" stroke="${c.sky}" stroke-width="8" stroke-linejoin="round"/>` +
      monitor(280, 130, 300, 200, c.blue) +
      screenLines(310, 165, 240, 6) +
      desk(W, 420) +
      `<rect x="310" y="390" width="220" height="22" rx="6" fill="${c.grey}"/>` +
      `<rect x="560" y="380" width="40" height="34" rx="18" fill="${c.grey}"/>` +
      `<rect x="650" y="340" width="60" height="80" rx="8" fill="${c.coral}"/>` +
      `<path d="M680 340c-30-60-10-120 0-140c10 20 30 80 0 140M680 340c20-50 60-80 80-80c-10 40-40 70-80 80M680 340c-20-40-60-60-80-60c10 30 40 55 80 60" fill="${c.green}"/>`,
  ),
};

const SW = 1600;
const SH = 700;
/** Slide backgrounds keep their left half calm and dark: the headline sits there in white. */
const slideBackdrop = (from, to, width = SW, height = SH) =>
  `<defs>${gradient("bg", from, to, 1, 0.4)}</defs><rect width="${width}" height="${height}" fill="url(#bg)"/>` +
  Array.from(
    { length: 14 },
    (_, i) =>
      `<line x1="${i * 120}" y1="0" x2="${i * 120 - 300}" y2="${height}" stroke="${c.white}" stroke-width="1" opacity="0.05"/>`,
  ).join("") +
  `<circle cx="${width * 0.78}" cy="${height * 0.5}" r="${height * 0.46}" fill="${c.white}" opacity="0.06"/>`;

const slides = {
  "slide-support": svg(
    SW,
    SH,
    slideBackdrop(c.navy, c.blue) +
      `<g transform="translate(860 60)">` +
      monitor(120, 130, 420, 270, c.sky) +
      screenLines(160, 180, 340, 7, c.white) +
      person(520, 300, 1.4, c.sky) +
      `</g>`,
  ),
  "slide-servers": svg(
    SW,
    SH,
    slideBackdrop(c.navy, c.deep) +
      rack(940, 90, 170, 540, 11) +
      rack(1140, 60, 170, 580, 12) +
      rack(1340, 90, 170, 540, 11),
  ),
  "slide-security": svg(
    SW,
    SH,
    slideBackdrop(c.deep, c.blue) +
      nodes(
        [
          [960, 140],
          [1150, 80],
          [1450, 120],
          [1540, 360],
          [1430, 600],
          [1120, 640],
          [950, 500],
        ],
        c.light,
      ) +
      shield(1090, 170, 1.6, c.sky),
  ),
  "slide-business": svg(
    SW,
    SH,
    slideBackdrop(c.navy, c.blue) +
      laptop(980, 250, 440, c.mist) +
      [70, 120, 95, 170, 140, 210]
        .map(
          (h, i) =>
            `<rect x="${1030 + i * 58}" y="${500 - h}" width="36" height="${h}" rx="4" fill="${i === 5 ? c.green : c.blue}"/>`,
        )
        .join("") +
      `<path d="M1030 380l70-40 60 20 70-70 60 30 70-80" fill="none" stroke="${c.amber}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`,
  ),
};

const logoText = (text, x, y, size, weight, fill) =>
  `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${size}" font-weight="${weight}" fill="${fill}">${text}</text>`;

const logos = {
  "partner-meshline": svg(
    480,
    160,
    `<g transform="translate(24 30)">` +
      nodes(
        [
          [10, 90],
          [50, 10],
          [90, 90],
        ],
        c.deep,
      ) +
      `<circle cx="50" cy="62" r="9" fill="${c.sky}"/>` +
      `<line x1="50" y1="62" x2="10" y2="90" stroke="${c.sky}" stroke-width="3"/><line x1="50" y1="62" x2="90" y2="90" stroke="${c.sky}" stroke-width="3"/><line x1="50" y1="62" x2="50" y2="10" stroke="${c.sky}" stroke-width="3"/>` +
      `</g>` +
      logoText("Meshline", 142, 88, 52, "bold", c.deep) +
      logoText("NETWORKS", 145, 122, 22, "normal", c.slate),
  ),
  "partner-northbook": svg(
    480,
    160,
    `<g transform="translate(28 36)">` +
      `<rect x="0" y="0" width="96" height="64" rx="8" fill="${c.navy}"/>` +
      `<path d="M26 48V16l44 32V16" fill="none" stroke="${c.white}" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>` +
      `<path d="M-10 70h116l-8 10H-2z" fill="${c.slate}"/>` +
      `</g>` +
      logoText("Northbook", 146, 88, 50, "bold", c.navy) +
      logoText("LAPTOPS", 149, 122, 22, "normal", c.blue),
  ),
};

async function write(name, source, format) {
  const image = sharp(Buffer.from(source), { density: 72 });
  const file = path.join(out, `${name}.${format}`);
  if (format === "jpg") await image.jpeg({ quality: 84, mozjpeg: true }).toFile(file);
  else await image.png({ compressionLevel: 9, palette: true }).toFile(file);
  const { size } = fs.statSync(file);
  console.log(`${path.relative(root, file)}  ${Math.round(size / 1024)} KB`);
}

async function main() {
  fs.mkdirSync(out, { recursive: true });
  const site = yaml.load(fs.readFileSync(path.join(root, "data", "site.yaml"), "utf8"));
  const socialCard = svg(
    1200,
    630,
    slideBackdrop(c.navy, c.blue, 1200, 630) +
      shield(935, 180, 1.1, c.sky) +
      logoText(site.companyName, 80, 300, 56, "bold", c.white) +
      logoText("IT support and maintenance in Dubai", 80, 370, 34, "normal", c.light),
  );

  for (const [name, source] of Object.entries(rowImages)) await write(name, source, "jpg");
  for (const [name, source] of Object.entries(slides)) await write(name, source, "jpg");
  for (const [name, source] of Object.entries(logos)) await write(name, source, "png");
  await write("social-card", socialCard, "jpg");
}

await main();
