/** @jest-environment node */
import { githubAddress, refusal, refusalWords } from "../../functions/_sign-in";

/**
 * The sign-in's own rules that no browser test can reach: where the app's secret is sent, the words for GitHub's
 * reasons, and what its pages' script may hold.
 */
test("the secret goes to github.com on any site not on this computer, whatever GITHUB_OAUTH_URL says", () => {
  const standIn = { GITHUB_OAUTH_URL: "http://127.0.0.1:4545" };
  expect(githubAddress(standIn, new Request("https://www.acme-it.ae/api/callback"))).toBe("https://github.com");
  expect(
    githubAddress({ GITHUB_OAUTH_URL: "https://evil.example" }, new Request("http://127.0.0.1:9000/api/auth")),
  ).toBe("https://github.com");
  expect(githubAddress({}, new Request("http://127.0.0.1:9000/api/auth"))).toBe("https://github.com");
  // The tests' stand-in, with the site on this computer too.
  expect(githubAddress(standIn, new Request("http://127.0.0.1:9000/api/callback"))).toBe("http://127.0.0.1:4545");
});

test("GitHub's reasons are told in the site's words; an unknown one, or a made-up one, in a plain line", () => {
  expect(refusalWords("access_denied")).toMatch(/^You \(or GitHub\) declined/);
  expect(refusalWords("redirect_uri_mismatch")).toContain("/api/callback");
  for (const code of ["some_new_reason", "constructor", "__proto__", undefined, 42]) {
    expect(refusalWords(code)).toBe("GitHub did not sign you in.");
  }
});

test("a text the sign-in page's script hands the editor cannot end the script: every < is written \\u003c", async () => {
  const hostile = '</script><img src=x onerror="alert(1)"><script>';
  const html = await refusal({ status: 400, title: "Sign-in refused", message: hostile }).text();
  const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  expect(script).toContain("\\u003c/script>\\u003cimg");
  expect(script).not.toContain("<");
  // The page shows the words as text, once, in its status line.
  expect(html).toContain("&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;");
  expect(html.match(/<script/g)).toHaveLength(1);
});
