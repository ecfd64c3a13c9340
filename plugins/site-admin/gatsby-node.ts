/**
 * The content editor at /admin: the Decap CMS bundle from its npm package
 * (never a CDN), the editor configuration derived from the content model, and
 * the site's own styles and icons for the previews. Written into public/admin/
 * by the build, and served from their sources by the development server.
 */
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import yaml from "js-yaml";
import { contentIcons } from "../../src/lib/icon-paths";
import { cmsConfig, type CmsBackend } from "./cms-config";

export const onPostBuild: GatsbyNode["onPostBuild"] = () => {
  for (const file of adminFiles({ development: false })) {
    const target = path.resolve("public", `.${file.url}`);
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
