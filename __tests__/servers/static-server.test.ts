/**
 * @jest-environment node
 *
 * The local static server (npm start, npm run serve, the browser tests, the
 * audit) against requests a careless client or a hostile page sends. It
 * serves a small site of its own here, written by the test.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startStaticServer } from "../../scripts/static-server.mjs";
import { rawGet, rawRequest } from "./raw-request";

jest.setTimeout(60_000);

const SECURITY = { "x-content-type-options": "nosniff", "x-frame-options": "DENY" };
const headersFile = `/*
  X-Content-Type-Options: nosniff
  X-Frame-Options: DENY

/static/*
  Cache-Control: public, max-age=31536000, immutable

/
  Cache-Control: public, max-age=0, must-revalidate
`;

let site: string;
let server: Awaited<ReturnType<typeof startStaticServer>>;

beforeAll(async () => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), "static-server-"));
  fs.writeFileSync(path.join(site, "index.html"), "<!doctype html><title>Home</title>");
  fs.writeFileSync(path.join(site, "404.html"), "<!doctype html><title>Not found</title>");
  fs.mkdirSync(path.join(site, "about"));
  fs.writeFileSync(path.join(site, "about", "index.html"), "<!doctype html><title>About</title>");
  fs.mkdirSync(path.join(site, "static"));
  fs.writeFileSync(path.join(site, "static", "picture.jpg"), "not really a picture");
  fs.writeFileSync(path.join(site, "_headers"), headersFile);
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), "outside-"));
  fs.writeFileSync(path.join(outside, "secret.txt"), "secret");
  fs.symlinkSync(path.join(outside, "secret.txt"), path.join(site, "leak.txt"));
  fs.symlinkSync(outside, path.join(site, "linked-folder"));
  server = await startStaticServer({ root: site, port: 0 });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(site, { recursive: true, force: true });
});

const get = (target: string, init?: RequestInit) => fetch(`${server.url}${target}`, init);

async function stillServing() {
  const response = await get("/about");
  expect(response.status).toBe(200);
  expect(await response.text()).toContain("About");
}

test.each(["/%", "/%c0%ae", "/a%ZZb", "/%00", "http://[::1/", "*"])(
  "%s is answered 400 with the security headers, and the server keeps serving",
  async (target) => {
    const { status, headers } = await rawGet(server.port, target);
    expect(status).toBe(400);
    expect(headers).toMatchObject(SECURITY);
    await stillServing();
  },
);

test("an absolute-form target that is well formed is served like its path", async () => {
  const { status } = await rawGet(server.port, `http://127.0.0.1:${server.port}/about`);
  expect(status).toBe(200);
});

test("a request line Node cannot parse is answered 400 with the security headers", async () => {
  const { status, headers } = await rawRequest(server.port, "GET / HTTP/9.9 extra\r\n\r\n");
  expect(status).toBe(400);
  expect(headers).toMatchObject(SECURITY);
  await stillServing();
});

test("headers too large are answered 431", async () => {
  const { status } = await rawRequest(server.port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
  expect(status).toBe(431);
  await stillServing();
});

test.each(["/leak.txt", "/linked-folder/secret.txt", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd"])(
  "%s, outside the served folder, is not served",
  async (target) => {
    const response = await get(target);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("secret");
  },
);

test.each(["POST", "PUT", "DELETE", "OPTIONS"])(
  "%s is answered 405 with Allow and the security headers",
  async (method) => {
    const response = await get("/", { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  },
);

test("a missing file is the 404 page, with the security headers and never cached for long", async () => {
  for (const target of ["/static/missing.jpg", "/no-such-page"]) {
    const response = await get(target);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Not found");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-cache");
  }
  expect((await get("/static/picture.jpg")).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
});

test("HEAD answers the headers of GET without a body", async () => {
  const response = await get("/about", { method: "HEAD" });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(await response.text()).toBe("");
});

test("text is sent gzip-compressed to clients that accept it, as it is to others", async () => {
  const compressed = await new Promise<http.IncomingMessage>((resolve) =>
    http.get(`${server.url}/about`, { headers: { "Accept-Encoding": "gzip" } }, resolve),
  );
  expect(compressed.headers["content-encoding"]).toBe("gzip");
  compressed.resume();
  const plain = await new Promise<http.IncomingMessage>((resolve) => http.get(`${server.url}/about`, resolve));
  expect(plain.headers["content-encoding"]).toBeUndefined();
  plain.resume();
});

test("300 downloads at once of a 5 MB file do not make the server hold 300 copies of it", async () => {
  const big = fs.mkdtempSync(path.join(os.tmpdir(), "big-site-"));
  fs.writeFileSync(path.join(big, "index.html"), "<!doctype html>");
  fs.writeFileSync(path.join(big, "bundle.bin"), Buffer.alloc(5 * 1024 * 1024, 7));
  // In a process of its own, so that its memory is what is measured.
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { startStaticServer } = await import(${JSON.stringify(path.resolve(__dirname, "../../scripts/static-server.mjs"))});
       const server = await startStaticServer({ root: ${JSON.stringify(big)}, port: 0 });
       process.stdout.write(String(server.port) + "\\n");
       setInterval(() => process.stdout.write("rss " + process.memoryUsage().rss + "\\n"), 50);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  try {
    const lines: string[] = [];
    child.stdout.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
    while (lines.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const port = Number(lines[0]);
    const agent = new http.Agent({ maxSockets: 300 });
    const downloads = Array.from(
      { length: 300 },
      () =>
        new Promise<number>((resolve, reject) => {
          http
            .get({ host: "127.0.0.1", port, path: "/bundle.bin", agent }, (response) => {
              let bytes = 0;
              // Slow readers: each takes its time, as phones on a poor network would.
              response.on("data", (chunk: Buffer) => {
                bytes += chunk.length;
                response.pause();
                setTimeout(() => response.resume(), 5);
              });
              response.on("end", () => resolve(bytes));
            })
            .on("error", reject);
        }),
    );
    const sizes = await Promise.all(downloads);
    agent.destroy();
    expect(sizes.every((size) => size === 5 * 1024 * 1024)).toBe(true);
    const peak = Math.max(...lines.filter((line) => line.startsWith("rss ")).map((line) => Number(line.slice(4))));
    expect(peak).toBeLessThan(300 * 1024 * 1024);
  } finally {
    child.kill();
    fs.rmSync(big, { recursive: true, force: true });
  }
});
