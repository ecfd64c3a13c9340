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
  | "weak-policy-built"
  | "framing-allowed"
  | "admin-unguarded"
  | "mail-fails"
  | "cors-any-origin"
  | "cors-null-origin"
  | "other-commit"
  | "sign-in-elsewhere"
  | "placeholder-client"
  | "cookie-not-secure"
  | "callback-trusts-anyone";

/** The commit the fake deployment was built from, which its /version.json names. */
export const FAKE_COMMIT = "c0ffee".padEnd(40, "0");

export interface FakeDeployment {
  url: string;
  mailApi: string;
  /** The build's headers file, which check:live compares with. */
  headersFile: string;
  spoil: Spoiler | undefined;
  /** The pages' script-src sources, where a test writes its own in place of the build's. */
  scriptSources: string | undefined;
  close(): Promise<void>;
}

const PAGES = ["/", "/about/"];
export const FAKE_REPOSITORY = "acme-it/website";

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface FakeDeploymentOptions {
  /**
   * The public origin it stands for (https://www.acme-it.ae), when check:live reaches it through --connect-to: the
   * origin its mail service allows and its sign-in sends GitHub back to. Else its own address on this computer.
   */
  publicOrigin?: string;
  /**
   * A build's public/ folder: its pages are served with the headers of its _headers file (the mail service its
   * policy names), and its version.json; else headers made for the fake, and FAKE_COMMIT.
   */
  publicFolder?: string;
}

export async function startFakeDeployment(options: FakeDeploymentOptions = {}): Promise<FakeDeployment> {
  const origin = () => options.publicOrigin ?? deployment.url;
  const deployment: FakeDeployment = {
    url: "",
    mailApi: "",
    headersFile: "",
    spoil: undefined,
    scriptSources: undefined,
    close: async () => {
      await Promise.all([site, mail].map((server) => new Promise((resolve) => server.close(resolve))));
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };

  const mail = http.createServer((request, response) => {
    const from = request.headers.origin ?? "";
    // A service set up to allow any origin answers "*"; one that trusts "null" echoes it.
    const granted =
      deployment.spoil === "cors-any-origin"
        ? "*"
        : from === origin() || (deployment.spoil === "cors-null-origin" && from === "null")
          ? from
          : undefined;
    const cors = granted ? { "Access-Control-Allow-Origin": granted, Vary: "Origin" } : {};
    const url = new URL(request.url ?? "/", "http://x");
    if (url.pathname === "/api/v1/health") return void response.writeHead(200, cors).end("ok");
    if (url.pathname !== "/api/v1/mail-sender") return void response.writeHead(404).end();
    if (request.method === "OPTIONS") {
      return void response
        .writeHead(204, {
          ...cors,
          ...(granted && {
            "Access-Control-Allow-Methods": "POST",
            "Access-Control-Allow-Headers": "Content-Type, Enquiry-Check",
          }),
        })
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
      const scriptSources = deployment.spoil === "any-script" ? "* 'unsafe-inline'" : deployment.scriptSources;
      if (scriptSources && served["content-security-policy"]) {
        served["content-security-policy"] = served["content-security-policy"].replace(
          /script-src [^;]*/,
          `script-src ${scriptSources}`,
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
    if (url.pathname === "/admin/") {
      // A host rule that lost the editor's own: only what every page shares, without a policy, HSTS or framing.
      const unguarded = { "x-content-type-options": "nosniff" };
      return void response
        .writeHead(200, deployment.spoil === "admin-unguarded" ? unguarded : headersOf("/admin/*"))
        .end("<!doctype html><title>Editor</title>");
    }
    if (url.pathname === "/version.json") {
      const built = options.publicFolder && path.join(options.publicFolder, "version.json");
      const commit =
        deployment.spoil === "other-commit"
          ? "bad".padEnd(40, "0")
          : built
            ? (JSON.parse(fs.readFileSync(built, "utf8")) as { commit: string }).commit
            : FAKE_COMMIT;
      return void response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ commit }));
    }
    if (url.pathname === "/admin/config.yml") {
      // The build's own editor configuration, where it made one; else one naming the fake's repository.
      const built = options.publicFolder && path.join(options.publicFolder, "admin", "config.yml");
      return void response
        .writeHead(200)
        .end(
          built && fs.existsSync(built)
            ? fs.readFileSync(built)
            : `backend:\n  name: github\n  repo: ${FAKE_REPOSITORY}\n`,
        );
    }
    if (url.pathname === "/api/auth") {
      const callback =
        deployment.spoil === "sign-in-elsewhere"
          ? "https://sign-in.attacker.example/api/callback"
          : `${origin()}/api/callback`;
      const authorize = new URL("https://github.com/login/oauth/authorize");
      authorize.searchParams.set(
        "client_id",
        deployment.spoil === "placeholder-client" ? "<client id>" : "Iv1.8a61f9b3a7aba766",
      );
      authorize.searchParams.set("redirect_uri", callback);
      authorize.searchParams.set("scope", "repo");
      authorize.searchParams.set("state", "ab".repeat(32));
      // The attributes in an order of their own: any order is the same cookie.
      const attributes = deployment.spoil === "cookie-not-secure" ? "HttpOnly" : "HttpOnly; Secure";
      return void response
        .writeHead(302, {
          location: authorize.toString(),
          "set-cookie": `__Host-editor-sign-in=${"ab".repeat(32)}; Path=/; ${attributes}; Max-Age=600; SameSite=Lax`,
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
  const headersFor = (weak: boolean) => {
    const csp = contentSecurityPolicy({ mailOrigin: new URL(deployment.mailApi).origin, scriptHashes: [] });
    // A build whose policy was weakened: the deployment serves what the build wrote, and the build is wrong.
    const served = weak ? csp.replace(/script-src [^;]*/, "script-src 'self' 'unsafe-inline'") : csp;
    return toHeadersFile(headerRules({ pages: PAGES.map((page) => ({ path: page, csp: served })), hashedAssets: [] }));
  };
  const built = path.join(folder, "_headers");
  const weakBuilt = path.join(folder, "_headers-weak");
  fs.writeFileSync(built, headersFor(false));
  fs.writeFileSync(weakBuilt, headersFor(true));
  Object.defineProperty(deployment, "headersFile", {
    get: () =>
      options.publicFolder
        ? path.join(options.publicFolder, "_headers")
        : deployment.spoil === "weak-policy-built"
          ? weakBuilt
          : built,
  });
  return deployment;
}
