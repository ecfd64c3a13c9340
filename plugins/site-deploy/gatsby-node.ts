/**
 * Keeps public/ to what visitors are served. The build's own records, the
 * source maps of the JavaScript and webpack's stats, move to
 * .cache/build-records/, where the site audit reads them (to name the npm
 * packages that reach browsers): published, they would hand anyone the
 * project's source and its dependency tree, and serve nobody.
 */
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";

export const onPostBuild: GatsbyNode["onPostBuild"] = () => {
  const publicDir = path.resolve("public");
  const records = path.resolve(".cache", "build-records");
  fs.mkdirSync(records, { recursive: true });
  for (const name of fs.readdirSync(publicDir)) {
    if (name.endsWith(".js.map") || name === "webpack.stats.json") {
      fs.renameSync(path.join(publicDir, name), path.join(records, name));
    }
  }
};
