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
 *
 * Saves are the server's own: one at a time, each file written whole beside
 * its place and then renamed over it, so that two saves at once, or a save
 * cut short, never leave a torn file; an upload into the media folder must be
 * a picture, read by its content. No other page may frame the editor, and a
 * request another site's page makes (Sec-Fetch-Site) gets nothing but the
 * editor's page itself, so no page can make it rebuild its previews.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import * as decapServer from "decap-server/dist/middlewares.js";
import express from "express";
import { cmsConfig, configAddress, EDITOR_LANGUAGES } from "../plugins/site-admin/cms-config";
import { configFile, editorFiles } from "../plugins/site-admin/editor-files";
import { imageExtensions, isContentFile } from "../plugins/site-content/model";
import { pictureProblem } from "../plugins/site-content/picture";
import { withoutPrivateDetails } from "../plugins/site-content/picture-metadata";
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

const localHeaders = {
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
  // No other page may frame the editor (a framed editor can be clicked through by the page around it).
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "frame-ancestors 'none'",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};

const EDITOR_PAGES = ["/admin", "/admin/", "/admin/index.html"];

/**
 * Whether a browser says another site's page asked (Sec-Fetch-Site): only a
 * visit to the editor's page itself is taken from there (a link someone
 * followed); a script, a picture or a frame another page loads is refused.
 */
function fromAnotherSite(request: express.Request): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site === undefined || site === "same-origin" || site === "none") return false;
  const visit = request.headers["sec-fetch-mode"] === "navigate" && request.headers["sec-fetch-dest"] === "document";
  return !(visit && EDITOR_PAGES.includes(request.path));
}

interface SavedFile {
  path: string;
  raw?: string;
  content?: string;
  encoding?: string;
}

/** The content folder's own part of a path the editor sends (data/site.yaml → site.yaml). */
const inData = (file: string) => file.replace(/\\/g, "/").replace(/^data\//, "");
const MEDIA = "images/";

/**
 * Why the editor may not write this file, or null: it saves the collections' files and pictures into the media
 * folder (data/images/), each by a picture's name, and nothing else (no other YAML, no drawing, no page).
 */
function writeProblem(file: SavedFile, kind: "entry" | "picture"): string | null {
  const own = inData(file.path);
  if (kind === "entry") {
    return isContentFile(own)
      ? null
      : `${file.path} is not one of the site's content files: the editor saves those alone.`;
  }
  return own.startsWith(MEDIA) && imageExtensions.includes(path.extname(own).toLowerCase())
    ? null
    : `${file.path} is not a picture in data/images/: the editor saves pictures there alone, as ${imageExtensions.join(", ")}.`;
}

const isText = (file: SavedFile | undefined): file is SavedFile =>
  typeof file?.path === "string" && typeof file.raw === "string";
const isUpload = (file: SavedFile | undefined): file is SavedFile =>
  typeof file?.path === "string" && typeof file.content === "string" && file.encoding === "base64";

/**
 * An uploaded picture as it is saved: without where, with what and by whom it was taken (the repository keeps the
 * original for anyone who can read it), the picture itself as it came. The page's own script has taken it out
 * already; a request from elsewhere may not have.
 */
const savedPicture = (asset: SavedFile) => {
  const upload = Buffer.from(asset.content ?? "", "base64");
  return Buffer.from(withoutPrivateDetails(new Uint8Array(upload.buffer, upload.byteOffset, upload.byteLength)));
};

/** Writes a file whole beside its place, then renames it over the place: a reader sees the old or the new file. */
async function writeWhole(target: string, data: Buffer | string): Promise<void> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.saving`);
  try {
    await fs.promises.writeFile(partial, data, { flush: true });
    await fs.promises.rename(partial, target);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

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
    if (ownHosts.has(request.headers.host ?? "") && (!writes || fromOwnPage) && !fromAnotherSite(request)) {
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
  app.get(EDITOR_PAGES, page("admin/index.html"));
  app.get("/favicon.png", page("favicon.png"));
  for (const language of EDITOR_LANGUAGES) {
    app.get(configAddress(language), (request, response) => {
      const backend = { name: "proxy" as const, branch: "main", proxyUrl: `http://${request.headers.host}/api/v1` };
      response.type(".yml").send(configFile(cmsConfig({ backend, language })));
    });
  }
  for (const file of editorFiles(path.join(repository, "data"))) {
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

  // Every change to the files, one at a time, in the order the requests came.
  let changes: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(change: () => Promise<T>): Promise<T> => {
    const done = changes.then(change);
    changes = done.catch(() => undefined);
    return done;
  };
  const repositoryPath = (file: string) => path.resolve(repository, file);
  const uploadProblem = async (asset: SavedFile) =>
    pictureProblem(Buffer.from(asset.content ?? "", "base64"), `"${path.basename(asset.path)}"`);

  app.post("/api/v1", async (request, response, next) => {
    const { action, params = {} } = request.body as { action?: string; params?: Record<string, unknown> };
    try {
      if (action === "persistEntry" && (params.entry as { newPath?: string } | undefined)?.newPath) {
        return void response
          .status(403)
          .json({ error: "The site's content files stay where they are: none is moved." });
      }
      if (action === "persistEntry") {
        const files = (params.dataFiles ?? [params.entry]) as (SavedFile | undefined)[];
        const assets = (params.assets ?? []) as (SavedFile | undefined)[];
        if (!files.every(isText) || !assets.every(isUpload)) {
          return void response.status(422).json({ error: "An entry is saved as text, a picture as base64." });
        }
        const refused = [
          ...files.map((file) => writeProblem(file, "entry")),
          ...assets.map((asset) => writeProblem(asset, "picture")),
        ].find(Boolean);
        if (refused) return void response.status(403).json({ error: refused });
        for (const asset of assets) {
          const problem = await uploadProblem(asset);
          if (problem) return void response.status(422).json({ error: problem });
        }
        await oneAtATime(async () => {
          for (const file of files) await writeWhole(repositoryPath(file.path), file.raw ?? "");
          for (const asset of assets) await writeWhole(repositoryPath(asset.path), savedPicture(asset));
        });
        return void response.json({ message: "entry persisted" });
      }
      if (action === "persistMedia") {
        const asset = params.asset as SavedFile | undefined;
        if (!isUpload(asset)) return void response.status(422).json({ error: "A picture is saved as base64." });
        const refused = writeProblem(asset, "picture");
        if (refused) return void response.status(403).json({ error: refused });
        const problem = await uploadProblem(asset);
        if (problem) return void response.status(422).json({ error: problem });
        const data = savedPicture(asset);
        await oneAtATime(() => writeWhole(repositoryPath(asset.path), data));
        // Answered as decap-server answers a saved picture: what the editor then shows in its media library.
        return void response.json({
          id: createHash("sha256").update(data).digest("hex"),
          content: data.toString("base64"),
          encoding: "base64",
          path: asset.path.replace(/\\/g, "/"),
          name: path.basename(asset.path),
        });
      }
      if (action === "deleteFile" || action === "deleteFiles") {
        // Pictures of the media folder alone: a content file is never deleted.
        const paths = (action === "deleteFile" ? [params.path] : (params.paths ?? [])) as unknown[];
        const refused = paths
          .map((file) => (typeof file === "string" ? writeProblem({ path: file }, "picture") : "A path must be text."))
          .find(Boolean);
        if (refused) return void response.status(403).json({ error: refused });
        // Left to decap-server, still one change at a time.
        return void (await oneAtATime(
          () =>
            new Promise<void>((resolve) => {
              response.once("finish", resolve);
              response.once("close", resolve);
              next();
            }),
        ));
      }
      next();
    } catch (error) {
      next(error);
    }
  });
  await registerLocalFs(app, { logLevel });
  // Answered here rather than by Express, whose own page would replace the headers above.
  app.use((_request: express.Request, response: express.Response) => {
    response.status(404).json({ error: "Not found." });
  });
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
