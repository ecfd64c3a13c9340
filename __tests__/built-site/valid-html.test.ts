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
const behindTheStandard = ({ message, extract }: NuMessage) =>
  message.includes("“blocking” attribute must have a “rel” attribute") && /<link rel="expect"/.test(extract ?? "");

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
