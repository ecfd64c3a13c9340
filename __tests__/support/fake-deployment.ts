/**
 * A deployment of the site as check:live meets one, on 127.0.0.1: two pages
 * in a sitemap, with the headers the site's own rules give them (written to
 * a _headers file as the build writes it, the reference check:live reads),
 * the not-found page of each language, the editor, the sign-in's two
 * addresses, and a mail service on a port of its own. `spoil` makes one thing
 * wrong, as a host, a setting or an attacker might: the tests check that
 * check:live fails on each, naming it, and passes the unspoilt one.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { languages, localizedPath } from "../../contract/src/languages";
import { contentSecurityPolicy, headerRules, toHeadersFile } from "../../plugins/site-finish/headers/response-headers";
import { readHeadersFile } from "../../scripts/check-live";

export type Spoiler =
  | "hsts-off"
  | "any-script"
  | "framing-allowed"
  | "mail-fails"
  | "sign-in-elsewhere"
  | "placeholder-client"
  | "callback-trusts-anyone";

export interface FakeDeployment {
  url: string;
  mailApi: string;
  /** The build's headers file, which check:live compares with. */
  headersFile: string;
  spoil: Spoiler | undefined;
  close(): Promise<void>;
}

const PAGES = ["/", "/about/"];
export const FAKE_REPOSITORY = "acme-it/website";

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startFakeDeployment(): Promise<FakeDeployment> {
  const deployment: FakeDeployment = {
    url: "",
    mailApi: "",
    headersFile: "",
    spoil: undefined,
    close: async () => {
      await Promise.all([site, mail].map((server) => new Promise((resolve) => server.close(resolve))));
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };

  const mail = http.createServer((request, response) => {
    const origin = request.headers.origin ?? "";
    const cors = origin === deployment.url ? { "Access-Control-Allow-Origin": origin, Vary: "Origin" } : {};
    const url = new URL(request.url ?? "/", "http://x");
    if (url.pathname === "/api/v1/health") return void response.writeHead(200, cors).end("ok");
    if (url.pathname !== "/api/v1/mail-sender") return void response.writeHead(404).end();
    if (request.method === "OPTIONS") {
      return void response
        .writeHead(204, { ...cors, ...(origin === deployment.url && { "Access-Control-Allow-Methods": "POST" }) })
        .end();
    }
    const status = deployment.spoil === "mail-fails" ? 500 : 400;
    response.writeHead(status, { ...cors, "Content-Type": "application/json" }).end('{"error":"missing fields"}');
  });
  deployment.mailApi = `${await listen(mail)}/api/v1`;

  const site = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", deployment.url);
    const rules = readHeadersFile(fs.readFileSync(deployment.headersFile, "utf8"));
    const headersOf = (page: string) => ({
      ...rules.find((rule) => rule.path === "/*")?.headers,
      ...rules.find((rule) => rule.path === page)?.headers,
    });
    const send = (status: number, headers: Record<string, string>, body: string) => {
      const served: Record<string, string> = { ...headers, "content-type": "text/html; charset=utf-8" };
      if (deployment.spoil === "hsts-off") served["strict-transport-security"] = "max-age=0";
      if (deployment.spoil === "any-script" && served["content-security-policy"]) {
        served["content-security-policy"] = served["content-security-policy"].replace(
          /script-src [^;]*/,
          "script-src * 'unsafe-inline'",
        );
      }
      if (deployment.spoil === "framing-allowed") {
        delete served["x-frame-options"];
        if (served["content-security-policy"]) {
          served["content-security-policy"] = served["content-security-policy"].replace("; frame-ancestors 'none'", "");
        }
      }
      response.writeHead(status, served).end(body);
    };
    if (url.pathname === "/sitemap.xml") {
      return void response
        .writeHead(200, { "content-type": "application/xml" })
        .end(`<urlset>${PAGES.map((page) => `<loc>https://www.acme-it.ae${page}</loc>`).join("")}</urlset>`);
    }
    if (PAGES.includes(url.pathname)) {
      return send(200, headersOf(url.pathname), `<!doctype html><html lang="en"><title>Acme</title></html>`);
    }
    if (url.pathname === "/admin/") return send(200, headersOf("/admin/*"), "<!doctype html><title>Editor</title>");
    if (url.pathname === "/admin/config.yml") {
      return void response.writeHead(200).end(`backend:\n  name: github\n  repo: ${FAKE_REPOSITORY}\n`);
    }
    if (url.pathname === "/api/auth") {
      const callback =
        deployment.spoil === "sign-in-elsewhere"
          ? "https://sign-in.attacker.example/api/callback"
          : `${deployment.url}/api/callback`;
      const authorize = new URL("https://github.com/login/oauth/authorize");
      authorize.searchParams.set(
        "client_id",
        deployment.spoil === "placeholder-client" ? "<client id>" : "Iv1.8a61f9b3a7aba766",
      );
      authorize.searchParams.set("redirect_uri", callback);
      authorize.searchParams.set("scope", "repo");
      authorize.searchParams.set("state", "ab".repeat(32));
      return void response
        .writeHead(302, {
          location: authorize.toString(),
          "set-cookie": `__Host-editor-sign-in=${"ab".repeat(32)}; Path=/; Max-Age=600; Secure; HttpOnly; SameSite=Lax`,
        })
        .end();
    }
    if (url.pathname === "/api/callback") {
      return send(
        deployment.spoil === "callback-trusts-anyone" ? 200 : 403,
        {},
        "<!doctype html><title>Sign-in</title>",
      );
    }
    // Any other address: the not-found page of its language.
    const language = languages.find(({ code }) => code !== "en" && url.pathname.startsWith(localizedPath("/", code)));
    send(404, headersOf("/*"), `<!doctype html><html lang="${language?.code ?? "en"}"><title>Not found</title></html>`);
  });
  deployment.url = await listen(site);

  // The headers as the build writes them for these pages: the site's own rules, its policy with this mail service.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "fake-deployment-"));
  deployment.headersFile = path.join(folder, "_headers");
  const csp = contentSecurityPolicy({ mailOrigin: new URL(deployment.mailApi).origin, scriptHashes: [] });
  fs.writeFileSync(
    deployment.headersFile,
    toHeadersFile(headerRules({ pages: PAGES.map((page) => ({ path: page, csp })), hashedAssets: [] })),
  );
  return deployment;
}
