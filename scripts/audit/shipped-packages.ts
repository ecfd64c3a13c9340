import fs from "node:fs";
import path from "node:path";

/**
 * The npm packages whose code reaches visitors' browsers, read from the source
 * maps of the built JavaScript. `npm audit --omit=dev` also reports packages
 * that only run at build time (Gatsby's Node side, sharp...); this list says
 * which of its findings a visitor could ever meet.
 */
export function listShippedPackages(mapsDir: string, projectDir = process.cwd()): { name: string; version: string }[] {
  const folders = new Set<string>();
  for (const name of fs.readdirSync(mapsDir)) {
    if (!name.endsWith(".js.map")) continue;
    const { sources = [] } = JSON.parse(fs.readFileSync(path.join(mapsDir, name), "utf8")) as { sources?: string[] };
    for (const source of sources) {
      // The innermost node_modules folder names the package (a nested copy has its own version).
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(source.replace(/^webpack:\/\/[^/]*\/\.?\/?/, ""));
      if (match?.[1]) folders.add(match[1]);
    }
  }
  return [...folders]
    .map((folder) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(projectDir, folder, "package.json"), "utf8")) as {
        name: string;
        version: string;
      };
      return { name: manifest.name, version: manifest.version };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}
