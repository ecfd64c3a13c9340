/**
 * Serves the built site (public/) the way a static host does: clean URLs
 * (/about → about/index.html), the 404 page with status 404, gzip, and the
 * response headers of public/_headers (the Netlify / Cloudflare Pages format,
 * written by the build; matched as those hosts match it, see host-headers.mjs).
 * Used by `npm start`, the browser tests and the site audit, so all three see
 * what production serves.
 * `npm run serve` runs it from the command line (scripts/serve.mjs).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
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

function resolveFile(root, urlPath) {
  const decoded = decodeURIComponent(urlPath);
  const candidates = [decoded, `${decoded.replace(/\/$/, "")}.html`, path.posix.join(decoded, "index.html")];
  for (const candidate of candidates) {
    const file = path.join(root, path.normalize(candidate));
    if (!file.startsWith(root)) return null;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * Starts the server and resolves once it listens. `headers: false` serves
 * without the _headers rules.
 */
export function startStaticServer({ root = "public", port = 9000, host = "127.0.0.1", headers = true } = {}) {
  const rootDir = path.resolve(root);
  if (!fs.existsSync(path.join(rootDir, "index.html"))) {
    throw new Error(`${rootDir} holds no built site: run \`npm run build\` first.`);
  }
  const headersFile = path.join(rootDir, "_headers");
  const rules = headers && fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, "utf8")) : [];

  // Compressed once per file, so serving a page costs the server (and the benchmarks sharing its CPU) next to nothing.
  const gzipped = new Map();
  const compress = (file, body) => {
    const key = `${file}:${fs.statSync(file).mtimeMs}`;
    if (!gzipped.has(key)) gzipped.set(key, zlib.gzipSync(body));
    return gzipped.get(key);
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    let file = resolveFile(rootDir, url.pathname);
    let status = 200;
    if (!file) {
      status = 404;
      file = path.join(rootDir, "404.html");
      if (!fs.existsSync(file)) {
        response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
        return;
      }
    }
    const type = contentTypes[path.extname(file)] ?? "application/octet-stream";
    let body = fs.readFileSync(file);
    const responseHeaders = { ...headersFor(rules, url.pathname), "Content-Type": type, Vary: "Accept-Encoding" };
    if (compressible.test(type) && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "")) {
      body = compress(file, body);
      responseHeaders["Content-Encoding"] = "gzip";
    }
    responseHeaders["Content-Length"] = body.length;
    response.writeHead(status, responseHeaders);
    response.end(request.method === "HEAD" ? undefined : body);
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const { port: actualPort } = server.address();
      resolve({
        url: `http://${host}:${actualPort}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
