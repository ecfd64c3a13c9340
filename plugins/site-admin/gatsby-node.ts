/**
 * The content editor at /admin: the Decap CMS bundle from its npm package
 * (never a CDN), the editor configuration derived from the content model, and
 * the previews, bundled from the site's own components. Written into
 * public/admin/ by the build, and made from their sources on each request by
 * the development server.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import yaml from "js-yaml";
import { cmsBackendFrom, cmsConfig } from "./cms-config";
import { buildPreviews } from "./previews";

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  const backend = cmsBackendFrom(process.env, gitOrigin());
  if (backend.name === "github" && !backend.repo) {
    reporter.warn(
      "The content editor at /admin cannot save: no GitHub repository is known. Build with CMS_REPO=<owner>/<name> (see docs/editing.md).",
    );
  }
  for (const file of adminFiles(cmsConfig({ backend }))) {
    const target = path.resolve("public", `.${file.url}`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, await file.body());
  }
};

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = () => {
  // The development server serves public/ ahead of the routes below, so a production build's editor files
  // left there would shadow the development ones (its config.yml would point at the deployed backend).
  if (process.env.gatsby_executing_command === "develop") {
    for (const file of ["config.yml", "previews.js", "previews.css"])
      fs.rmSync(path.resolve("public", "admin", file), { force: true });
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
  const config = cmsConfig({ backend: { name: "proxy", branch: "main", proxyUrl: localBackendUrl() } });
  for (const file of adminFiles(config)) {
    app.get(file.url, async (_request: unknown, response: DevResponse) => {
      response.type(path.extname(file.url)).send(await file.body());
    });
  }
};

interface AdminFile {
  url: string;
  body: () => Buffer | string | Promise<string>;
}

function adminFiles(config: ReturnType<typeof cmsConfig>): AdminFile[] {
  const decapDist = path.resolve("node_modules", "decap-cms", "dist");
  const bundle = fs
    .readdirSync(decapDist)
    .filter((name) => /^(\d+\.)?decap-cms\.js$|\.wasm$/.test(name))
    .map((name) => ({ url: `/admin/${name}`, body: () => fs.readFileSync(path.join(decapDist, name)) }));
  return [
    ...bundle,
    { url: "/admin/previews.js", body: async () => (await buildPreviews()).js },
    { url: "/admin/previews.css", body: async () => (await buildPreviews()).css },
    { url: "/admin/config.yml", body: () => yaml.dump(config, { lineWidth: -1, noRefs: true }) },
  ];
}

/** The address of the git remote "origin", when the site is built from a git clone. */
function gitOrigin(): string | undefined {
  try {
    return execFileSync("git", ["remote", "get-url", "origin"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return undefined;
  }
}

function localBackendUrl(): string {
  return `http://127.0.0.1:${process.env.DECAP_SERVER_PORT ?? "8081"}/api/v1`;
}
