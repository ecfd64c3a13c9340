/** @jest-environment node */
import { githubAddress, refusalWords } from "../../functions/_sign-in";

/**
 * The sign-in's own rules that no browser test can reach: where the app's secret is sent, and the words for
 * GitHub's reasons.
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
