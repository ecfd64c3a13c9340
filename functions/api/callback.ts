/**
 * GET /api/callback?code=…&state=…: where GitHub sends the sign-in window
 * back. Checks the state against the cookie /api/auth set, exchanges the
 * code for a token with the OAuth app's secret, and hands the token to the
 * editor that opened the window, by Decap's handshake ("authorizing:github",
 * then "authorization:github:success:{…}"), posted to this origin only. Any
 * other outcome is a page saying what happened, with no token in it.
 */
import {
  githubAddress,
  handshake,
  MISSING_SETTINGS,
  page,
  refusal,
  refusalWords,
  sameText,
  settingsComplete,
  stateCookie,
  stateFromCookie,
  type SignInContext,
} from "../_sign-in";

/** GitHub answers the exchange in well under a second; past this the editor is told to try again. */
const EXCHANGE_TIMEOUT_MS = 10_000;

export async function onRequestGet({ request, env }: SignInContext): Promise<Response> {
  // The state is good for one answer, whatever it is.
  const cookie = stateCookie("", 0);
  const again = "Close this window and sign in again from the editor.";
  // The state first: an answer that did not start in this browser's editor is not read any further.
  const url = new URL(request.url);
  const expected = stateFromCookie(request);
  const state = url.searchParams.get("state") ?? "";
  if (!expected || !sameText(state, expected)) {
    return refusal({
      status: 403,
      title: "Sign-in refused",
      message: `This sign-in could not be checked: it did not start in this browser's editor, or it took longer than ten minutes. ${again}`,
      cookie,
    });
  }
  if (!settingsComplete(env)) {
    return refusal({ status: 503, title: "Sign-in is not set up", message: MISSING_SETTINGS, cookie });
  }
  const refused = url.searchParams.get("error");
  if (refused) {
    return refusal({
      status: 403,
      title: "GitHub did not sign you in",
      message: `${refusalWords(refused)} ${again}`,
      cookie,
    });
  }
  const code = url.searchParams.get("code");
  if (!code) {
    return refusal({ status: 400, title: "Sign-in refused", message: `GitHub sent no code back. ${again}`, cookie });
  }

  let answer: { access_token?: unknown; error?: unknown; error_description?: unknown };
  try {
    const response = await fetch(`${githubAddress(env, request)}/login/oauth/access_token`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: env.GITHUB_CLIENT_ID.trim(),
        client_secret: env.GITHUB_CLIENT_SECRET.trim(),
        code,
        redirect_uri: `${url.origin}/api/callback`,
      }),
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
    answer = response.ok ? await response.json() : { error: `GitHub answered ${response.status}` };
  } catch {
    return refusal({
      status: 502,
      title: "GitHub could not be reached",
      message: `Try again in a minute. ${again}`,
      cookie,
    });
  }
  const token = typeof answer.access_token === "string" ? answer.access_token : "";
  if (!/^[\w.-]+$/.test(token)) {
    return refusal({
      status: 403,
      title: "GitHub refused the sign-in",
      message: `${refusalWords(answer.error)} ${again}`,
      cookie,
    });
  }

  // The token is letters, digits and _.- (checked above), so it cannot end the script it is written into.
  const script = handshake(`authorization:github:success:${JSON.stringify({ token, provider: "github" })}`, {
    success: true,
  });
  return page({
    status: 200,
    title: "Signed in",
    message: "You are signed in. This window closes by itself; if it stays open, close it and go back to the editor.",
    script,
    cookie,
  });
}
