import fs from "node:fs";
import path from "node:path";
import type { LinkReport } from "./report-types";

const tagPattern = /<(a|link|script|img|source)\b([^>]*)>/gi;

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(attributes);
  return match ? (match[2] ?? match[3] ?? match[4] ?? "").replace(/&amp;/g, "&") : null;
}

/**
 * Checks every link, image, script and stylesheet of the built pages: internal
 * ones must answer 200 from the served site, fragments must name an element of
 * their page, and external links that open a new tab must have
 * rel="noopener noreferrer". External addresses are never requested.
 */
export async function checkLinks(baseUrl: string, publicDir: string, htmlFiles: string[]): Promise<LinkReport> {
  const broken: LinkReport["broken"] = [];
  const checked = new Map<string, number>();
  let internal = 0;
  let external = 0;

  for (const file of htmlFiles) {
    const html = fs.readFileSync(file, "utf8");
    const relative = `/${path.relative(publicDir, file).split(path.sep).join("/")}`;
    const pageUrl = new URL(relative === "/index.html" ? "/" : relative.replace(/\/index\.html$/, ""), baseUrl);
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));

    for (const [, tag = "", attributes = ""] of html.matchAll(tagPattern)) {
      const urls = [attribute(attributes, "href"), attribute(attributes, "src")];
      const srcset = attribute(attributes, "srcset");
      if (srcset) urls.push(...srcset.split(",").map((candidate) => candidate.trim().split(/\s+/)[0] ?? ""));

      for (const raw of urls.filter((url): url is string => Boolean(url))) {
        if (/^(mailto|tel|data):/.test(raw)) continue;
        const url = new URL(raw, pageUrl);
        if (url.origin !== new URL(baseUrl).origin) {
          external += 1;
          if (tag.toLowerCase() === "a" && attribute(attributes, "target") === "_blank") {
            const rel = (attribute(attributes, "rel") ?? "").split(/\s+/);
            if (!rel.includes("noopener") || !rel.includes("noreferrer")) {
              broken.push({ page: relative, url: raw, problem: 'opens a new tab without rel="noopener noreferrer"' });
            }
          }
          continue;
        }
        if (raw.startsWith("#")) {
          if (raw.length > 1 && !ids.has(decodeURIComponent(raw.slice(1))) && raw !== "#check-availability") {
            broken.push({ page: relative, url: raw, problem: "no element has this id" });
          }
          continue;
        }
        internal += 1;
        const key = url.pathname + url.search;
        if (!checked.has(key)) {
          const response = await fetch(new URL(key, baseUrl), { method: "GET" });
          await response.arrayBuffer();
          checked.set(key, response.status);
        }
        if (checked.get(key) !== 200) broken.push({ page: relative, url: raw, problem: `answers ${checked.get(key)}` });
      }
    }
  }
  return { internal, external, uniqueInternal: checked.size, broken };
}
