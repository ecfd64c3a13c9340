import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import yaml from "js-yaml";
import { cmsConfig, type CmsBackend } from "./src/lib/cms-config";
import { checkContent, formatProblems } from "./src/lib/content-check";
import { contentTypeDefs } from "./src/lib/content-schema";
import { contentIcons } from "./src/lib/icon-paths";
import { MAIL_API_VARIABLE, mailApiUrlProblem } from "./src/lib/mail-service";
import {
  contentSecurityPolicy,
  headerRules,
  inlineScriptHashes,
  toHeadersFile,
  toNginx,
  withPolicyMeta,
} from "./src/lib/response-headers";
import { robotsTxt, sitemapXml } from "./src/lib/sitemap";

const dataDir = path.resolve("data");
const publicDir = path.resolve("public");
const CONTENT_ERROR = "content";
const CONFIG_ERROR = "configuration";

export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => {
  reporter.setErrorMap({
    [CONTENT_ERROR]: {
      text: (context: { message: string }) => context.message,
      level: "ERROR",
      type: "CONFIG",
      category: "USER",
    },
    [CONFIG_ERROR]: {
      text: (context: { message: string }) => context.message,
      level: "ERROR",
      type: "CONFIG",
      category: "USER",
    },
  });
};

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  // Runs before any file is sourced, so a broken content edit stops the build with
  // the editor-facing message instead of a GraphQL error further down.
  const problems = checkContent(dataDir);
  if (problems.length > 0) {
    reporter.panic({ id: CONTENT_ERROR, context: { message: formatProblems(problems) } });
  }

  // A production site must never ship a form that posts nowhere; in development a warning is enough.
  const mailProblem = mailApiUrlProblem(process.env[MAIL_API_VARIABLE]);
  if (mailProblem && process.env.gatsby_executing_command === "build") {
    reporter.panic({ id: CONFIG_ERROR, context: { message: mailProblem } });
  } else if (mailProblem) {
    reporter.warn(`${mailProblem} Until then, the enquiry form shows its failure message.`);
  }
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs());
};

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter }) => {
  const { data, errors } = await graphql<Queries.SitemapQuery>(`
    query Sitemap {
      siteYaml {
        siteUrl
      }
      allSitePage {
        nodes {
          path
        }
      }
    }
  `);
  if (errors || !data?.siteYaml) {
    reporter.panic("The sitemap could not be written: the pages or the site address could not be read.", errors);
    return;
  }
  const { siteUrl } = data.siteYaml;
  const paths = data.allSitePage.nodes.map((node) => node.path);
  fs.writeFileSync(path.join(publicDir, "sitemap.xml"), sitemapXml(siteUrl, paths));
  fs.writeFileSync(path.join(publicDir, "robots.txt"), robotsTxt(siteUrl));
  writeResponseHeaders();
  for (const file of adminFiles({ development: false })) {
    const target = path.join(publicDir, file.url);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.body());
  }
};

/** The part of Express's response the development routes use (Gatsby types the dev server as `any`). */
interface DevResponse {
  type(extension: string): { send(body: Buffer | string): void };
}

// In development the editor's files are served straight from their sources, so `npm run edit` needs no build.
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = ({ app }) => {
  // The development server answers HTML requests with its page router, which knows nothing of static/admin/.
  app.get(["/admin/", "/admin/index.html"], (_request: unknown, response: DevResponse) => {
    response.type(".html").send(fs.readFileSync(path.resolve("static", "admin", "index.html")));
  });
  for (const file of adminFiles({ development: true })) {
    app.get(file.url, (_request: unknown, response: DevResponse) => {
      response.type(path.extname(file.url)).send(file.body());
    });
  }
};

/**
 * What /admin needs besides static/admin/: the Decap CMS bundle from its npm
 * package (never a CDN), the editor configuration derived from the content
 * model, and the site's own styles and icons for the previews.
 */
function adminFiles({ development }: { development: boolean }): { url: string; body: () => Buffer | string }[] {
  const decapDist = path.resolve("node_modules", "decap-cms", "dist");
  const bundle = fs
    .readdirSync(decapDist)
    .filter((name) => /^(\d+\.)?decap-cms\.js$|\.wasm$/.test(name))
    .map((name) => ({ url: `/admin/${name}`, body: () => fs.readFileSync(path.join(decapDist, name)) }));
  const siteStyles = [
    "src/styles/tokens.css",
    "src/components/slideshow.module.css",
    "src/components/service-card.module.css",
    "src/components/service-list.module.css",
  ].map((source) => ({
    url: `/admin/styles/${path.basename(source).replace(".module", "")}`,
    body: () => fs.readFileSync(path.resolve(source)),
  }));
  return [
    ...bundle,
    ...siteStyles,
    { url: "/admin/icons.json", body: () => JSON.stringify(contentIcons) },
    {
      url: "/admin/config.yml",
      body: () =>
        yaml.dump(cmsConfig({ backend: cmsBackend(), localBackendUrl: development ? localBackendUrl() : undefined }), {
          lineWidth: -1,
          noRefs: true,
        }),
    },
  ];
}

/** Where the deployed editor saves: set with CMS_BACKEND, CMS_BRANCH, CMS_REPO and CMS_AUTH_URL (see README). */
function cmsBackend(): CmsBackend {
  const name = process.env.CMS_BACKEND === "github" ? "github" : "git-gateway";
  return {
    name,
    branch: process.env.CMS_BRANCH ?? "main",
    repo: process.env.CMS_REPO,
    baseUrl: process.env.CMS_AUTH_URL,
  };
}

function localBackendUrl(): string {
  return `http://127.0.0.1:${process.env.DECAP_SERVER_PORT ?? "8081"}/api/v1`;
}

/**
 * public/_headers for Netlify and Cloudflare Pages, deploy/nginx-headers.conf
 * with the same rules, and the site's policy inside each page as well.
 */
function writeResponseHeaders(): void {
  const htmlFiles = filesBelow(publicDir).filter((file) => file.endsWith(".html"));
  const csp = contentSecurityPolicy({
    // The build has already refused to run without a usable address.
    mailOrigin: new URL(String(process.env[MAIL_API_VARIABLE])).origin,
    scriptHashes: htmlFiles.flatMap((file) => inlineScriptHashes(fs.readFileSync(file, "utf8"))),
  });
  const pages = htmlFiles
    .map((file) => {
      const relative = `/${path.relative(publicDir, file).split(path.sep).join("/")}`;
      return { file, urlPath: relative === "/index.html" ? "/" : relative.replace(/\/index\.html$/, "") };
    })
    // The editor has a policy of its own, and Gatsby's slice fragments are not pages.
    .filter(({ urlPath }) => !/^\/(admin|_gatsby)(\/|$)/.test(urlPath));
  for (const { file } of pages) fs.writeFileSync(file, withPolicyMeta(fs.readFileSync(file, "utf8"), csp));
  const hashedAssets = fs
    .readdirSync(publicDir)
    .filter((name) => /-[0-9a-f]{20}\.(js|css)$/.test(name))
    .map((name) => `/${name}`);
  const rules = headerRules({
    csp,
    pagePaths: pages.map(({ urlPath }) => urlPath).sort(),
    hashedAssets: hashedAssets.sort(),
  });
  fs.writeFileSync(path.join(publicDir, "_headers"), toHeadersFile(rules));
  fs.mkdirSync(path.resolve("deploy"), { recursive: true });
  fs.writeFileSync(path.resolve("deploy", "nginx-headers.conf"), toNginx(rules));
}

function filesBelow(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesBelow(full) : [full];
  });
}
