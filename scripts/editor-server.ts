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
 * read. And it reads and writes only inside data/, the folder the editor is
 * configured for (its media folder is data/images): any other path, one that
 * leaves data/ through a link, or one that runs through a file as if it were
 * a folder, is refused before decap-server sees the request.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import * as decapServer from "decap-server/dist/middlewares.js";
import express from "express";
import { cmsConfig } from "../plugins/site-admin/cms-config";
import { configFile, editorFiles } from "../plugins/site-admin/editor-files";
import { answerEveryRequest, listen } from "./http-basics";

// A CommonJS bundle: tsx hands its exports over as the default export, Babel (the unit tests) as named ones.
const { registerLocalFs } =
  "registerLocalFs" in decapServer ? decapServer : (decapServer as unknown as { default: typeof decapServer }).default;

/** Every path-like parameter of decap-server's file-system actions. */
function requestedPaths(body: unknown): unknown[] {
  const params = (body as { params?: Record<string, unknown> } | undefined)?.params ?? {};
  const files = (list: unknown) => (Array.isArray(list) ? list : []) as Array<Record<string, unknown> | undefined>;
  return [
    params.path,
    params.folder,
    params.mediaFolder,
    ...(Array.isArray(params.paths) ? params.paths : []),
    ...[params.entry as Record<string, unknown> | undefined, ...files(params.dataFiles)].flatMap((entry) =>
      entry ? [entry.path, ...(entry.newPath === undefined ? [] : [entry.newPath])] : [],
    ),
    ...[params.asset as Record<string, unknown> | undefined, ...files(params.assets), ...files(params.files)].map(
      (file) => file?.path,
    ),
  ].filter((value) => value !== undefined);
}

/** Why the editor may not touch a path, or null when it lies inside the content folder. */
function contentPathProblem(contentRoot: string, requested: unknown): string | null {
  if (typeof requested !== "string") return "A path must be text.";
  const root = fs.realpathSync(contentRoot);
  const target = path.resolve(contentRoot, "..", requested);
  const outside = `${requested} is outside ${path.basename(contentRoot)}/, the only folder the editor may change.`;
  if (target !== contentRoot && !target.startsWith(`${contentRoot}${path.sep}`)) return outside;
  let existing = target;
  while (!fs.existsSync(existing)) existing = path.dirname(existing);
  const real = fs.realpathSync(existing);
  if (real !== root && !real.startsWith(`${root}${path.sep}`)) return outside;
  if (existing !== target && !fs.statSync(real).isDirectory()) {
    return `${requested} runs through ${path.relative(path.dirname(contentRoot), existing)}, which is a file, not a folder.`;
  }
  return null;
}

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
  app.get("/favicon.png", page("favicon.png"));
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
  const contentRoot = path.join(path.resolve(repository), "data");
  app.post("/api/v1", express.json({ limit: "20mb" }), (request, response, next) => {
    const problem = requestedPaths(request.body)
      .map((requested) => contentPathProblem(contentRoot, requested))
      .find(Boolean);
    if (problem) response.status(403).json({ error: problem });
    else next();
  });
  await registerLocalFs(app, { logLevel });
  // Express's own error page would show a stack trace; a bad request gets its status and one line.
  app.use(
    (
      error: Error & { status?: number },
      _request: express.Request,
      response: express.Response,
      _next: express.NextFunction,
    ) => {
      response
        .status(error.status ?? 500)
        .json({ error: error.status ? error.message : "The editor server failed; see its log." });
      if (!error.status) console.error(error);
    },
  );

  answerEveryRequest(server, localHeaders);
  const address = await listen(server, port, host);
  ownHosts = new Set([`127.0.0.1:${address.port}`, `localhost:${address.port}`]);
  return { ...address, editorUrl: `${address.url}/admin/`, apiUrl: `${address.url}/api/v1` };
}
