/**
 * Decap CMS's GitHub sign-in, as Cloudflare Pages Functions on the site's own
 * origin (docs/deploying.md): /api/auth sends the editor's sign-in window to
 * GitHub with a random state kept in a cookie, /api/callback checks that
 * state, exchanges GitHub's code for a token and hands the token to the
 * editor window by postMessage, to this origin only. Shared by the two
 * functions; it exports no handler, so Pages makes no route of it.
 */

export interface SignInEnv {
  /** The GitHub OAuth app's client id and secret: Pages secrets. */
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  /**
   * GitHub's web address, for the tests' stand-in on this computer: taken only when both it and the site are on
   * this computer (127.0.0.1 or localhost), so that no setting can send the app's secret elsewhere in production.
   */
  GITHUB_OAUTH_URL?: string;
}

export interface SignInContext {
  request: Request;
  env: SignInEnv;
}

/** `__Host-`: sent back only to this host, over https, for every path; the browser refuses any other form. */
export const STATE_COOKIE = "__Host-editor-sign-in";
/** Long enough to sign in to GitHub with a second factor; the state is good for one sign-in only. */
export const STATE_LIFETIME_SECONDS = 600;

export const MISSING_SETTINGS =
  "The editor's sign-in is not set up on this site. Set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (the GitHub OAuth app's client id and client secret): as secrets of the Cloudflare Pages project, or in the environment of npm start on this computer.";

const LOCAL = new Set(["127.0.0.1", "localhost"]);

/** Where the sign-in goes to GitHub: github.com, or the tests' stand-in when the site itself runs on this computer. */
export function githubAddress(env: SignInEnv, request: Request): string {
  const standIn = env.GITHUB_OAUTH_URL?.replace(/\/+$/, "");
  if (standIn) {
    const local = (address: string) => {
      try {
        return LOCAL.has(new URL(address).hostname);
      } catch {
        return false;
      }
    };
    if (local(standIn) && local(request.url)) return standIn;
  }
  return "https://github.com";
}

/**
 * GitHub's reasons for not signing an editor in, in the site's own words: what the editor can do about each. Text
 * from the address is never shown (anyone can write a link to the callback); an unknown reason gets the last line.
 */
const GITHUB_REFUSALS: Record<string, string> = {
  access_denied: "You (or GitHub) declined to let the editor use your GitHub account.",
  redirect_uri_mismatch:
    "The GitHub OAuth app's callback address is not this site's /api/callback: the site's developer must correct it in the app's settings.",
  application_suspended: "GitHub has suspended the site's OAuth app: the site's developer must ask GitHub why.",
  bad_verification_code: "GitHub's sign-in code had expired or was already used.",
  incorrect_client_credentials:
    "GitHub did not accept the site's OAuth app credentials: the site's developer must set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET again.",
  unverified_user_email: "GitHub asks you to verify your e-mail address first.",
};

export function refusalWords(code: unknown): string {
  return (
    (typeof code === "string" && Object.hasOwn(GITHUB_REFUSALS, code) && GITHUB_REFUSALS[code]) ||
    "GitHub did not sign you in."
  );
}

export function settingsComplete(
  env: SignInEnv,
): env is Required<Pick<SignInEnv, "GITHUB_CLIENT_ID" | "GITHUB_CLIENT_SECRET">> & SignInEnv {
  return Boolean(env.GITHUB_CLIENT_ID?.trim() && env.GITHUB_CLIENT_SECRET?.trim());
}

/** The state cookie's value in a request, or undefined. */
export function stateFromCookie(request: Request): string | undefined {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === STATE_COOKIE) return value.join("=");
  }
  return undefined;
}

export function stateCookie(value: string, maxAge: number): string {
  return `${STATE_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; Secure; HttpOnly; SameSite=Lax`;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/**
 * A text as a script's string literal: JSON's, with every "<" written \u003c, so that no "</script>" in it ends the
 * script and starts markup of the text's own, and the line separators JavaScript once read as line ends escaped.
 */
function scriptString(text: string): string {
  return JSON.stringify(text)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Decap's handshake with the window that opened the sign-in: it answers "authorizing:github" with the outcome,
 * posted to this origin only (success with the token, or an error so that the editor stops waiting). Opened
 * without the editor, a success says where to sign in instead; a refusal keeps saying why.
 */
export function handshake(outcome: string, { success }: { success: boolean }): string {
  return `(() => {
  const status = document.getElementById("status");
  const editor = window.opener;
  if (!editor) {
    ${success ? 'status.textContent = "Open the editor at " + location.origin + "/admin/ and sign in from there.";' : ""}
    return;
  }
  window.addEventListener("message", (event) => {
    if (event.origin !== location.origin || event.source !== editor || event.data !== "authorizing:github") return;
    editor.postMessage(${scriptString(outcome)}, location.origin);
  });
  editor.postMessage("authorizing:github", location.origin);
})();`;
}

/** A page that ends a sign-in without one: what happened, and the editor told, so that it stops waiting. */
export function refusal(options: { status: number; title: string; message: string; cookie?: string }): Response {
  const error = `authorization:github:error:${JSON.stringify({ message: `${options.title}: ${options.message}` })}`;
  return page({ ...options, script: handshake(error, { success: false }) });
}

/**
 * A page of the sign-in window: a heading, what happened and what to do. Its
 * policy allows no script but the one given, by a nonce made for this answer;
 * it is never stored, and tells no other site where it came from.
 */
export function page({
  status,
  title,
  message,
  script,
  cookie,
}: {
  status: number;
  title: string;
  message: string;
  script?: string;
  cookie?: string;
}): Response {
  const nonce = randomHex(16);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Content editor</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;margin:2rem auto;max-inline-size:36rem;padding-inline:1rem;color:#1a1a1a}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p id="status" role="status">${escapeHtml(message)}</p>
</main>
${script ? `<script nonce="${nonce}">${script}</script>` : ""}
</body>
</html>
`;
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy": [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      "style-src 'unsafe-inline'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  });
  if (cookie) headers.append("Set-Cookie", cookie);
  return new Response(html, { status, headers });
}

export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** Whether two strings are equal, taking as long whichever character differs. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
