/**
 * GET /api/auth?provider=github&scope=repo: where Decap's sign-in window
 * starts (docs/deploying.md). Sends it to GitHub's authorize address with the
 * OAuth app's client id, the scope and a fresh random state, which a cookie
 * keeps for /api/callback to check.
 */
import {
  githubAddress,
  MISSING_SETTINGS,
  page,
  randomHex,
  refusal,
  settingsComplete,
  stateCookie,
  STATE_LIFETIME_SECONDS,
  type SignInContext,
} from "../_sign-in";

/** The scopes Decap asks for: a private repository (repo) or a public one (public_repo); any other is refused. */
const SCOPES = new Set(["repo", "public_repo"]);

export async function onRequestGet({ request, env }: SignInContext): Promise<Response> {
  if (!settingsComplete(env)) {
    return page({ status: 503, title: "Sign-in is not set up", message: MISSING_SETTINGS });
  }
  const url = new URL(request.url);
  if (url.searchParams.get("provider") !== "github") {
    return refusal({
      status: 400,
      title: "Sign-in with GitHub only",
      message: "This site's editor signs in with GitHub. Close this window and use the editor's Login with GitHub.",
    });
  }
  // Another site may not start a sign-in here (so as to sign an editor in to an account of its choosing).
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") {
    return page({
      status: 403,
      title: "Sign-in refused",
      message: `A sign-in must start from this site's editor. Close this window and open ${url.origin}/admin/.`,
    });
  }
  const scope = url.searchParams.get("scope") ?? "repo";
  if (!SCOPES.has(scope)) {
    return refusal({
      status: 400,
      title: "Sign-in refused",
      // The scope asked for is not repeated: anyone can write a link to this address, and the page is the site's.
      message:
        "The editor asks GitHub for access to the repository alone (repo or public_repo), and this sign-in asked for more. Close this window and sign in again from the editor.",
    });
  }
  const state = randomHex(32);
  const authorize = new URL(`${githubAddress(env, request)}/login/oauth/authorize`);
  authorize.searchParams.set("client_id", env.GITHUB_CLIENT_ID.trim());
  authorize.searchParams.set("redirect_uri", `${url.origin}/api/callback`);
  authorize.searchParams.set("scope", scope);
  authorize.searchParams.set("state", state);
  return new Response(null, {
    status: 302,
    headers: {
      Location: authorize.toString(),
      "Set-Cookie": stateCookie(state, STATE_LIFETIME_SECONDS),
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
