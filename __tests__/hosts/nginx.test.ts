/**
 * @jest-environment node
 *
 * nginx, Debian's own, serving the build with the site's server blocks
 * (deploy/nginx-site.conf, which docs/deploying.md shows) and the rules the build
 * writes (deploy/nginx-headers.conf): `nginx -t` takes them without a
 * warning, and it serves the site as every host must.
 */
import fs from "node:fs";
import http2 from "node:http2";
import path from "node:path";
import { startNginx, type Nginx } from "../../scripts/nginx";
import { projectDir, publicDir, requireBuild } from "./support/built-site";
import { checkHostServesTheBuild } from "./support/host-checks";

jest.setTimeout(60_000);

let host: Nginx;

beforeAll(async () => {
  requireBuild();
  host = await startNginx({ root: publicDir });
});

afterAll(async () => {
  await host?.close();
});

test("docs/deploying.md shows the server blocks the tests run", () => {
  const file = fs.readFileSync(path.join(projectDir, "deploy", "nginx-site.conf"), "utf8");
  const blocks = file.slice(file.indexOf("server {"));
  const page = fs.readFileSync(path.join(projectDir, "docs", "deploying.md"), "utf8");
  expect(/```nginx\n([\s\S]*?)```/.exec(page)?.[1]).toBe(blocks);
});

test("plain http is sent on to the same address over https, on https's own port", async () => {
  const response = await fetch(`${host.plainUrl}/about/?from=link`, { redirect: "manual" });
  expect(response.status).toBe(301);
  expect(response.headers.get("location")).toBe(`https://${new URL(host.plainUrl).hostname}/about/?from=link`);
});

test("nginx -t takes the site's server block and the build's rules without a warning", () => {
  expect(host.configTest).toContain("syntax is ok");
  expect(host.configTest).toContain("test is successful");
  expect(host.configTest).not.toMatch(/\[(warn|emerg|alert|crit)\]/);
});

test("pages and files can be revalidated cheaply: nginx says when they changed", async () => {
  for (const address of ["/about/", "/favicon.png"]) {
    const { headers } = await fetch(`${host.url}${address}`);
    expect({ address, etag: !!headers.get("etag"), modified: !!headers.get("last-modified") }).toEqual({
      address,
      etag: true,
      modified: true,
    });
  }
});

checkHostServesTheBuild(() => host.url);

test("with its certificate, the site's block speaks https and HTTP/2, with the site's headers", async () => {
  const secure = await startNginx({ root: publicDir, tls: true });
  try {
    expect(secure.configTest).not.toMatch(/\[(warn|emerg|alert|crit)\]/);
    // The certificate is made for the test: the client is told to take it, as the audit's browser is.
    const session = http2.connect(secure.url, { rejectUnauthorized: false });
    const headers = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
      const stream = session.request({ ":path": "/about/" });
      stream.on("response", resolve).on("error", reject);
      stream.resume();
    });
    session.close();
    expect(headers[":status"]).toBe(200);
    expect(headers["content-security-policy"]).toContain("script-src 'self'");
  } finally {
    await secure.close();
  }
});
