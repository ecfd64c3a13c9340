/**
 * @jest-environment node
 *
 * The HTML of every built page, both languages, the not-found pages and the
 * editor's page, as the W3C's own Nu HTML checker (vnu.jar, on Debian's Java)
 * reads it: valid, and without a control character a browser would drop.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import vnuJar from "vnu-jar";
import { firstControlCharacter } from "../../plugins/control-characters";
import { publicDir, requireBuild } from "../hosts/support/built-site";

jest.setTimeout(300_000);

interface NuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * The checker allows `blocking` on a link only for style sheets, but the HTML standard has allowed it on
 * `rel="expect"` since 2024 (whatwg/html#9970), which every page uses to be drawn only once read (gatsby-ssr.tsx).
 */
const blockingOnExpect = ({ message, extract }: NuMessage) =>
  message.includes("“blocking” attribute must have a “rel” attribute") && /<link rel="expect"/.test(extract ?? "");

/**
 * Nor does its CSS validator know container queries (CSS Containment 3, in every browser since 2023), which
 * the slideshow measures its text column by: `container-type`, and a custom property whose value is in `cq*`
 * units, which it cannot parse (its extract shows only the value's end, so the value is read from the page).
 * Any other CSS error still fails.
 */
const containerQuery = ({ message, url }: NuMessage) => {
  if (message === "CSS: “container-type”: Property “container-type” doesn't exist.") return true;
  const property = /^CSS: “(--[\w-]+)”: Parse Error\.$/.exec(message)?.[1];
  if (!property) return false;
  const page = fs.readFileSync(new URL(url).pathname, "utf8");
  return [...page.matchAll(new RegExp(`${property}:([^;}]*)`, "g"))].some(([, value]) =>
    /\dcq(i|b|w|h|min|max)\b/.test(value ?? ""),
  );
};

const behindTheStandard = (message: NuMessage) => blockingOnExpect(message) || containerQuery(message);

const htmlFiles = () =>
  fs
    .readdirSync(publicDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html") && !/^(_gatsby|page-data)\//.test(file.split(path.sep).join("/")))
    .map((file) => path.join(publicDir, file))
    .filter((file) => fs.statSync(file).isFile());

beforeAll(requireBuild);

test("the W3C Nu checker finds no error in any page", () => {
  const files = htmlFiles();
  expect(files.length).toBeGreaterThan(8);
  let output: string;
  try {
    output = execFileSync("java", ["-jar", String(vnuJar), "--errors-only", "--format", "json", "--stdout", ...files], {
      encoding: "utf8",
    });
  } catch (error) {
    // vnu exits 1 when it finds errors; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  const { messages } = JSON.parse(output) as { messages: NuMessage[] };
  expect(
    messages
      .filter((message) => !behindTheStandard(message))
      .map(
        ({ url, lastLine, message }) => `${path.relative(publicDir, new URL(url).pathname)}:${lastLine}: ${message}`,
      ),
  ).toEqual([]);
});

test("no page holds a control character", () => {
  const found = htmlFiles().flatMap((file) => {
    const control = firstControlCharacter(fs.readFileSync(file, "utf8"));
    return control ? [`${path.relative(publicDir, file)}: ${control.codePoint} at ${control.index}`] : [];
  });
  expect(found).toEqual([]);
});
