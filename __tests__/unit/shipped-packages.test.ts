/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { listShippedPackages } from "../../scripts/audit/shipped-packages";

const readVersion = (folder: string) =>
  JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")).version as string;

let publicDir: string;

beforeEach(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "shipped-"));
});

afterEach(() => {
  fs.rmSync(publicDir, { recursive: true, force: true });
});

function writeMap(name: string, sources: string[]) {
  fs.writeFileSync(path.join(publicDir, name), JSON.stringify({ version: 3, sources, mappings: "" }));
}

test("lists each package the built JavaScript draws on once, with its installed version, and not the project's own files", () => {
  writeMap("framework-1.js.map", [
    "webpack://site/./node_modules/react-dom/cjs/react-dom.production.min.js",
    "webpack://site/./node_modules/react-dom/client.js",
    "webpack://site/./src/components/slideshow.tsx",
  ]);
  writeMap("app-2.js.map", [
    "webpack://site/./node_modules/@babel/runtime/helpers/esm/extends.js",
    "webpack://site/./.cache/app.js",
  ]);
  fs.writeFileSync(path.join(publicDir, "app-2.js"), "not a source map");

  expect(listShippedPackages(publicDir)).toEqual([
    { name: "@babel/runtime", version: readVersion("node_modules/@babel/runtime") },
    { name: "react-dom", version: readVersion("node_modules/react-dom") },
  ]);
});

test("a copy nested under another package counts with its own version", () => {
  writeMap("commons-3.js.map", [
    "webpack://site/./node_modules/acorn/dist/acorn.js",
    "webpack://site/./node_modules/gatsby/node_modules/acorn/dist/acorn.js",
  ]);

  expect(listShippedPackages(publicDir)).toEqual(
    [readVersion("node_modules/acorn"), readVersion("node_modules/gatsby/node_modules/acorn")]
      .sort((a, b) => a.localeCompare(b))
      .map((version) => ({ name: "acorn", version })),
  );
});
