/**
 * Serves the built site (public/) the way a static host does: clean URLs
 * (/about → about/index.html), the nearest 404 page with status 404 (a
 * language's own under its prefix), gzip, and the
 * response headers of public/_headers (the Netlify / Cloudflare Pages format,
 * written by the build; matched as those hosts match it, see host-headers.mjs).
 * Used by `npm start`, the browser tests and the site audit, so all three see
 * what production serves. `npm run serve` runs it from the command line
 * (scripts/serve.mjs).
 *
 * Every request gets an answer and the server keeps serving: a target that is
 * not a path is a 400, a method other than GET or HEAD a 405, a file outside
 * the folder (through ../ or a symbolic link) a 404, all with the security
 * headers. Files are streamed from disk; compressed copies of text files are
 * made once per file and shared by every request, so memory does not grow
 * with the number of downloads.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { answerMalformedRequests, listen, requestPath } from "./http-basics.mjs";
import { headersFor, parseHeadersFile } from "./host-headers.mjs";

const contentTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json; charset=utf-8",
  ".yml": "text/yaml; charset=utf-8",
  ".wasm": "application/wasm",
};

const compressible = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const gzip = promisify(zlib.gzip);

/**
 * Starts the server and resolves once it listens. `port: 0` takes a free port.
 * `headers: false` serves without the _headers rules.
 * @param {{ root?: string, port?: number, host?: string, headers?: boolean }} [options]
 */
export async function startStaticServer({ root = "public", port = 9000, host = "127.0.0.1", headers = true } = {}) {
  const rootDir = fs.realpathSync(path.resolve(root));
  if (!fs.existsSync(path.join(rootDir, "index.html"))) {
    throw new Error(`${rootDir} holds no built site: run \`npm run build\` first.`);
  }
  const headersFile = path.join(rootDir, "_headers");
  const rules = headers && fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, "utf8")) : [];
  // The rules for every address: what an answer carries when it is about no address in particular.
  const everywhere = Object.assign({}, ...rules.filter((rule) => rule.pattern === "/*").map((rule) => rule.headers));

  /** A file of the site for a path, by the host's clean-URL rules, or null; never a file outside the folder. */
  async function resolveFile(urlPath) {
    const relative = path.posix.normalize(urlPath);
    const candidates = [relative, `${relative.replace(/\/$/, "")}.html`, path.posix.join(relative, "index.html")];
    for (const candidate of candidates) {
      const file = path.join(rootDir, candidate);
      try {
        // The real path, symbolic links followed, must still be inside the folder.
        const real = await fs.promises.realpath(file);
        if (!real.startsWith(`${rootDir}${path.sep}`)) continue;
        const stats = await fs.promises.stat(real);
        if (stats.isFile()) return { file: real, stats };
      } catch {
        // Not there: try the next form of the address.
      }
    }
    return null;
  }

  /** The 404.html nearest an address, as Cloudflare Pages picks it: /ar/x gets /ar/404.html, if there is one. */
  async function nearestNotFoundPage(urlPath) {
    const folders = path.posix.normalize(urlPath).split("/").filter(Boolean);
    for (let depth = folders.length; depth >= 0; depth -= 1) {
      const found = await resolveFile(`/${[...folders.slice(0, depth), "404.html"].join("/")}`);
      if (found) return found;
    }
    return null;
  }

  /** gzip copies of text files, one per file and version, shared by every request for it. */
  const compressed = new Map();
  function gzipped(file, stats) {
    const cached = compressed.get(file);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached.body;
    const body = fs.promises.readFile(file).then((content) => gzip(content));
    compressed.set(file, { mtimeMs: stats.mtimeMs, size: stats.size, body });
    body.catch(() => compressed.delete(file));
    return body;
  }

  function answer(response, status, extraHeaders, text) {
    const body = Buffer.from(`${text}\n`);
    response.writeHead(status, {
      ...everywhere,
      ...extraHeaders,
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": body.length,
    });
    response.end(body);
  }

  async function send(request, response, status, { file, stats }, responseHeaders) {
    const type = contentTypes[path.extname(file)] ?? "application/octet-stream";
    const head = { ...responseHeaders, "Content-Type": type };
    const wantsGzip = compressible.test(type) && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
    if (compressible.test(type)) head.Vary = "Accept-Encoding";
    if (wantsGzip) {
      const body = await gzipped(file, stats);
      response.writeHead(status, { ...head, "Content-Encoding": "gzip", "Content-Length": body.length });
      response.end(request.method === "HEAD" ? undefined : body);
      return;
    }
    response.writeHead(status, { ...head, "Content-Length": stats.size });
    if (request.method === "HEAD") {
      response.end();
      return;
    }
    await pipeline(fs.createReadStream(file), response);
  }

  async function handle(request, response) {
    if (request.method !== "GET" && request.method !== "HEAD") {
      answer(response, 405, { Allow: "GET, HEAD" }, "Method not allowed: this site only answers GET and HEAD.");
      return;
    }
    const urlPath = requestPath(request.url);
    if (urlPath === null) {
      answer(response, 400, {}, "Bad request: the address is not a path of this site.");
      return;
    }
    const found = await resolveFile(urlPath);
    if (found) {
      await send(request, response, 200, found, headersFor(rules, urlPath));
      return;
    }
    const notFound = await nearestNotFoundPage(urlPath);
    // The rules of the address asked for, as the hosts apply them, but nothing may cache a missing file for long.
    const notFoundHeaders = { ...headersFor(rules, urlPath), "Cache-Control": "no-cache" };
    if (!notFound) {
      answer(response, 404, notFoundHeaders, "Not found");
      return;
    }
    await send(request, response, 404, notFound, notFoundHeaders);
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error) => {
      // A client that went away mid-download is not an error of ours; anything else is answered if it still can be.
      if (error?.code === "ERR_STREAM_PREMATURE_CLOSE") return;
      if (!response.headersSent) answer(response, 500, {}, "The server could not answer this request.");
      else response.destroy();
    });
  });
  answerMalformedRequests(server, everywhere);
  return listen(server, port, host);
}
