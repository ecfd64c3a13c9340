/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkContent, formatProblems } from "../../plugins/site-content/check";

const realData = path.join(__dirname, "../../data");
let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "content-check-"));
  fs.cpSync(realData, dataDir, { recursive: true });
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function edit(file: string, change: (text: string) => string): void {
  const target = path.join(dataDir, file);
  const before = fs.readFileSync(target, "utf8");
  const after = change(before);
  if (after === before) throw new Error(`The edit of ${file} changed nothing: the test's fixture is out of date.`);
  fs.writeFileSync(target, after);
}

function messages(): string[] {
  return checkContent(dataDir).map((problem) => formatProblems([problem]).split("\n- ")[1] ?? "");
}

test("the committed content has no problems", () => {
  expect(checkContent(realData)).toEqual([]);
});

test("a required field left out is reported with its file, entry and field", () => {
  edit("slides.yaml", (text) =>
    text.replace("  - headline: Your Technology, Our Responsibility\n    image:", "  - image:"),
  );
  expect(messages()).toEqual([
    'data/slides.yaml, entry 2 of "slides" ("./images/slide-servers.jpg"), field "headline": is missing. Headline: The large text of the slide.',
  ]);
});

test("an emptied field is reported as empty", () => {
  edit("site.yaml", (text) => text.replace("companyName: Bluepeak IT Solutions", 'companyName: ""'));
  expect(messages()).toEqual([
    expect.stringMatching(/^data\/site\.yaml, field "companyName": is empty\. Company name: /),
  ]);
});

test("an unknown icon key is reported with the icons that exist", () => {
  edit("services.yaml", (text) => text.replace("icon: backup", "icon: clouds"));
  expect(messages()).toEqual([
    'data/services.yaml, entry 3 of "services" ("Data backup solutions"), field "icon": "clouds" is not one of the site\'s icons. Use one of: devices, network, support, backup, repair, setup, team, reliable, tailored, care.',
  ]);
});

test("an image path that leads nowhere is reported", () => {
  edit("image-row.yaml", (text) => text.replace("./images/row-network.jpg", "./images/row-netwrk.jpg"));
  expect(messages()).toEqual([
    expect.stringContaining(
      'data/image-row.yaml, entry 2 of "images" ("./images/row-netwrk.jpg"), field "image": the picture "./images/row-netwrk.jpg" does not exist.',
    ),
  ]);
});

test("a file that is not a picture is refused as an image", () => {
  edit("partners.yaml", (text) => text.replace("./images/partner-meshline.png", "./images/partner-meshline.pdf"));
  expect(messages()).toEqual([
    expect.stringContaining('field "logo": "./images/partner-meshline.pdf" is not a picture the site can use.'),
  ]);
});

test("a YAML syntax error is reported with its line", () => {
  edit("why-us.yaml", (text) =>
    text.replace("  - title: Tailor-Made Solutions", "  - title: Tailor-Made Solutions\n   broken: [unclosed"),
  );
  const [message] = messages();
  expect(message).toMatch(/^data\/why-us\.yaml: line \d+, column \d+: the file is not valid YAML/);
});

test("phone numbers, e-mail and links must have the right form", () => {
  edit("contact.yaml", (text) =>
    text
      .replace("  - +971 50 555 0187", "  - 050 555 0187")
      .replace("salesEmail: sales@bluepeak-it.example", "salesEmail: sales at bluepeak")
      .replace("chatUrl: https://wa.me/971505550187", "chatUrl: wa.me/971505550187"),
  );
  expect(messages()).toEqual([
    'data/contact.yaml, entry 2 of "phones" ("050 555 0187"), field "phones": "050 555 0187" must be a UAE phone number in international form, such as +971 4 123 4567 or +971 50 123 4567.',
    'data/contact.yaml, field "salesEmail": "sales at bluepeak" must be an e-mail address such as sales@example.com.',
    'data/contact.yaml, field "chatUrl": "wa.me/971505550187" must be a full web address starting with https://.',
  ]);
});

test("a misspelt field name is reported instead of silently ignored", () => {
  edit("services.yaml", (text) => text.replace("  - title: Data backup solutions", "  - titel: Data backup solutions"));
  expect(messages()).toEqual([
    expect.stringContaining(
      'entry 3 of "services" ("Data backup solutions"), field "titel": is not a field the site uses (check the spelling). Fields here: title, text, icon.',
    ),
    expect.stringContaining('entry 3 of "services" ("Data backup solutions"), field "title": is missing.'),
  ]);
});

test("navigation may only point at the site's pages", () => {
  edit("site.yaml", (text) => text.replace("    path: /service", "    path: /services"));
  expect(messages()).toEqual([
    expect.stringContaining(
      'entry 3 of "navigation" ("Service"), field "path": "/services" must be one of the site\'s pages: /, /about, /service, /contact.',
    ),
  ]);
});

test("a missing file is reported", () => {
  fs.rmSync(path.join(dataDir, "industries.yaml"));
  expect(messages()).toEqual([expect.stringMatching(/^data\/industries\.yaml: the file is missing\./)]);
});

test("counts are free: a fifth slide and a sixth service are fine", () => {
  edit("slides.yaml", (text) => `${text}  - headline: A fifth headline\n    image: ./images/slide-support.jpg\n`);
  edit(
    "services.yaml",
    (text) => `${text}  - title: Printer support\n    text: Printers that print.\n    icon: devices\n`,
  );
  expect(checkContent(dataDir)).toEqual([]);
});

test("all problems are listed together, under one heading", () => {
  edit("services.yaml", (text) => text.replace("icon: backup", "icon: clouds").replace("icon: network", "icon: wires"));
  expect(formatProblems(checkContent(dataDir))).toMatch(
    /^The site's content has 2 problems\. Fix them in the file named and build again:\n- .*wires.*\n- .*clouds/s,
  );
});
