/**
 * Keeps public/ to what visitors are served. The build's own records, the
 * source maps of the JavaScript and webpack's stats, are removed: published,
 * they would hand anyone the project's source and its dependency tree, and
 * serve nobody. And no page leaves the build with a control character in it:
 * browsers drop them silently, validators and crawlers do not.
 */
import fs from "node:fs";
import path from "node:path";
import { firstControlCharacter } from "../../control-characters";
import type { StepReporter } from "../step";

export function trimOutput(reporter: StepReporter): void {
  const publicDir = path.resolve("public");
  for (const name of fs.readdirSync(publicDir)) {
    if (name.endsWith(".js.map") || name === "webpack.stats.json") fs.rmSync(path.join(publicDir, name));
  }
  for (const file of fs.readdirSync(publicDir, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".html") || !fs.statSync(path.join(publicDir, file)).isFile()) continue;
    const html = fs.readFileSync(path.join(publicDir, file), "utf8");
    const found = firstControlCharacter(html);
    if (found) {
      reporter.panic(
        `public/${file} holds the control character ${found.codePoint} at line ${found.line}, column ${found.column}, ` +
          `after "${html.slice(Math.max(0, found.index - 60), found.index)}". A page may hold only text: the build ` +
          "stops rather than publish it.",
      );
    }
  }
}
