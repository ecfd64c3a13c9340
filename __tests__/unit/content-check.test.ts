/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import yaml from "js-yaml";
import { checkContent, formatProblems } from "../../plugins/site-content/check";
import { collections, lengths, tooLong, tooMany, type Field } from "../../plugins/site-content/model";
import { languages } from "../../src/lib/languages";
import { contentIconNames } from "../../src/lib/icon-paths";
import { dataDir as realData, readContent, type Content } from "../support/content";

/**
 * The content check, on a copy of data/ with one edit each. Edits are made
 * on the parsed YAML and expectations name what the content holds, so any
 * valid change to data/ leaves these tests as they are.
 */
let dataDir: string;
let content: Content;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "content-check-"));
  fs.cpSync(realData, dataDir, { recursive: true });
  content = readContent(dataDir).en;
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Parts<T> = { en: T; ar: Record<string, unknown> } & Record<string, unknown>;

/** Rewrites one file of the copy after changing its parsed content: the English part, and the whole when asked. */
function edit<T>(file: string, change: (english: T, whole: Parts<T>) => void): void {
  const document = yaml.load(fs.readFileSync(path.join(dataDir, file), "utf8")) as Parts<T>;
  change(document.en, document);
  fs.writeFileSync(path.join(dataDir, file), yaml.dump(document));
}

type Slides = Content["slidesYaml"];
type Services = Content["servicesYaml"];
type ArabicList<Key extends string> = Record<Key, Record<string, unknown>[]>;

function messages(): string[] {
  return checkContent(dataDir).map((problem) => formatProblems([problem]).split("\n- ")[1] ?? "");
}

const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

test("the committed content has no problems", () => {
  expect(checkContent(realData)).toEqual([]);
});

test("a required field left out is reported with its file, language, entry and field", () => {
  const second = content.slidesYaml.slides[1];
  edit<Slides>("slides.yaml", (slides) => {
    delete (slides.slides[1] as Partial<Slides["slides"][number]>).headline;
  });
  expect(messages()).toEqual([
    `data/slides.yaml, English (en:), entry 2 of "slides" (${quoted(second?.image ?? "")}), field "headline": is missing. Headline: The large text of the slide.`,
  ]);
});

test("an emptied field is reported as empty", () => {
  edit<{ companyName: string }>("site.yaml", (site) => {
    site.companyName = "  ";
  });
  expect(messages()).toEqual([
    expect.stringMatching(/^data\/site\.yaml, English \(en:\), field "companyName": is empty\. Company name: /),
  ]);
});

test("an unknown icon key is reported with the icons that exist", () => {
  const third = content.servicesYaml.services[2];
  edit<Services>("services.yaml", (services) => {
    services.services[2]!.icon = "clouds";
  });
  expect(messages()).toEqual([
    `data/services.yaml, English (en:), entry 3 of "services" (${quoted(third?.title ?? "")}), field "icon": "clouds" is not one of the site's icons. Use one of: ${contentIconNames.join(", ")}.`,
  ]);
});

test("an image path that leads nowhere is reported", () => {
  edit<Slides>("slides.yaml", (slides) => {
    slides.slides[0]!.image = "./images/no-such-picture.jpg";
  });
  expect(messages()).toEqual([
    expect.stringContaining('field "image": the picture "./images/no-such-picture.jpg" does not exist.'),
  ]);
});

test("a file that is not a picture is refused as an image", () => {
  edit<Slides>("slides.yaml", (slides) => {
    slides.slides[0]!.image = "./images/brochure.pdf";
  });
  expect(messages()).toEqual([
    expect.stringContaining('field "image": "./images/brochure.pdf" is not a picture the site can use.'),
  ]);
});

test.each([
  { path: "/etc/hosts.jpg", how: "an absolute path" },
  { path: "C:\\Users\\me\\photo.jpg", how: "a Windows path" },
  { path: "../../photo.jpg", how: "a path that climbs out of data/" },
  { path: "./images/../../photo.jpg", how: "a path that climbs out on the way" },
  { path: "file:///etc/photo.jpg", how: "an address" },
])("a picture path must stay inside data/: $how is refused", ({ path: picture }) => {
  edit<Slides>("slides.yaml", (slides) => {
    slides.slides[0]!.image = picture;
  });
  expect(messages()).toEqual([
    expect.stringContaining(`field "image": "${picture}" leads outside data/. Pictures must be inside data/`),
  ]);
});

test("a picture that is a link to a file outside data/ is refused too", () => {
  const outside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "outside-")), "secret.jpg");
  fs.writeFileSync(outside, "not really a picture");
  fs.symlinkSync(outside, path.join(dataDir, "images", "linked.jpg"));
  edit<Slides>("slides.yaml", (slides) => {
    slides.slides[0]!.image = "./images/linked.jpg";
  });
  expect(messages()).toEqual([expect.stringContaining(`"./images/linked.jpg" leads outside data/`)]);
});

test("a YAML syntax error is reported with its line", () => {
  fs.appendFileSync(path.join(dataDir, "why-us.yaml"), "\n  broken: [unclosed\n");
  const [message] = messages();
  expect(message).toMatch(/^data\/why-us\.yaml: line \d+, column \d+: the file is not valid YAML/);
});

test("a YAML alias bomb is refused at its first anchor, at once, with the file and line", () => {
  const file = path.join(dataDir, "services.yaml");
  const levels = "abcdefghi".split("");
  const bomb = levels
    .map(
      (name, index) =>
        `${name}: &${name} [${Array(10)
          .fill(index === 0 ? '"lol"' : `*${levels[index - 1]}`)
          .join(", ")}]`,
    )
    .join("\n");
  fs.writeFileSync(file, `${bomb}\n${fs.readFileSync(file, "utf8")}`);
  const started = performance.now();
  const found = messages();
  expect(performance.now() - started).toBeLessThan(1000);
  expect(found).toEqual([expect.stringMatching(/^data\/services\.yaml: line 1: "&a" is a YAML anchor/)]);
});

test("an anchor an editor might copy from elsewhere, and its alias, are refused with the anchor's line", () => {
  const file = path.join(dataDir, "contact.yaml");
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const at = lines.findIndex((line) => /^ {2}salesEmail:/.test(line));
  lines[at] = lines[at]?.replace("salesEmail: ", "salesEmail: &mail ") ?? "";
  lines.push("  chatPanelLink: *mail");
  fs.writeFileSync(file, lines.join("\n"));
  expect(messages()).toEqual([expect.stringMatching(new RegExp(`^data/contact\\.yaml: line ${at + 1}: "&mail"`))]);
});

test("every list has a limit in the editor's words", () => {
  const limit = (field: Field) => (field.kind === "list" ? field.max : Infinity);
  const industries = collections.find(({ file }) => file === "industries.yaml")?.fields.industries;
  const max = industries ? limit(industries) : 0;
  edit<{ industries: string[] }>("industries.yaml", (english, whole) => {
    english.industries = Array.from({ length: max + 5 }, (_, index) => `Industry ${index}`);
    whole.ar = { industries: [...english.industries] };
  });
  expect(messages()).toEqual(
    languages.map(
      (language) =>
        `data/industries.yaml, ${language.name} (${language.code}:), field "industries": has ${max + 5} entries; ${tooMany(max)}. Remove 5.`,
    ),
  );
});

test("a link or e-mail address longer than its format allows is refused, with the limit", () => {
  const email = collections.find(({ file }) => file === "contact.yaml")?.fields.salesEmail;
  const max = email?.kind === "text" ? email.max : 0;
  edit<{ salesEmail: string; chatUrl: string }>("contact.yaml", (contact) => {
    contact.salesEmail = `${"a".repeat(max)}@example.com`;
    contact.chatUrl = `https://wa.me/${"9".repeat(1_000_000)}`;
  });
  const found = messages();
  expect(found).toHaveLength(2);
  expect(found[0]).toContain(`field "salesEmail": is ${max + 12} characters long; ${tooLong(max)}.`);
  expect(found[1]).toContain(`field "chatUrl": is 1000014 characters long`);
});

test("phone numbers, e-mail and links must have the right form", () => {
  edit<{ phones: string[]; salesEmail: string; chatUrl: string }>("contact.yaml", (contact) => {
    contact.phones[0] = "050 555 0187";
    contact.salesEmail = "sales at example";
    contact.chatUrl = "wa.me/971505550187";
  });
  expect(messages()).toEqual([
    'data/contact.yaml, English (en:), entry 1 of "phones" ("050 555 0187"), field "phones": "050 555 0187" must be a UAE phone number in international form, such as +971 4 123 4567 or +971 50 123 4567.',
    'data/contact.yaml, English (en:), field "salesEmail": "sales at example" must be an e-mail address such as sales@example.com.',
    'data/contact.yaml, English (en:), field "chatUrl": "wa.me/971505550187" must be a full web address starting with https://.',
  ]);
});

test.each([
  { typed: new Date("2023-05-01"), wording: "is read as a date (2023-05-01), not as text" },
  {
    typed: 501234567,
    wording: "is read as a number (501234567), which loses leading zeros and plus signs, not as text",
  },
  { typed: true, wording: "is read as a yes/no value (true), not as text" },
])("$typed typed where text belongs is explained, with the way to keep it as text", ({ typed, wording }) => {
  edit<Record<string, unknown>>("site.yaml", (site) => {
    site.menuLabel = typed;
  });
  expect(messages()).toEqual([
    `data/site.yaml, English (en:), field "menuLabel": ${wording}. Put the text in quotes to keep it exactly as written.`,
  ]);
});

test("an invisible control character pasted into a text is named, with the text before it", () => {
  edit<Record<string, unknown>>("site.yaml", (site) => {
    site.blurb = "Keeping offices\u0000 online";
  });
  expect(messages()).toEqual([
    'data/site.yaml, English (en:), field "blurb": holds an invisible control character (U+0000) after "Keeping offices". Delete the text around it and type it again.',
  ]);
});

test("a misspelt field name is reported instead of silently ignored", () => {
  const third = content.servicesYaml.services[2];
  edit<Services>("services.yaml", (services) => {
    const { title, ...rest } = services.services[2]!;
    services.services[2] = { titel: title, ...rest } as unknown as Services["services"][number];
  });
  expect(messages()).toEqual([
    expect.stringContaining(
      `field "titel": is not a field the site uses (check the spelling). Fields here: title, text, icon.`,
    ),
    expect.stringContaining(`entry 3 of "services" (${quoted(third?.title ?? "")}), field "title": is missing.`),
  ]);
});

test.each(["__proto__", "constructor", "toString", "hasOwnProperty"])(
  "%s is not a field of the content, though every object has it",
  (name) => {
    const file = path.join(dataDir, "site.yaml");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/^en:\n/m, `en:\n  ${name}: x\n`));
    expect(messages()).toEqual([
      expect.stringContaining(`data/site.yaml, English (en:), field "${name}": is not a field the site uses`),
    ]);
  },
);

test("a text longer than its place in the layout takes is refused, with the limit", () => {
  const headline = "Support ".repeat(20).trim();
  edit<Slides>("slides.yaml", (slides) => {
    slides.slides[0]!.headline = headline;
  });
  expect(messages()).toEqual([
    expect.stringContaining(
      `field "headline": is ${headline.length} characters long; at most ${lengths.heading} characters fit here. Shorten it.`,
    ),
  ]);
});

test("a placeholder the site does not fill in, in either language, is refused with the ones it does", () => {
  edit<Content["siteYaml"]>("site.yaml", (site, whole) => {
    site.copyright = `${site.copyright} {yaer}`;
    (whole.ar as { copyright: string }).copyright = "© {السنة} {company}";
  });
  expect(messages()).toEqual([
    'data/site.yaml, English (en:), field "copyright": "{yaer}" is not filled in by the site and would show as typed; this text can use {year} and {company}.',
    'data/site.yaml, Arabic (ar:), field "copyright": "{السنة}" is not filled in by the site and would show as typed; this text can use {year} and {company}.',
  ]);
});

test("navigation may only point at the site's pages", () => {
  edit<{ navigation: { path: string }[] }>("site.yaml", (site) => {
    site.navigation[0]!.path = "/services";
  });
  expect(messages()).toEqual([
    expect.stringContaining(
      `field "path": "/services" must be one of the site's pages: /, /about, /service, /contact.`,
    ),
  ]);
});

test("a missing file is reported", () => {
  fs.rmSync(path.join(dataDir, "industries.yaml"));
  expect(messages()).toEqual([expect.stringMatching(/^data\/industries\.yaml: the file is missing\./)]);
});

test("counts are free: one slide more and one service fewer, in both languages, are fine", () => {
  edit<Slides>("slides.yaml", (slides, whole) => {
    slides.slides.push({ ...slides.slides[0]!, headline: "One more headline" });
    (whole.ar as ArabicList<"slides">).slides.push({ headline: "عنوان آخر" });
  });
  edit<Services>("services.yaml", (services, whole) => {
    services.services.pop();
    (whole.ar as ArabicList<"services">).services.pop();
  });
  expect(checkContent(dataDir)).toEqual([]);
});

test("all problems are listed together, under one heading", () => {
  edit<Services>("services.yaml", (services) => {
    services.services[0]!.icon = "wires";
    services.services[1]!.icon = "clouds";
  });
  expect(formatProblems(checkContent(dataDir))).toMatch(
    /^The site's content has 2 problems\. Fix them in the file named and build again:\n- .*wires.*\n- .*clouds/s,
  );
});

describe("translations", () => {
  test("a missing or emptied translation names the file, the entry, the field and the language", () => {
    const second = content.servicesYaml.services[1];
    edit<Services>("services.yaml", (_, whole) => {
      const arabic = whole.ar as ArabicList<"services">;
      delete arabic.services[1]!.title;
      arabic.services[2]!.text = "";
    });
    expect(messages()).toEqual([
      `data/services.yaml, Arabic (ar:), entry 2 of "services" (${quoted(second?.title ?? "")}), field "title": the Arabic translation is missing. Title: The name of the service.`,
      expect.stringMatching(
        /^data\/services\.yaml, Arabic \(ar:\), entry 3 of "services" \(.*\), field "text": the Arabic translation is empty\./,
      ),
    ]);
  });

  test("a list with an entry fewer or more than the English one is reported at the entry", () => {
    const slides = content.slidesYaml.slides;
    edit<Slides>("slides.yaml", (_, whole) => {
      (whole.ar as ArabicList<"slides">).slides.pop();
    });
    expect(messages()).toEqual([
      `data/slides.yaml, Arabic (ar:), entry ${slides.length} of "slides" (${quoted(slides.at(-1)?.headline ?? "")}): the Arabic translation is missing: the Arabic list has ${slides.length - 1} entries, the English one ${slides.length}.`,
    ]);
    edit<Slides>("slides.yaml", (_, whole) => {
      const arabic = whole.ar as ArabicList<"slides">;
      arabic.slides.push({ headline: "أ" }, { headline: "ب" });
    });
    expect(messages()).toEqual([
      expect.stringContaining(
        `Arabic (ar:), entry ${slides.length + 1} of "slides": has no English entry at its place (the English list has ${slides.length})`,
      ),
    ]);
  });

  test("a shared value written again in the Arabic part is refused: it lives once, in English", () => {
    edit<Slides>("slides.yaml", (_, whole) => {
      const arabic = whole.ar as ArabicList<"slides">;
      arabic.slides[0]!.image = "./images/other.jpg";
    });
    expect(messages()).toEqual([expect.stringContaining(`Arabic (ar:), entry 1 of "slides"`)]);
    expect(messages()[0]).toContain(
      `field "image": is the same in every language: write it once, in the English part (en:)`,
    );
  });

  test("a missing language part is named", () => {
    edit<Slides>("slides.yaml", (_, whole) => {
      delete (whole as Partial<Parts<Slides>>).ar;
    });
    expect(messages()).toEqual([
      "data/slides.yaml: the Arabic part (ar:) is missing: every text of the file needs its Arabic version there.",
    ]);
  });

  test("a part for a language the site does not have is named", () => {
    edit<Slides>("slides.yaml", (_, whole) => {
      whole.fr = {};
    });
    expect(messages()).toEqual([
      'data/slides.yaml, field "fr": is not a part of the file. It holds en: and ar:, one part per language.',
    ]);
  });

  test("a translation's text is held to the same limits as the English one", () => {
    edit<Slides>("slides.yaml", (_, whole) => {
      (whole.ar as ArabicList<"slides">).slides[0]!.headline = "دعم ".repeat(40).trim();
    });
    expect(messages()).toEqual([
      expect.stringMatching(
        /Arabic \(ar:\), entry 1 of "slides" .*field "headline": is \d+ characters long; at most 100/,
      ),
    ]);
  });
});
