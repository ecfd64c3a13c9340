/**
 * The site audit: builds the production site, serves it on 127.0.0.1 with
 * nginx as it deploys there (nginx.ts), and measures every page — Lighthouse (mobile and
 * desktop), axe-core, links and bytes (HTML validity: npm run test:html). Writes
 * artifacts/audit/report.json and report.md, prints the tables, then checks
 * the budgets of scripts/audit/budgets.ts and fails if one is broken.
 *
 *   npm run audit:site [-- --no-build] [-- --runs 5]
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { runAxe } from "./audit/accessibility";
import { checkBudgets, exemptions } from "./audit/budgets";
import { measureBytes } from "./audit/bytes";
import { runLighthouse } from "./audit/lighthouse";
import { checkLinks } from "./audit/links";
import { toMarkdown } from "./audit/report";
import type { AuditPage, AuditReport } from "./audit/report-types";
import { listShippedPackages } from "./audit/shipped-packages";
import { defaultLanguage, languages, parsePath } from "../src/lib/languages";
import { startNginx } from "./nginx";

const usage = `npm run audit:site [-- --no-build] [-- --runs N]

Builds the site (unless --no-build), serves it with nginx on 127.0.0.1 and measures every page: Lighthouse
mobile and desktop (median of N runs, 5 unless --runs), axe, links and bytes. Writes artifacts/audit/report.json
and report.md, prints the tables and fails if a budget of scripts/audit/budgets.ts is broken.`;

/** The options, or the usage: printed on --help, and with the error for an unknown option or a bad --runs. */
function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        "no-build": { type: "boolean", default: false },
        runs: { type: "string", default: "5" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    if (!/^[1-9]\d*$/.test(values.runs)) throw new Error(`--runs takes a whole number of runs, not "${values.runs}".`);
    return values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}

async function main() {
  const values = readOptions();

  const publicDir = path.resolve("public");
  const outDir = path.resolve("artifacts", "audit");

  if (!values["no-build"]) {
    const env = {
      ...process.env,
      GATSBY_TELEMETRY_DISABLED: "1",
      GATSBY_MAIL_API_URL: process.env.GATSBY_MAIL_API_URL ?? "http://127.0.0.1:8025/api/v1",
    };
    const build = spawnSync("npx", ["gatsby", "build"], { stdio: ["ignore", "ignore", "inherit"], env });
    if (build.status !== 0) throw new Error("The build failed; run `npm run build` to see why.");
  }

  const htmlFiles = fs
    .readdirSync(publicDir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".html"))
    .map((name) => path.join(publicDir, name))
    .filter((file) => fs.statSync(file).isFile());

  // Every page the site lists for search engines, in every language, and each language's not-found page at an
  // unknown address. Names read "home", "about"..., and "ar-home", "ar-about"... for the Arabic ones.
  const sitemap = fs.readFileSync(path.join(publicDir, "sitemap.xml"), "utf8");
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, location = ""]) => new URL(location).pathname);
  const nameOf = (urlPath: string) => {
    const { language, route } = parsePath(urlPath);
    const page = route.split("/").filter(Boolean).join("-") || "home";
    return language === defaultLanguage ? page : `${language.code}-${page}`;
  };
  const pages: AuditPage[] = [
    ...listed.map((urlPath) => ({
      name: nameOf(urlPath),
      path: urlPath,
      file: path.join(publicDir, urlPath, "index.html"),
    })),
    ...languages.map(({ prefix }) => ({
      name: nameOf(`${prefix}/404/`),
      path: `${prefix}/no-such-page`,
      file: path.join(publicDir, prefix, "404.html"),
      notFound: true,
    })),
  ];
  // Lighthouse refuses to audit a response with status 404, so it reads the same page at its own address.
  const lighthousePages = pages.map((page) =>
    page.notFound ? { ...page, path: `${page.path.replace(/\/no-such-page$/, "")}/404.html` } : page,
  );

  const server = await startNginx({ root: publicDir });
  let report: AuditReport;
  try {
    console.log(`Auditing ${server.url}`);
    const links = await checkLinks(server.url, publicDir, htmlFiles);
    const bytes = await measureBytes(server.url, publicDir, pages);
    const axe = await runAxe(server.url, pages);
    const lighthouse = await runLighthouse(server.url, lighthousePages, { runs: Number(values.runs) });
    // The build keeps the source maps out of public/ (plugins/site-deploy).
    const shippedPackages = listShippedPackages(path.resolve(".cache", "build-records"));
    report = {
      measuredAt: new Date().toISOString(),
      lighthouse,
      axe,
      links,
      bytes,
      shippedPackages,
      exemptions,
    };
  } finally {
    await server.close();
  }

  fs.mkdirSync(outDir, { recursive: true });
  const markdown = toMarkdown(report);
  fs.writeFileSync(path.join(outDir, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, "report.md"), markdown);
  console.log(`\n${markdown}`);

  const failures = checkBudgets(report, { exempted: exemptions });
  for (const { page, figure, reason } of exemptions)
    console.log(`Not enforced: ${figure} on ${page === "*" ? "every page" : page}: ${reason}.`);
  if (failures.length > 0) {
    console.error(`\n${failures.length} budget(s) broken:\n- ${failures.join("\n- ")}`);
    process.exit(1);
  }
  console.log("\nAll budgets hold.");
}

void main();
