/** @jest-environment node */
import { createHash } from "node:crypto";
import {
  adminContentSecurityPolicy,
  contentSecurityPolicy,
  headerRules,
  isPageLoaderScript,
  policyMetaElement,
  scriptHash,
  securityHeaders,
  toHeadersFile,
  toNginx,
  withPolicyMeta,
} from "../../plugins/site-finish/headers/response-headers";
import { inlineScripts } from "../../plugins/built-pages";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

test("the scripts a browser would run are found; external scripts and data blocks such as JSON-LD are not", () => {
  const html = [
    `<script>window.pagePath="/about";</script>`,
    `<script src="/app-1234.js" async></script>`,
    `<script type="application/ld+json">{"@type":"ProfessionalService"}</script>`,
    `<script id="gatsby-chunk-mapping">\n  window.___chunkMapping="{}";\n</script>`,
    `<SCRIPT type="module">import "/x.js"</script >`,
    `<script type="text/javascript">run()</script>`,
  ].join("");
  expect(inlineScripts(html).map((script) => script.body)).toEqual([
    `window.pagePath="/about";`,
    `\n  window.___chunkMapping="{}";\n`,
    `import "/x.js"`,
    "run()",
  ]);
  expect(scriptHash("run()")).toBe(sha("run()"));
});

test("a page's loader line is trusted for that page only, and only in the form Gatsby writes it", () => {
  const loader = (body: string, id = "gatsby-script-loader") => ({ attributes: ` id="${id}"`, body });
  expect(isPageLoaderScript(loader('/*<![CDATA[*/window.pagePath="/about";/*]]>*/'), "/about")).toBe(true);
  expect(isPageLoaderScript(loader('/*<![CDATA[*/window.pagePath="/about";/*]]>*/'), "/service")).toBe(false);
  expect(isPageLoaderScript(loader('/*<![CDATA[*/window.pagePath="/about";alert(1);/*]]>*/'), "/about")).toBe(false);
  expect(isPageLoaderScript(loader('/*<![CDATA[*/window.pagePath="/about";/*]]>*/', "x"), "/about")).toBe(false);
});

test("the policy allows the site itself, its inline scripts by hash and the mail service, nothing else", () => {
  const csp = contentSecurityPolicy({
    mailOrigin: "https://mail.example.com",
    scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-a'"],
  });
  expect(csp).toBe(
    [
      "default-src 'self'",
      "script-src 'self' 'sha256-a' 'sha256-b'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self' https://mail.example.com",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
});

const rules = headerRules({
  pages: ["/", "/404/", "/404.html", "/about/", "/contact/", "/service/"].map((path) => ({
    path,
    csp: "default-src 'self'",
  })),
  hashedAssets: ["/app-0123456789abcdef0123.js", "/styles.0123456789abcdef0123.css"],
  otherFiles: ["/favicon.png", "/sitemap.xml", "/_gatsby/*"],
});

test("no header is set by two rules that both match one address: the hosts would join their values", () => {
  // Each rule sets other headers than the catch-all /*; the specific rules (pages, assets, the editor) never overlap.
  const [everywhere, ...specific] = rules;
  for (const rule of specific) {
    expect(Object.keys(rule.headers).filter((name) => name in (everywhere?.headers ?? {}))).toEqual([]);
  }
  const prefixes = specific.filter((rule) => rule.path.endsWith("/*")).map((rule) => rule.path.slice(0, -1));
  const exact = specific.filter((rule) => !rule.path.endsWith("/*")).map((rule) => rule.path);
  expect(exact.filter((path) => prefixes.some((prefix) => path.startsWith(prefix)))).toEqual([]);
  expect(new Set(exact).size).toBe(exact.length);
});

test("each page carries the policy itself, first in its head and without frame-ancestors, which a meta element may not set", () => {
  const csp = "default-src 'self'; script-src 'self' 'sha256-a'; frame-ancestors 'none'";
  expect(policyMetaElement(csp)).toBe(
    `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-a'"/>`,
  );
  const page = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><script>window.a=1</script></head><body></body></html>`;
  expect(withPolicyMeta(page, csp)).toBe(
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${policyMetaElement(csp)}<script>window.a=1</script></head><body></body></html>`,
  );
  expect(() => withPolicyMeta("<p>no head</p>", csp)).toThrow("has no <head>");
});

test("building again replaces the page's policy instead of adding a second one", () => {
  const page = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>t</title></head><body></body></html>`;
  const once = withPolicyMeta(page, "script-src 'self' 'sha256-old'");
  const twice = withPolicyMeta(once, "script-src 'self' 'sha256-new'");
  expect(twice.match(/Content-Security-Policy/g)).toHaveLength(1);
  expect(twice).toContain("sha256-new");
  expect(twice).toBe(withPolicyMeta(page, "script-src 'self' 'sha256-new'"));
});

test("a value that could end its header early is never written: not in a page, _headers or nginx", () => {
  const hostile = `default-src 'self'; connect-src 'self' https://mail.example.com";sandbox`;
  expect(policyMetaElement(hostile)).toContain(
    "content=\"default-src 'self'; connect-src 'self' https://mail.example.com&quot;; sandbox\"",
  );
  const rule = [{ path: "/", headers: { "Content-Security-Policy": hostile } }];
  expect(() => toHeadersFile(rule)).toThrow("would hold a character a host could misread");
  expect(() => toNginx(rule)).toThrow("would hold a character a host could misread");
  expect(() => toHeadersFile([{ path: "/", headers: { "X-Test": "a\nSet-Cookie: b" } }])).toThrow();
});

test("pages and files are isolated from other origins; the editor keeps its sign-in window, pictures can be shown elsewhere", () => {
  const headersOf = (path: string) => rules.find((rule) => rule.path === path)?.headers ?? {};
  for (const path of ["/about/", "/404.html", "/app-0123456789abcdef0123.js", "/page-data/*", "/favicon.png"]) {
    expect({ path, opener: headersOf(path)["Cross-Origin-Opener-Policy"] ?? "same-origin" }).toEqual({
      path,
      opener: "same-origin",
    });
    expect({ path, resource: headersOf(path)["Cross-Origin-Resource-Policy"] }).toEqual({
      path,
      resource: "same-origin",
    });
  }
  expect(headersOf("/admin/*")["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
  expect(headersOf("/static/*")["Cross-Origin-Resource-Policy"]).toBe("cross-origin");
  expect(securityHeaders()["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
  const conf = toNginx(rules);
  const fallback = conf.slice(conf.indexOf("location / {"), conf.indexOf("}", conf.indexOf("location / {")));
  expect(fallback).toContain(`add_header Cross-Origin-Opener-Policy "same-origin" always;`);
  expect(fallback).toContain(`add_header Cross-Origin-Resource-Policy "same-origin" always;`);
});

test("the site's pages get the strict policy; only the content editor may evaluate code", () => {
  const policyOf = (path: string) => rules.find((rule) => rule.path === path)?.headers["Content-Security-Policy"];
  expect(policyOf("/about/")).toBe("default-src 'self'");
  expect(policyOf("/admin/*")).toBe(adminContentSecurityPolicy());
  expect(adminContentSecurityPolicy()).toContain("script-src 'self' 'unsafe-eval'");
  expect(adminContentSecurityPolicy()).toContain("frame-ancestors 'none'");
});

test("the _headers file lists each path with its indented headers", () => {
  const file = toHeadersFile(rules);
  expect(file).toContain("/*\n  X-Content-Type-Options: nosniff\n");
  expect(file).toContain("/app-0123456789abcdef0123.js\n  Cache-Control: public, max-age=31536000, immutable\n");
  expect(file).toContain("/styles.0123456789abcdef0123.css\n  Cache-Control: public, max-age=31536000, immutable\n");
  expect(file).toContain(
    "/about/\n  Content-Security-Policy: default-src 'self'\n  Cache-Control: public, max-age=0, must-revalidate\n",
  );
});

test("nginx gets the same rules: a location for each page's file, each repeating the security headers", () => {
  const conf = toNginx(rules, [
    { prefix: "/ar", page: "/ar/404.html" },
    { prefix: "", page: "/404.html" },
  ]);
  // /about/ reaches its file through nginx's index module, which looks the location up again.
  const aboutBlock = conf.slice(conf.indexOf("location = /about/index.html {"));
  expect(aboutBlock).toContain(`add_header X-Content-Type-Options "nosniff" always;`);
  expect(aboutBlock).toContain(`add_header Content-Security-Policy "default-src 'self'" always;`);
  expect(aboutBlock).toContain(`add_header Cache-Control "public, max-age=0, must-revalidate" always;`);
  expect(conf).toContain("location = /404.html {");
  expect(conf).toContain("location = /styles.0123456789abcdef0123.css {");
  expect(conf).toContain("location ^~ /static {");
  expect(conf).toContain("location ^~ /admin {");
  expect(conf).not.toContain("location = /admin {");
  expect(conf).toContain("index index.html;");
  expect(conf).toContain("error_page 404 /404.html;");
  const arabicBlock = conf.slice(conf.indexOf("location ^~ /ar/ {"));
  expect(arabicBlock.slice(0, arabicBlock.indexOf("}"))).toContain("error_page 404 /ar/404.html;");
});
