/**
 * Gatsby writes a page again only when its JavaScript or its data changed, and each page carries the stylesheet
 * inline: after a change to the CSS alone, an incremental build would publish pages still styled by the earlier
 * build. The build stops instead, and says what to run.
 */
import fs from "node:fs";
import path from "node:path";
import { builtPages, publicDir } from "../built-pages";
import type { StepReporter } from "../site-finish/step";

export function checkStylesCurrent(reporter: StepReporter): void {
  // The stylesheets this build wrote, as webpack recorded them (the output step removes the record after this).
  const stats = JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")) as {
    assetsByChunkName: Record<string, string[]>;
  };
  const current = new Set(
    Object.values(stats.assetsByChunkName)
      .flat()
      .filter((file) => file.endsWith(".css"))
      .map((file) => `/${file}`),
  );
  for (const { file } of builtPages()) {
    for (const [, href] of fs.readFileSync(file, "utf8").matchAll(/<style[^>]*\bdata-href="([^"]+\.css)"/g)) {
      if (href && !current.has(href)) {
        reporter.panic(
          `${path.relative(process.cwd(), file)} still carries the stylesheet of an earlier build (${href}): Gatsby did not write the ` +
            "pages again after a change to the CSS alone. Run npm run clean, then build again.",
        );
      }
    }
  }
}
