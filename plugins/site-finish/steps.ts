/**
 * Every job on the site after Gatsby has written public/, in the order they run: each is named, with what it reads
 * and what it writes, so the order is read here and not from the plugin list. What orders them:
 * - the styles' check reads webpack's record of this build, which the output step then removes;
 * - the scripts step rewrites every page, and the headers step, last, hashes each page's inline scripts as they
 *   are then and lists every file the other steps wrote (the sitemap, the version, the industries, the editor).
 */
import { isScriptsLoader } from "./scripts/after-first-paint";
import { rewritePages } from "./scripts/rewrite-pages";
import { trimOutput } from "./output/trim-output";
import { writeHeaders } from "./headers/write-headers";
import { writeSitemap } from "./sitemap/write-sitemap";
import { writeVersion } from "./version/write-version";
import { writeIndustries } from "../site-content/industries";
import { checkStylesCurrent } from "../site-styles/current-styles";
import { writeEditor } from "../site-admin/write-editor";
import type { FinishingStep } from "./step";

export const finishingSteps: readonly FinishingStep[] = [
  {
    name: "editor",
    reads: "the content model, CMS_* settings, the git remote",
    writes: "public/admin/ (Decap's bundle, previews, config.yml)",
    run: ({ reporter }) => writeEditor(reporter),
  },
  {
    name: "sitemap",
    reads: "the pages Gatsby made and data/site.yaml's address (gatsby-node.ts reads them)",
    writes: "public/sitemap.xml, public/robots.txt",
    run: ({ site }) => writeSitemap(site),
  },
  {
    name: "version",
    reads: "the commit being built",
    writes: "public/version.json",
    run: () => writeVersion(),
  },
  {
    name: "industries",
    reads: "data/industries.yaml",
    writes: "public/industries.json (the mail service counts enquiries by them)",
    run: () => writeIndustries(),
  },
  {
    name: "styles",
    reads: "public/webpack.stats.json, every page",
    writes: "nothing: stops a build whose pages carry an earlier build's stylesheet",
    run: ({ reporter }) => checkStylesCurrent(reporter),
  },
  {
    name: "output",
    reads: "public/",
    writes: "removes source maps and webpack.stats.json; stops a page holding a control character",
    run: ({ reporter }) => trimOutput(reporter),
  },
  {
    name: "scripts",
    reads: "every page",
    writes: "every page, its scripts fetched after its first paint",
    run: ({ reporter }) => rewritePages(reporter),
  },
  {
    name: "headers",
    reads: "every page, Gatsby's scripts slice, the files at the top of public/",
    writes: "each page's policy, public/_headers, deploy/nginx-headers.conf",
    run: ({ reporter }) => writeHeaders(reporter, isScriptsLoader),
  },
];
