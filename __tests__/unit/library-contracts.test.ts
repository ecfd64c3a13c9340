/**
 * @jest-environment node
 *
 * Where the site uses a library beyond its top-level exports, the version is
 * pinned in package.json and what the site relies on is checked here, so an
 * upgrade that changes it fails this test instead of the site:
 * - decap-server's middleware entry (the editor server, scripts/editor-server.ts),
 *   reached because its top-level entry starts a server of its own as soon as it loads;
 * - the names of the chunks decap-cms's bundle loads beside itself, which the
 *   editor's files (plugins/site-admin/editor-files.ts) copy next to it;
 * - two of Gatsby's internals: its CSS extraction, which plugins/site-styles
 *   finds by its constructor's name, and the address of its development
 *   not-found page, which site-languages and the sitemap step (plugins/site-finish/sitemap) leave alone. (How
 *   Gatsby configures CSS modules, site-styles checks in every build.)
 */
import fs from "node:fs";
import path from "node:path";
import * as decapServer from "decap-server/dist/middlewares.js";
import packageJson from "../../package.json";
import { editorFiles } from "../../plugins/site-admin/editor-files";

test.each(["decap-server", "decap-cms"])("%s is pinned to the version installed", async (name) => {
  const { version } = (await import(`${name}/package.json`)) as { version: string };
  const declared = { ...packageJson.dependencies, ...packageJson.devDependencies } as Record<string, string>;
  expect(declared[name]).toBe(version);
});

test("decap-server's middleware entry registers the file-system backend on an express app", () => {
  const entry =
    "registerLocalFs" in decapServer ? decapServer : (decapServer as { default: typeof decapServer }).default;
  expect(typeof entry.registerLocalFs).toBe("function");
});

test("decap-cms's bundle asks for its chunks as <id>.<its own name>, and the editor serves every one of them", () => {
  const main = require.resolve("decap-cms");
  // webpack's runtime names a chunk's file from its id: __webpack_require__.u = id => id + ".decap-cms.js".
  const suffix = /__webpack_require__\.u=\w+=>\w+\+"([^"]+)"/.exec(fs.readFileSync(main, "utf8"))?.[1];
  expect(suffix).toBe(`.${path.basename(main)}`);
  const chunks = fs
    .readdirSync(path.dirname(main))
    .filter((name) => /^\d+\./.test(name) && name.endsWith(suffix ?? ""));
  const served = editorFiles().map(({ url }) => url);
  expect(chunks.length).toBeGreaterThan(0);
  expect(served).toEqual(
    expect.arrayContaining([`/admin/${path.basename(main)}`, ...chunks.map((name) => `/admin/${name}`)]),
  );
});

/** A file of Gatsby's own, by its path inside the package. */
const gatsbyFile = (file: string) => path.join(path.dirname(require.resolve("gatsby/package.json")), file);

test("Gatsby extracts CSS with mini-css-extract-plugin, whose plugin site-styles finds by the name MiniCssExtractPlugin", async () => {
  const gatsbyWebpack = fs.readFileSync(gatsbyFile("dist/utils/webpack-utils.js"), "utf8");
  expect(gatsbyWebpack).toContain('require("mini-css-extract-plugin")');
  const extract = (await import(require.resolve("mini-css-extract-plugin", { paths: [gatsbyFile("dist/utils")] }))) as {
    default: new () => object;
  };
  expect(new extract.default().constructor.name).toBe("MiniCssExtractPlugin");
});

test("Gatsby's development not-found page is made at /dev-404-page/", () => {
  const plugin = fs.readFileSync(gatsbyFile("dist/internal-plugins/dev-404-page/gatsby-node.js"), "utf8");
  expect(plugin).toMatch(/path: `\/dev-404-page\/`/);
});
