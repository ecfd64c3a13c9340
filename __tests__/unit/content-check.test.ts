/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import yaml from "js-yaml";
import { checkContent, formatNote, formatProblems } from "../../plugins/site-content/check";
import { glossaryProblems } from "../../plugins/site-content/glossary";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { collections, lengths, routes, tooLong, tooMany, type Field } from "../../plugins/site-content/model";
import { languages } from "../../contract/src/languages";
import { contentIconNames } from "../../src/lib/icon-paths";
import { phoneHref } from "../../src/lib/phone-link";
import { dataDir as realData, readContent, type Content } from "../support/content";
import { withPrivateMetadata } from "../support/private-picture";

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
  const document = readContentYaml(fs.readFileSync(path.join(dataDir, file), "utf8"), file) as Parts<T>;
  change(document.en, document);
  fs.writeFileSync(path.join(dataDir, file), yaml.dump(document));
}

type Slides = Content["slidesYaml"];
type Services = Content["servicesYaml"];
type ArabicList<Key extends string> = Record<Key, Record<string, unknown>[]>;

async function messages(): Promise<string[]> {
  return (await await checkContent(dataDir)).map((problem) => formatProblems([problem]).split("\n- ")[1] ?? "");
}

const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

test("the committed content has no problems", async () => {
  expect(await checkContent(realData)).toEqual([]);
});

test("a required field left out is reported with its file, language, entry and field", async () => {
  const second = content.slidesYaml.slides[1];
  edit<Slides>("slides.yaml", (slides) => {
    delete (slides.slides[1] as Partial<Slides["slides"][number]>).headline;
  });
  expect(await messages()).toEqual([
    `data/slides.yaml, English (en:), entry 2 of "slides" (${quoted(second?.image ?? "")}), field "headline": is missing. Headline: The large text of the slide.`,
  ]);
});

test("an emptied field is reported as empty", async () => {
  edit<{ companyName: string }>("site.yaml", (site) => {
    site.companyName = "  ";
  });
  expect(await messages()).toEqual([
    expect.stringMatching(/^data\/site\.yaml, English \(en:\), field "companyName": is empty\. Company name: /),
  ]);
});

test("an unknown icon key is reported with the icons that exist", async () => {
  const third = content.servicesYaml.services[2];
  edit<Services>("services.yaml", (services) => {
    services.services[2]!.icon = "clouds";
  });
  expect(await messages()).toEqual([
    `data/services.yaml, English (en:), entry 3 of "services" (${quoted(third?.title ?? "")}), field "icon": "clouds" is not one of the site's icons. Use one of: ${contentIconNames.join(", ")}.`,
  ]);
});

test("an image path that leads nowhere is reported", async () => {
  edit<Slides>("slides.yaml", (slides) => {
    slides.slides[0]!.image = "./images/no-such-picture.jpg";
  });
  expect(await messages()).toEqual([
    expect.stringContaining('field "image": the picture "./images/no-such-picture.jpg" does not exist.'),
  ]);
});

test("a file that is not a picture is refused as an image", async () => {
  edit<Slides>("slides.yaml", (slides) => {
    slides.slides[0]!.image = "./images/brochure.pdf";
  });
  expect(await messages()).toEqual([
    expect.stringContaining('field "image": "./images/brochure.pdf" is not a picture the site can use.'),
  ]);
});

test.each([
  { path: "/etc/hosts.jpg", how: "an absolute path" },
  { path: "C:\\Users\\me\\photo.jpg", how: "a Windows path" },
  { path: "../../photo.jpg", how: "a path that climbs out of data/" },
  { path: "./images/../../photo.jpg", how: "a path that climbs out on the way" },
  { path: "file:///etc/photo.jpg", how: "an address" },
])("a picture path must stay inside data/: $how is refused", async ({ path: picture }) => {
  edit<Slides>("slides.yaml", (slides) => {
    slides.slides[0]!.image = picture;
  });
  expect(await messages()).toEqual([
    expect.stringContaining(`field "image": "${picture}" leads outside data/. Pictures must be inside data/`),
  ]);
});

test("a picture that is a link to a file outside data/ is refused too", async () => {
  const outside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "outside-")), "secret.jpg");
  fs.writeFileSync(outside, "not really a picture");
  fs.symlinkSync(outside, path.join(dataDir, "images", "linked.jpg"));
  edit<Slides>("slides.yaml", (slides) => {
    slides.slides[0]!.image = "./images/linked.jpg";
  });
  expect(await messages()).toEqual([expect.stringContaining(`"./images/linked.jpg" leads outside data/`)]);
});

test("a YAML syntax error is reported with its line", async () => {
  fs.appendFileSync(path.join(dataDir, "why-us.yaml"), "\n  broken: [unclosed\n");
  const [message] = await messages();
  expect(message).toMatch(/^data\/why-us\.yaml: line \d+, column \d+: the file is not valid YAML/);
});

test("a YAML alias bomb is refused at its first anchor, at once, with the file and line", async () => {
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
  const found = await messages();
  expect(performance.now() - started).toBeLessThan(1000);
  expect(found).toEqual([expect.stringMatching(/^data\/services\.yaml: line 1: "&a" is a YAML anchor/)]);
});

test("an anchor an editor might copy from elsewhere, and its alias, are refused with the anchor's line", async () => {
  const file = path.join(dataDir, "contact.yaml");
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const at = lines.findIndex((line) => /^ {2}salesEmail:/.test(line));
  lines[at] = lines[at]?.replace("salesEmail: ", "salesEmail: &mail ") ?? "";
  lines.push("  chatPanelLink: *mail");
  fs.writeFileSync(file, lines.join("\n"));
  expect(await messages()).toEqual([
    expect.stringMatching(new RegExp(`^data/contact\\.yaml: line ${at + 1}: "&mail"`)),
  ]);
});

test("every list has a limit in the editor's words", async () => {
  const limit = (field: Field) => (field.kind === "list" ? field.max : Infinity);
  const industries = collections.find(({ file }) => file === "industries.yaml")?.fields.industries;
  const max = industries ? limit(industries) : 0;
  edit<{ industries: string[] }>("industries.yaml", (english, whole) => {
    english.industries = Array.from({ length: max + 5 }, (_, index) => `Industry ${index}`);
    whole.ar = { industries: [...english.industries] };
  });
  expect(await messages()).toEqual(
    languages.map(
      (language) =>
        `data/industries.yaml, ${language.name} (${language.code}:), field "industries": has ${max + 5} entries; ${tooMany(max)}. Remove 5.`,
    ),
  );
});

test("a link or e-mail address longer than its format allows is refused, with the limit", async () => {
  const email = collections.find(({ file }) => file === "contact.yaml")?.fields.salesEmail;
  const max = email?.kind === "text" ? email.max : 0;
  edit<{ salesEmail: string; chatUrl: string }>("contact.yaml", (contact) => {
    contact.salesEmail = `sales@${"bluepeak-".repeat(Math.ceil(max / 9))}example.com`;
    contact.chatUrl = `https://wa.me/${"9".repeat(1_000_000)}`;
  });
  const found = await messages();
  expect(found).toHaveLength(2);
  expect(found[0]).toContain(
    `field "salesEmail": is ${6 + 9 * Math.ceil(max / 9) + 11} characters long; ${tooLong(max)}.`,
  );
  expect(found[1]).toContain(`field "chatUrl": is 1000014 characters long`);
});

test("phone numbers, e-mail and links must have the right form", async () => {
  edit<{ phones: { number: string }[]; salesEmail: string; chatUrl: string }>("contact.yaml", (contact) => {
    (contact.phones[0] as { number: string }).number = "555 0187";
    contact.salesEmail = "sales at example";
    contact.chatUrl = "wa.me/971505550187";
  });
  expect(await messages()).toEqual([
    'data/contact.yaml, English (en:), entry 1 of "phones" ("555 0187"), field "number": "555 0187" must be a UAE phone number, such as 04 123 4567, 050 123 4567 or +971 50 123 4567.',
    'data/contact.yaml, English (en:), field "salesEmail": "sales at example" must be a plain e-mail address such as sales@example.com, in Latin letters, with nothing around it.',
    'data/contact.yaml, English (en:), field "chatUrl": "wa.me/971505550187" must be a full web address starting with https://, its host name in Latin letters and nothing but the address.',
  ]);
});

test.each([
  ["04 555 0142", "+971 4 555 0142", "tel:+97145550142"],
  ["050 555 0199", "+971 50 555 0199", "tel:+971505550199"],
  ["0505550199", "+971 50 555 0199", "tel:+971505550199"],
  ["+971 50 555 0199", "+971 50 555 0199", "tel:+971505550199"],
  ["+971-4-555-0142", "+971 4 555 0142", "tel:+97145550142"],
  ["00971 50 555 0199", "+971 50 555 0199", "tel:+971505550199"],
])("a phone typed %s passes the check and is shown as %s", async (typed, shown, href) => {
  edit<{ phones: { number: string }[] }>("contact.yaml", (contact) => {
    (contact.phones[0] as { number: string }).number = typed;
  });
  expect(await messages()).toEqual([]);
  for (const code of ["en", "ar"] as const) {
    const phone = readContent(dataDir)[code].contactYaml.phones[0];
    expect(phone?.number).toBe(shown);
    expect(phoneHref(phone?.number ?? "")).toBe(href);
  }
});

test("the chat button opens WhatsApp with the mobile switched to WhatsApp, unless another chat's link is given", async () => {
  edit<{ phones: { number: string; whatsapp?: boolean }[]; chatUrl?: string }>("contact.yaml", (contact) => {
    delete contact.chatUrl;
    contact.phones.forEach((phone, index) => (phone.whatsapp = index === 0));
    (contact.phones[0] as { number: string }).number = "055 123 4567";
  });
  expect(await messages()).toEqual([]);
  expect(readContent(dataDir).ar.contactYaml.chatUrl).toBe("https://wa.me/971551234567");

  edit<{ chatUrl?: string }>("contact.yaml", (contact) => {
    contact.chatUrl = "https://t.me/example";
  });
  expect(readContent(dataDir).en.contactYaml.chatUrl).toBe("https://t.me/example");
});

test("no chat link and no WhatsApp number, or two WhatsApp numbers, are refused, saying what to switch", async () => {
  edit<{ phones: { whatsapp?: boolean }[]; chatUrl?: string }>("contact.yaml", (contact) => {
    delete contact.chatUrl;
    for (const phone of contact.phones) delete phone.whatsapp;
  });
  expect(await messages()).toEqual([
    expect.stringMatching(
      /^data\/contact\.yaml, English \(en:\), field "chatUrl": is empty, and no phone number above is switched to WhatsApp \(Answers on WhatsApp\)/,
    ),
  ]);
  edit<{ phones: { number: string; whatsapp?: boolean | string }[] }>("contact.yaml", (contact, whole) => {
    contact.phones = [
      { number: "050 555 0101", whatsapp: true },
      { number: "050 555 0102", whatsapp: true },
      { number: "04 555 0103", whatsapp: "yes" },
    ].map((phone, index) => ({ ...contact.phones[0], ...phone, label: `Line ${index + 1}` }));
    // As many Arabic entries, whatever data/ holds: only the switches are wrong.
    whole.ar.phones = contact.phones.map((_, index) => ({ label: `الخط ${index + 1}` }));
  });
  expect(await messages()).toEqual([
    expect.stringContaining(
      'field "phones": has "Answers on WhatsApp" (whatsapp) switched on for 2 entries; switch it on for one at most.',
    ),
    expect.stringContaining('field "whatsapp": "yes" is neither on nor off: write true or false'),
  ]);
});

test.each([
  ["a right-to-left override that shows another address", "sales@\u202Eelpmaxe.ti-kaepeulb", "U+202E"],
  ["a zero-width space", "sales@blue\u200Bpeak-it.example", "U+200B"],
  ["a left-to-right mark", "\u200Esales@bluepeak-it.example", "U+200E"],
])("an e-mail address holding %s is refused, naming the character", async (_what, address, character) => {
  edit<{ salesEmail: string }>("contact.yaml", (contact) => {
    contact.salesEmail = address;
  });
  expect(await messages()).toEqual([
    expect.stringContaining(`field "salesEmail": "${address}" holds an invisible character (${character})`),
  ]);
});

test.each([
  ["a host in look-alike letters", "sales@bluepeаk-it.example"],
  ["a mailto: parameter", "sales@bluepeak-it.example?bcc=everyone@example.com"],
  ["a second address", "sales@bluepeak-it.example,boss@example.com"],
  ["a display name", "Sales <sales@bluepeak-it.example>"],
  ["a space at its end", "sales@bluepeak-it.example "],
])("an e-mail address with %s is refused", async (_what, address) => {
  edit<{ salesEmail: string }>("contact.yaml", (contact) => {
    contact.salesEmail = address;
  });
  expect(await messages()).toEqual([expect.stringContaining('field "salesEmail": ')]);
});

test.each([
  ["a user part, which shows one host and leads to another", "https://wa.me@evil.example/971505550187"],
  ["a host in look-alike letters", "https://wа.me/971505550187"],
  ["a punycode host", "https://xn--w-7sb.me/971505550187"],
  ["a zero-width space", "https://wa.me/9715055\u200B50187"],
  ["a space at its end", "https://wa.me/971505550187 "],
  ["javascript:", "javascript:alert(1)//https://wa.me"],
])("a link with %s is refused", async (_what, link) => {
  edit<{ chatUrl: string }>("contact.yaml", (contact) => {
    contact.chatUrl = link;
  });
  expect(await messages()).toEqual([expect.stringContaining('field "chatUrl": ')]);
});

test("a page link with a space after it, which would lead to a missing page, is refused", async () => {
  edit<{ navigation: { path: string }[] }>("site.yaml", (site) => {
    site.navigation[0]!.path = `${site.navigation[0]!.path} `;
  });
  expect(await messages()).toEqual([expect.stringMatching(/field "path": ".* " must be one of the site's pages/)]);
});

test.each([
  ["an override never closed", "Bluepeak \u202Eevil"],
  ["an isolate closed as an embedding", "Bluepeak \u2067IT\u202C"],
  ["a closing mark with nothing open", "Bluepeak IT\u2069"],
])("a text with %s is refused; balanced ones pass", async (_what, name) => {
  edit<{ companyName: string }>("site.yaml", (site) => {
    site.companyName = name;
  });
  expect(await messages()).toEqual([expect.stringContaining('field "companyName": holds a direction control')]);
  edit<{ companyName: string }>("site.yaml", (site) => {
    site.companyName = "Bluepeak \u2067بلوبيك\u2069 IT";
  });
  expect(await messages()).toEqual([]);
});

test("the company's colours come both or neither, and one too faint is named with the nearest that passes", async () => {
  type Site = Content["siteYaml"];
  const colours = (main?: string, accent?: string) =>
    edit<Site>("site.yaml", (site) => {
      if (main === undefined) delete (site as Partial<Site>).mainColour;
      else site.mainColour = main;
      if (accent === undefined) delete (site as Partial<Site>).accentColour;
      else site.accentColour = accent;
    });
  colours();
  expect(await messages()).toEqual([]);
  colours("#0b2545");
  expect(await messages()).toEqual([
    'data/site.yaml, English (en:), field "accentColour": is empty while the other colour is given: give both colours, or leave both empty for the site\'s own.',
  ]);
  colours("#0b2545", "navy");
  expect(await messages()).toEqual([
    'data/site.yaml, English (en:), field "accentColour": "navy" must be a colour written as # and six hexadecimal digits, such as #0b2545.',
  ]);
  colours("#3f7fbf", "#ffffff");
  expect(await messages()).toEqual([
    expect.stringMatching(
      /^data\/site\.yaml, English \(en:\), field "mainColour": #3f7fbf is too light: .* The nearest colour that passes is #[0-9a-f]{6}\.$/,
    ),
  ]);
});

test("a huge value is cut short in its message, and a flood of problems is listed fifty at a time", async () => {
  // Values far past any field's limit, and two thousand misspelt fields: enough to hold both, in under a second.
  edit<{ chatUrl: string; menuLabel: string }>("site.yaml", (site) => {
    site.menuLabel = "x".repeat(200_000);
  });
  edit<{ chatUrl: string }>("contact.yaml", (contact) => {
    contact.chatUrl = "wa.me/".repeat(40_000);
  });
  const found = await messages();
  expect(found.every((message) => message.length < 400)).toBe(true);
  const file = path.join(dataDir, "site.yaml");
  const fields = Array.from({ length: 2_000 }, (_, index) => `  typo${index}: x`).join("\n");
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/^en:\n/m, `en:\n${fields}\n`));
  const report = formatProblems(await checkContent(dataDir));
  expect(report.length).toBeLessThan(50_000);
  expect(report).toMatch(/^The site's content has 200\d problems\./);
  expect(report).toContain("more, listed once these are fixed.");
});

describe("YAML the site does not read", () => {
  test.each(["_pages.yaml", "images/contact.yaml", "images/notes.yml", "copy of slides.YAML"])(
    "data/%s is refused by name, unread",
    async (name) => {
      const bomb = "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n";
      fs.writeFileSync(path.join(dataDir, name), bomb);
      expect(await messages()).toEqual([
        expect.stringMatching(
          new RegExp(`^data/${name.replace(/\./g, "\\.")}: is not one of the site's content files`),
        ),
      ]);
    },
  );
});

describe("pictures are read by their content", () => {
  const picture = (name: string) => path.join(dataDir, "images", name);
  const useAsSlide = (name: string) =>
    edit<Slides>("slides.yaml", (slides) => {
      slides.slides[0]!.image = `./images/${name}`;
    });

  test("a picture that still says where it was taken is named, with how to take that out", async () => {
    const slide = path.join(dataDir, content.slidesYaml.slides[0]?.image.replace(/^\.\//, "") ?? "");
    fs.writeFileSync(picture("from-a-phone.jpg"), await withPrivateMetadata(slide));
    useAsSlide("from-a-phone.jpg");
    expect(await messages()).toEqual([
      expect.stringContaining('"./images/from-a-phone.jpg" still says where it was taken (its GPS position).'),
    ]);
  });

  test("a text file named .jpg is refused", async () => {
    fs.writeFileSync(picture("notes.jpg"), "These are not pixels.");
    useAsSlide("notes.jpg");
    expect(await messages()).toEqual([
      expect.stringContaining('field "image": "./images/notes.jpg" is not a picture, whatever its name says'),
    ]);
  });

  test("an SVG drawing named .png is refused", async () => {
    fs.writeFileSync(picture("logo.png"), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    useAsSlide("logo.png");
    expect(await messages()).toEqual([
      expect.stringContaining('"./images/logo.png" is an SVG drawing, not a JPEG, PNG, WebP or AVIF picture'),
    ]);
  });

  test("the logo may be left out; an SVG logo is refused at site.yaml's logo field, saying what to save it as", async () => {
    type Site = Content["siteYaml"];
    edit<Site>("site.yaml", (site) => {
      delete (site as Partial<Site>).logo;
    });
    expect(await messages()).toEqual([]);
    fs.writeFileSync(picture("mark.svg"), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    edit<Site>("site.yaml", (site) => {
      site.logo = "./images/mark.svg";
    });
    expect(await messages()).toEqual([
      expect.stringMatching(
        /^data\/site\.yaml, English \(en:\), field "logo": "\.\/images\/mark\.svg" is not a picture the site can use\. Use a \.jpg, .*\.png/,
      ),
    ]);
  });

  test("a 20000 × 20000 picture is refused before anything works on its pixels", async () => {
    // A PNG whose header says 20000 × 20000: the check must not need its pixels to refuse it.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    fs.writeFileSync(picture("huge.png"), png);
    useAsSlide("huge.png");
    const started = performance.now();
    expect(await messages()).toEqual([
      expect.stringContaining('"./images/huge.png" is 20000 × 20000 pixels; the site takes pictures of at most'),
    ]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

test.each([
  { typed: new Date("2023-05-01"), wording: "is read as a date (2023-05-01), not as text" },
  {
    typed: 501234567,
    wording: "is read as a number (501234567), which loses leading zeros and plus signs, not as text",
  },
  { typed: true, wording: "is read as a yes/no value (true), not as text" },
])("$typed typed where text belongs is explained, with the way to keep it as text", async ({ typed, wording }) => {
  edit<Record<string, unknown>>("site.yaml", (site) => {
    site.menuLabel = typed;
  });
  expect(await messages()).toEqual([
    `data/site.yaml, English (en:), field "menuLabel": ${wording}. Put the text in quotes to keep it exactly as written.`,
  ]);
});

test("an invisible control character pasted into a text is named, with the text before it", async () => {
  edit<Record<string, unknown>>("site.yaml", (site) => {
    site.blurb = "Keeping offices\u0000 online";
  });
  expect(await messages()).toEqual([
    'data/site.yaml, English (en:), field "blurb": holds an invisible control character (U+0000) after "Keeping offices". Delete the text around it and type it again.',
  ]);
});

test("a misspelt field name is reported instead of silently ignored", async () => {
  const third = content.servicesYaml.services[2];
  edit<Services>("services.yaml", (services) => {
    const { title, ...rest } = services.services[2]!;
    services.services[2] = { titel: title, ...rest } as unknown as Services["services"][number];
  });
  expect(await messages()).toEqual([
    expect.stringContaining(
      `field "titel": is not a field the site uses (check the spelling). Fields here: title, text, icon.`,
    ),
    expect.stringContaining(`entry 3 of "services" (${quoted(third?.title ?? "")}), field "title": is missing.`),
  ]);
});

test.each(["__proto__", "constructor", "toString", "hasOwnProperty"])(
  "%s is not a field of the content, though every object has it",
  async (name) => {
    const file = path.join(dataDir, "site.yaml");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/^en:\n/m, `en:\n  ${name}: x\n`));
    expect(await messages()).toEqual([
      expect.stringContaining(`data/site.yaml, English (en:), field "${name}": is not a field the site uses`),
    ]);
  },
);

test("a text longer than its place in the layout takes is refused, with the limit", async () => {
  const headline = "Support ".repeat(20).trim();
  edit<Slides>("slides.yaml", (slides) => {
    slides.slides[0]!.headline = headline;
  });
  expect(await messages()).toEqual([
    expect.stringContaining(
      `field "headline": is ${headline.length} characters long; at most ${lengths.heading} characters fit here. Shorten it.`,
    ),
  ]);
});

test("a placeholder the site does not fill in, in either language, is refused with the ones it does", async () => {
  edit<Content["siteYaml"]>("site.yaml", (site, whole) => {
    site.copyright = `${site.copyright} {yaer}`;
    (whole.ar as { copyright: string }).copyright = "© {السنة} {company}";
  });
  expect(await messages()).toEqual([
    'data/site.yaml, English (en:), field "copyright": "{yaer}" is not filled in by the site and would show as typed; this text can use {year} and {company}.',
    'data/site.yaml, Arabic (ar:), field "copyright": "{السنة}" is not filled in by the site and would show as typed; this text can use {year} and {company}.',
  ]);
});

test("navigation may only point at the site's pages", async () => {
  edit<{ navigation: { path: string }[] }>("site.yaml", (site) => {
    site.navigation[0]!.path = "/services";
  });
  expect(await messages()).toEqual([
    expect.stringContaining(`field "path": "/services" must be one of the site's pages: ${routes.join(", ")}.`),
  ]);
});

test("a missing file is reported", async () => {
  fs.rmSync(path.join(dataDir, "industries.yaml"));
  expect(await messages()).toEqual([expect.stringMatching(/^data\/industries\.yaml: the file is missing\./)]);
});

test("counts are free: one slide more and one service fewer, in both languages, are fine", async () => {
  edit<Slides>("slides.yaml", (slides, whole) => {
    slides.slides.push({ ...slides.slides[0]!, headline: "One more headline" });
    (whole.ar as ArabicList<"slides">).slides.push({ headline: "عنوان آخر" });
  });
  edit<Services>("services.yaml", (services, whole) => {
    services.services.pop();
    (whole.ar as ArabicList<"services">).services.pop();
  });
  expect(await checkContent(dataDir)).toEqual([]);
});

test("all problems are listed together, under one heading", async () => {
  edit<Services>("services.yaml", (services) => {
    services.services[0]!.icon = "wires";
    services.services[1]!.icon = "clouds";
  });
  expect(formatProblems(await checkContent(dataDir))).toMatch(
    /^The site's content has 2 problems\. Fix them in the file named and build again:\n- .*wires.*\n- .*clouds/s,
  );
});

describe("translations", () => {
  test("a missing or emptied translation names the file, the entry, the field and the language", async () => {
    const second = content.servicesYaml.services[1];
    edit<Services>("services.yaml", (_, whole) => {
      const arabic = whole.ar as ArabicList<"services">;
      delete arabic.services[1]!.title;
      arabic.services[2]!.text = "";
    });
    expect(await messages()).toEqual([
      `data/services.yaml, Arabic (ar:), entry 2 of "services" (${quoted(second?.title ?? "")}), field "title": the Arabic translation is missing. Title: The name of the service.`,
      expect.stringMatching(
        /^data\/services\.yaml, Arabic \(ar:\), entry 3 of "services" \(.*\), field "text": the Arabic translation is empty\./,
      ),
    ]);
  });

  test("a list with an entry fewer or more than the English one is named with both counts, not blamed on an entry", async () => {
    const slides = content.slidesYaml.slides;
    const counts = (arabic: number) =>
      `data/slides.yaml, Arabic (ar:), field "slides": the Arabic list has ${arabic} entries and the English one ${slides.length}: an entry was added or removed in one language only.`;
    // The third Arabic slide deleted: the list is named, and no entry after it is blamed for the gap.
    let third: Record<string, unknown> | undefined;
    edit<Slides>("slides.yaml", (_, whole) => {
      [third] = (whole.ar as ArabicList<"slides">).slides.splice(2, 1);
    });
    const afterDeletion = await messages();
    expect(afterDeletion).toEqual([expect.stringContaining(counts(slides.length - 1))]);
    expect(afterDeletion[0]).toContain("add the missing translation, or remove the extra entry, at its place");
    expect(afterDeletion.join("\n")).not.toMatch(/entry \d+ of "slides"/);
    // Put back, and two extra entries: still the list, then each entry is checked by its own text.
    edit<Slides>("slides.yaml", (_, whole) => {
      const arabic = whole.ar as ArabicList<"slides">;
      arabic.slides.splice(2, 0, third ?? {});
      arabic.slides.push({ headline: "أ" }, { headline: "" });
    });
    expect(await messages()).toEqual([
      expect.stringContaining(counts(slides.length + 2)),
      expect.stringMatching(
        new RegExp(
          `^data/slides\\.yaml, Arabic \\(ar:\\), entry ${slides.length + 2} of "slides", field "headline": the Arabic translation is empty\\.`,
        ),
      ),
    ]);
  });

  test("a shared value written again in the Arabic part is refused: it lives once, in English", async () => {
    edit<Slides>("slides.yaml", (_, whole) => {
      const arabic = whole.ar as ArabicList<"slides">;
      arabic.slides[0]!.image = "./images/other.jpg";
    });
    expect(await messages()).toEqual([expect.stringContaining(`Arabic (ar:), entry 1 of "slides"`)]);
    expect((await messages())[0]).toContain(
      `field "image": is the same in every language: write it once, in the English part (en:)`,
    );
  });

  test("a missing language part is named", async () => {
    edit<Slides>("slides.yaml", (_, whole) => {
      delete (whole as Partial<Parts<Slides>>).ar;
    });
    expect(await messages()).toEqual([
      "data/slides.yaml: the Arabic part (ar:) is missing: every text of the file needs its Arabic version there.",
    ]);
  });

  test("a part for a language the site does not have is named", async () => {
    edit<Slides>("slides.yaml", (_, whole) => {
      whole.fr = {};
    });
    expect(await messages()).toEqual([
      'data/slides.yaml, field "fr": is not a part of the file. It holds en: and ar:, one part per language.',
    ]);
  });

  test("a translation's text is held to the same limits as the English one", async () => {
    edit<Slides>("slides.yaml", (_, whole) => {
      (whole.ar as ArabicList<"slides">).slides[0]!.headline = "دعم ".repeat(40).trim();
    });
    expect(await messages()).toEqual([
      expect.stringMatching(
        /Arabic \(ar:\), entry 1 of "slides" .*field "headline": is \d+ characters long; at most 100/,
      ),
    ]);
  });
});

test("an optional text may be left out in every language, but once written in English it needs its translation", async () => {
  edit<Record<string, unknown>>("contact.yaml", (contact, whole) => {
    delete contact.officeHours;
    delete whole.ar.officeHours;
  });
  expect(await messages()).toEqual([]);

  edit<Record<string, unknown>>("contact.yaml", (contact) => {
    contact.officeHours = "Every day, 8 am to 8 pm";
  });
  expect(await messages()).toEqual([
    expect.stringMatching(
      /^data\/contact\.yaml, Arabic \(ar:\), field "officeHours": the Arabic translation is missing\./,
    ),
  ]);
});

test("the Arabic copy keeps one word for one meaning, and a word the glossary avoids is named where it is", async () => {
  expect(glossaryProblems(realData).map(formatNote)).toEqual([]);
  edit<Services>("services.yaml", (_services, whole) => {
    const arabic = whole.ar as unknown as ArabicList<"services">;
    (arabic.services[1] as Record<string, unknown>).text = "شبكات Wi-Fi سريعة في الموقع، ودعم فنّي، والمحوّلات";
  });
  edit<Record<string, unknown>>("enquiry-form.yaml", (_form, whole) => {
    (whole.ar as Record<string, unknown>).phoneLabel = "رقم الجوّال";
  });
  expect(glossaryProblems(dataDir).map(formatNote)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        /^data\/services\.yaml, Arabic \(ar:\), entry 2 of "services", field "text": uses "في الموقع" for on-site/,
      ),
      expect.stringMatching(
        /^data\/services\.yaml, Arabic \(ar:\), entry 2 of "services", field "text": uses "Wi-Fi" for Wi-Fi; the site's Arabic says "الواي فاي"/,
      ),
      expect.stringMatching(
        /entry 2 of "services", field "text": uses "دعم فني" for IT support, .*"دعم تقنية المعلومات"/,
      ),
      expect.stringMatching(/entry 2 of "services", field "text": uses "محولات" for network switches/),
      expect.stringMatching(/^data\/enquiry-form\.yaml, Arabic \(ar:\), field "phoneLabel": uses "جوال" for mobile/),
    ]),
  );
});

test("the terms settled in the second reading are kept: one for IT support, one for across the UAE, a heading's own", async () => {
  edit<Services>("services.yaml", (_services, whole) => {
    const arabic = whole.ar as unknown as ArabicList<"services">;
    (arabic.services[0] as Record<string, unknown>).text =
      "دعم تقني في جميع أنحاء الإمارات، تحدّث معنا عبر واتساب، مع خبرتنا في القطاع وQueues ومزوّد البريد";
  });
  edit<Record<string, unknown>>("contact.yaml", (_contact, whole) => {
    const arabic = whole.ar as Record<string, unknown>;
    arabic.panelHeading = "تواصل معنا";
    arabic.addressLabel = "عنوان المكتب";
  });
  const named = glossaryProblems(dataDir).map(formatNote);
  for (const meaning of [
    /field "text": uses "دعم تقني" for IT support/,
    /field "text": uses "جميع أنحاء الإمارات" for across the UAE; .*"في أنحاء الإمارات"/,
    /field "text": uses "تحدث معنا عبر واتساب" for message us on WhatsApp; .*"راسلنا عبر واتساب"/,
    /field "text": uses "خبرتنا في القطاع" for experience in the field/,
    /field "text": uses "و" for and, before a name in Latin letters/,
    /field "text": uses "مزود البريد" for the mail provider/,
    /field "panelHeading": uses "تواصل معنا" for Contact details/,
    /field "addressLabel": uses "عنوان المكتب" for Visit us/,
  ])
    expect(named).toEqual(expect.arrayContaining([expect.stringMatching(meaning)]));
  // The same words as a page's name, where a heading's term does not bind: the menu's link to the Contact page.
  expect(named.join("\n")).not.toMatch(/field "label": uses "تواصل معنا"/);
});

test("English left in the Arabic copy is named; a name written as the English text writes it is not", async () => {
  edit<Services>("services.yaml", (services, whole) => {
    const arabic = whole.ar as unknown as ArabicList<"services">;
    (arabic.services[0] as Record<string, unknown>).text = `دعم سريع لأجهزة laptops من ${"Microsoft"}`;
    (services.services[0] as Record<string, unknown>).text = "Fast support for laptops running Microsoft Windows.";
  });
  expect(glossaryProblems(dataDir).map(formatNote)).toEqual([
    expect.stringMatching(
      /^data\/services\.yaml, Arabic \(ar:\), entry 1 of "services", field "text": has "laptops" in Latin letters: translate it/,
    ),
  ]);
});

test("the privacy notice states every fact the law asks, and Arabic writes each number of days in its own form", async () => {
  edit<Record<string, unknown>>("privacy.yaml", (_privacy, whole) => {
    const arabic = whole.ar as { sections: { text: string }[]; dayCount: Record<string, string> };
    for (const section of arabic.sections) section.text = section.text.replaceAll("{databaseRegion}", "أوروبا");
    delete arabic.dayCount.few;
  });
  expect(await messages()).toEqual([
    expect.stringMatching(
      /^data\/privacy\.yaml, Arabic \(ar:\), entry "dayCount", field "few": is missing: Arabic writes a number such as 3, 4, 5 in this form/,
    ),
    expect.stringMatching(
      /^data\/privacy\.yaml, Arabic \(ar:\), field "sections": does not use \{databaseRegion\} anywhere/,
    ),
  ]);
});
