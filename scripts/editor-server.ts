/**
 * The content editor on this computer (`npm run edit`): one server, on
 * 127.0.0.1, with the editor's page, Decap's bundle, the previews drawn by the
 * site's own components, the configuration, and at /api/v1 the editor's
 * backend: Decap's own file-system middleware (decap-server), which writes the
 * editor's changes into data/ of the working tree. Nothing is built first, so
 * it is ready in a second or two.
 *
 * The backend writes files, so the server answers only requests addressed to
 * it by name (127.0.0.1 or localhost and its port, against DNS rebinding), and
 * writes only for its own page: a request whose Origin is any other (another
 * site's page, another local server's) is refused with 403 before its body is
 * read.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import * as decapServer from "decap-server/dist/middlewares.js";
import express from "express";
import { cmsConfig } from "../plugins/site-admin/cms-config";
import { configFile, editorFiles } from "../plugins/site-admin/editor-files";
import { answerMalformedRequests, listen } from "./http-basics.mjs";

// A CommonJS bundle: tsx hands its exports over as the default export, Babel (the unit tests) as named ones.
const { registerLocalFs } =
  "registerLocalFs" in decapServer ? decapServer : (decapServer as unknown as { default: typeof decapServer }).default;

const localHeaders = { "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" };

export interface EditorServerOptions {
  /** 0 takes a free port. */
  port: number;
  /** The folder the editor's paths (data/...) are relative to: the project. */
  repository: string;
  host?: string;
  /** decap-server's log level. */
  logLevel?: string;
}

export async function startEditorServer({
  port,
  repository,
  host = "127.0.0.1",
  logLevel = "warn",
}: EditorServerOptions) {
  // decap-server reads where to write from its environment.
  process.env.GIT_REPO_DIRECTORY = repository;
  const app = express();
  const server = http.createServer(app);
  let ownHosts = new Set<string>();

  app.disable("x-powered-by");
  app.use((request, response, next) => {
    const origin = request.headers.origin;
    const fromOwnPage = origin !== undefined && ownHosts.has(origin.replace(/^http:\/\//, ""));
    const writes = request.method !== "GET" && request.method !== "HEAD";
    if (ownHosts.has(request.headers.host ?? "") && (!writes || fromOwnPage)) {
      response.set(localHeaders);
      next();
      return;
    }
    response
      .status(403)
      .set({ ...localHeaders, Connection: "close" })
      .json({ error: `Refused: this editor only answers its own page, at ${[...ownHosts].join(" or ")}.` });
  });

  const staticFolder = path.join(repository, "static");
  const page = (file: string) => (_request: express.Request, response: express.Response) =>
    response.type(path.extname(file)).send(fs.readFileSync(path.join(staticFolder, file)));
  app.get(["/admin", "/admin/", "/admin/index.html"], page("admin/index.html"));
  app.get("/favicon.svg", page("favicon.svg"));
  app.get("/admin/config.yml", (request, response) => {
    const backend = { name: "proxy" as const, branch: "main", proxyUrl: `http://${request.headers.host}/api/v1` };
    response.type(".yml").send(configFile(cmsConfig({ backend })));
  });
  for (const file of editorFiles()) {
    app.get(file.url, async (_request, response, next) => {
      try {
        response.type(path.extname(file.url)).send(await file.body());
      } catch (error) {
        next(error);
      }
    });
  }
  await registerLocalFs(app, { logLevel });

  answerMalformedRequests(server, localHeaders);
  const address = await listen(server, port, host);
  ownHosts = new Set([`127.0.0.1:${address.port}`, `localhost:${address.port}`]);
  return { ...address, editorUrl: `${address.url}/admin/`, apiUrl: `${address.url}/api/v1` };
}
