/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { collections } from "../../plugins/site-content/model";
import { updateYaml } from "../../plugins/site-admin/editor/yaml-in-place";
import { withOwnPicturePaths } from "../../plugins/site-admin/editor/yaml-format";
import { changedLines } from "../support/changed-lines";
import { dataDir } from "../support/content";

/**
 * How the editor writes a content file back (plugins/site-admin/editor): on
 * every file of data/ as it is today, a change reads back as exactly the data
 * the editor gave, and the file's text changes only where the data did. The
 * edits are made on the parsed files, so any valid content keeps these true.
 */
type Path = (string | number)[];

const files = collections.map(({ file }) => file);
const textOf = (file: string) => fs.readFileSync(path.join(dataDir, file), "utf8");

/** Every text of a file, by its path in the data: both languages, every entry. */
function textPaths(value: unknown, at: Path = []): Path[] {
  if (typeof value === "string") return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => textPaths(item, [...at, index]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => textPaths(item, [...at, key]));
  }
  return [];
}

function parent(data: unknown, at: Path): Record<string | number, unknown> {
  return at
    .slice(0, -1)
    .reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], data) as Record<
    string | number,
    unknown
  >;
}

/** The data of a file with one change made to it. */
function changed(file: string, change: (data: Record<string, Record<string, unknown>>) => void) {
  const data = parse(textOf(file)) as Record<string, Record<string, unknown>>;
  change(data);
  return data;
}

test.each(files)("%s saved unchanged is the file as it is, byte for byte", (file) => {
  expect(updateYaml(textOf(file), parse(textOf(file)))).toBe(textOf(file));
});

test.each(files)("%s: a word changed in any one text, in either language, changes that one line", (file) => {
  const original = textOf(file);
  const paths = textPaths(parse(original));
  expect(paths.length).toBeGreaterThan(0);
  for (const at of paths) {
    const data = parse(original) as unknown;
    const holder = parent(data, at);
    const key = at.at(-1) as string | number;
    const words = String(holder[key]).split(" ");
    words[Math.floor(words.length / 2)] = "Changed";
    holder[key] = words.join(" ");
    const saved = updateYaml(original, data);
    // Read as the site reads it: exactly the data the editor gave.
    expect(readContentYaml(saved, file)).toEqual(data);
    const { removed, added } = changedLines(original, saved);
    expect({ at: at.join("."), removed: removed.length, added: added.length }).toEqual({
      at: at.join("."),
      removed: 1,
      added: 1,
    });
  }
});

test("an entry removed, added or moved changes only that entry's lines; comments stay", () => {
  const original = textOf("slides.yaml");
  const slides = (parse(original) as { en: { slides: { headline: string }[] } }).en.slides;
  const removedSlide = changed("slides.yaml", (data) => (data.en?.slides as unknown[]).splice(1, 1));
  const saved = updateYaml(original, removedSlide);
  expect(readContentYaml(saved, "slides.yaml")).toEqual(removedSlide);
  const removal = changedLines(original, saved);
  expect(removal.added).toEqual([]);
  expect(removal.removed.join("\n")).toContain(slides[1]?.headline);
  expect(removal.removed.join("\n")).not.toContain(slides[0]?.headline);

  const addedSlide = changed("slides.yaml", (data) =>
    (data.ar?.slides as unknown[]).push({ headline: "شريحة جديدة: عنوانها" }),
  );
  const withNew = updateYaml(original, addedSlide);
  expect(readContentYaml(withNew, "slides.yaml")).toEqual(addedSlide);
  expect(changedLines(original, withNew)).toEqual({
    removed: [],
    added: [expect.stringMatching(/^ *- headline: "شريحة جديدة: عنوانها"$/)],
  });

  // Every comment of the file is still there after any of these.
  const comments = (text: string) => text.split("\n").filter((line) => line.trim().startsWith("#"));
  for (const text of [saved, withNew]) expect(comments(text)).toEqual(comments(original));
});

test("a text that YAML would read as something else is written so that it reads back as text", () => {
  const original = textOf("slides.yaml");
  const data = changed("slides.yaml", (content) => {
    Object.assign(content.en as object, { pauseLabel: "yes", playLabel: "123", dotLabel: "{number}: {total}" });
    Object.assign(content.ar as object, { pauseLabel: "null", playLabel: "2026-11-27" });
  });
  const saved = updateYaml(original, data);
  expect(readContentYaml(saved, "slides.yaml")).toEqual(data);
});

test("a folded paragraph keeps its line breaks where its words did not change", () => {
  // Written here, not read from data/: whether the editors' files hold a folded paragraph is theirs to decide.
  const original = [
    "en:",
    "  services:",
    "    - title: Network care",
    "      text: >-",
    "        We look after your network from the cabling to the firewall,",
    "        answer the same working day and visit when a call cannot mend it.",
    "ar:",
    "  services:",
    "    - title: العناية بالشبكات",
    "      text: نعتني بشبكتك من التمديدات إلى جدار الحماية.",
    "",
  ].join("\n");
  const data = parse(original) as { en: { services: { text: string }[] } };
  const [service] = data.en.services;
  if (!service) throw new Error("the example has a service");
  // A sentence added at the end: every line before it stays.
  service.text = `${service.text} A new sentence at the end.`;
  const saved = updateYaml(original, data);
  expect(parse(saved)).toEqual(data);
  const { removed, added } = changedLines(original, saved);
  expect(removed.length).toBeLessThanOrEqual(1);
  expect(added.join(" ")).toContain("A new sentence at the end.");
  expect(saved).toContain("        We look after your network from the cabling to the firewall,\n");
});

test("a field the editor sends empty, which the file does not have, stays out of the file", () => {
  const original = textOf("slides.yaml");
  const data = changed("slides.yaml", (content) => {
    (content.en as Record<string, unknown>).unused = "";
    ((content.ar?.slides as Record<string, unknown>[])[0] as Record<string, unknown>).image = "";
  });
  expect(updateYaml(original, data)).toBe(original);
});

test("a file the editor has not read is written whole", () => {
  const data = { en: { heading: "Partners" }, ar: { heading: "الشركاء" } };
  expect(parse(updateYaml(undefined, data))).toEqual(data);
});

test("a picture chosen in the editor is written as the files write their pictures, from the file's folder", () => {
  const slides = collections.find(({ file }) => file === "slides.yaml");
  const partners = collections.find(({ file }) => file === "partners.yaml");
  expect(withOwnPicturePaths(slides?.fields ?? {}, { slides: [{ headline: "A", image: "images/new.jpg" }] })).toEqual({
    slides: [{ headline: "A", image: "./images/new.jpg" }],
  });
  // Kept as written: a path already from the folder, and any text field, whatever it holds.
  const written = { heading: "images/x", partners: [{ name: "N", logo: "./images/n.png", alt: "images/y" }] };
  expect(withOwnPicturePaths(partners?.fields ?? {}, written)).toEqual(written);
});
