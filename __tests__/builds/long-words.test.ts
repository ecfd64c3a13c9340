/**
 * @jest-environment node
 *
 * Every text wraps inside its box whatever its longest word: a build whose
 * every text field is one word as long as the field allows (in both
 * languages), served by nginx and looked at in Chromium at 320 and 1280 px:
 * no page scrolls sideways, and no line of text leaves the screen.
 */
import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { chromium, type Browser } from "@playwright/test";
import { collections, isShared, type Field, type Fields } from "../../plugins/site-content/model";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { chromiumArgs, chromiumPath } from "../../scripts/chromium";
import { startNginx, type Nginx } from "../../scripts/nginx";
import { languages, localizedPath, type LanguageCode } from "../../contract/src/languages";
import { buildProject, copyProject } from "../support/project-copy";
import { pageRoutes } from "../../plugins/site-content/model";

jest.setTimeout(600_000);

// One per language: a new language needs its own word here.
const WORD: Record<LanguageCode, string> = { en: "Unbreakable", ar: "لاينكسر" };

/** One word `length` characters long, in the language's letters. */
function longWord(code: LanguageCode, length: number): string {
  return WORD[code].repeat(Math.ceil(length / WORD[code].length)).slice(0, length);
}

/** The part of a file for one language, every translated text made one longest word. */
function lengthen(value: unknown, field: Field, code: LanguageCode): unknown {
  if (isShared(field) || value === undefined) return value;
  switch (field.kind) {
    case "text":
      // Placeholders stay, so the page still fills them in; the rest of the text is one word.
      return `${(field.placeholders ?? []).map((name) => `{${name}} `).join("")}${longWord(code, field.max - (field.placeholders ?? []).reduce((sum, name) => sum + name.length + 3, 0))}`;
    case "group":
      return lengthenFields(value as Record<string, unknown>, field.fields, code);
    case "list":
      return (value as unknown[]).map((item) => lengthen(item, field.of, code));
    default:
      return value;
  }
}

function lengthenFields(record: Record<string, unknown>, fields: Fields, code: LanguageCode): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([name, value]) => {
      const field = fields[name];
      return [name, field ? lengthen(value, field, code) : value];
    }),
  );
}

let project: string;
let site: Nginx;
let browser: Browser;

beforeAll(async () => {
  project = copyProject("long-words", path.resolve(__dirname, "../.."));
  for (const collection of collections) {
    const file = path.join(project, "data", collection.file);
    const parts = readContentYaml(fs.readFileSync(file, "utf8"), file) as Record<LanguageCode, Record<string, unknown>>;
    for (const code of ["en", "ar"] as const) parts[code] = lengthenFields(parts[code], collection.fields, code);
    fs.writeFileSync(file, yaml.dump(parts, { lineWidth: -1 }));
  }
  const { status, output } = buildProject(project);
  if (status !== 0) throw new Error(`The long-word content did not build:\n${output.slice(-4000)}`);
  site = await startNginx({ root: path.join(project, "public") });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

const addresses = languages.flatMap((language) =>
  [...pageRoutes.map(({ path: route }) => route), "/#check-availability"].map((route) => ({
    language: language.name,
    address: route.includes("#")
      ? `${localizedPath("/", language.code)}#check-availability`
      : localizedPath(route, language.code),
  })),
);

describe.each([320, 1280])("at %i px", (width) => {
  test.each(addresses)(
    "$language $address: no sideways scrolling, every line of text on the screen",
    async ({ address }) => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      let passed = false;
      try {
        await page.goto(`${site.url}${address}`);
        await page.waitForLoadState("networkidle");
        const found = await page.evaluate(() => {
          const viewport = document.documentElement.clientWidth;
          /** The boxes that clip what is inside them (overflow other than visible), nearest first. */
          const clippers = (element: Element) => {
            const boxes: DOMRect[] = [];
            for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
              if (getComputedStyle(at).overflowX !== "visible") boxes.push(at.getBoundingClientRect());
            }
            return boxes;
          };
          const outside: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            if (!node.textContent?.trim() || !parent || parent.closest(".visually-hidden, noscript")) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const boxes = clippers(parent);
            for (const line of range.getClientRects()) {
              if (line.width === 0) continue;
              // A line wholly outside a box that clips it is not shown (a slide waiting off screen); one cut by the
              // box, or shown past the screen's edge, is a line a visitor cannot read whole.
              const hidden = boxes.some((box) => line.right <= box.left + 1 || line.left >= box.right - 1);
              if (hidden) continue;
              const cut = boxes.some((box) => line.left < box.left - 1 || line.right > box.right + 1);
              if (cut || line.left < -1 || line.right > viewport + 1) {
                outside.push(
                  `${parent.tagName.toLowerCase()}.${parent.className}: ${node.textContent.trim().slice(0, 24)}… ${Math.round(line.left)} to ${Math.round(line.right)}${cut ? " (cut)" : ""}`,
                );
                break;
              }
            }
          }
          // What makes the page wider than the screen, when it is: the outermost boxes that reach past it.
          const wide = [...document.body.querySelectorAll("*")]
            .filter((element) => {
              const box = element.getBoundingClientRect();
              const visible = !clippers(element.parentElement ?? element).some(
                (clip) => box.right <= clip.left + 1 || box.left >= clip.right - 1,
              );
              return visible && box.width > 0 && (box.right > viewport + 1 || box.left < -1);
            })
            .filter((element, _index, all) => !all.some((other) => other !== element && other.contains(element)))
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
          return { scrollWidth: document.documentElement.scrollWidth, viewport, outside, wide };
        });
        expect(found.outside).toEqual([]);
        expect(found.wide).toEqual([]);
        expect(found.scrollWidth).toBeLessThanOrEqual(found.viewport);
        passed = true;
      } finally {
        // What the failure looked like, to be opened as a picture.
        if (!passed) {
          const name = `${width}${address.replace(/[^a-z0-9]+/gi, "-")}.png`;
          await page.screenshot({ path: path.resolve(__dirname, "../../artifacts/long-words", name), fullPage: true });
        }
        await page.close();
      }
    },
  );
});
