/**
 * A stand-in for GitHub's two OAuth addresses, on 127.0.0.1, for the
 * editor's sign-in tests (functions/ reads it from GITHUB_OAUTH_URL): its
 * authorize page approves at once and sends the window back with a code; its
 * token exchange gives a token for that code, with the right client id and
 * secret only, and otherwise answers as GitHub does, 200 with an error.
 * Every exchange is recorded.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export const OAUTH_APP = { clientId: "editor-sign-in-app", clientSecret: "editor-sign-in-secret" };
export const ACCEPTED_CODE = "code-github-accepts";
export const ISSUED_TOKEN = "gho_StandInToken_0123456789";

export interface GitHubStandIn {
  url: string;
  /** The code the authorize page sends back next (a test may make it one GitHub will refuse). */
  nextCode: string;
  /** The token exchanges asked for, as GitHub received them. */
  exchanges: Record<string, string>[];
  close(): Promise<void>;
}

export async function startGitHubStandIn(): Promise<GitHubStandIn> {
  const exchanges: Record<string, string>[] = [];
  const standIn: GitHubStandIn = {
    url: "",
    nextCode: ACCEPTED_CODE,
    exchanges,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method === "GET" && url.pathname === "/login/oauth/authorize") {
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      if (url.searchParams.get("client_id") !== OAUTH_APP.clientId) {
        response.writeHead(404, { "Content-Type": "text/plain" }).end("No such OAuth app");
        return;
      }
      back.searchParams.set("code", standIn.nextCode);
      standIn.nextCode = ACCEPTED_CODE;
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      response.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    if (request.method === "POST" && url.pathname === "/login/oauth/access_token") {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const asked = JSON.parse(body) as Record<string, string>;
        exchanges.push(asked);
        const good =
          asked.client_id === OAUTH_APP.clientId &&
          asked.client_secret === OAUTH_APP.clientSecret &&
          asked.code === ACCEPTED_CODE;
        response.writeHead(200, { "Content-Type": "application/json" }).end(
          JSON.stringify(
            good
              ? { access_token: ISSUED_TOKEN, token_type: "bearer", scope: "repo" }
              : {
                  error: "bad_verification_code",
                  error_description: "The code passed is incorrect or expired.",
                },
          ),
        );
      });
      return;
    }
    // Any other page: somewhere else on the web, from which a test starts what another site might.
    response.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>Another site</title>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  standIn.url = `http://127.0.0.1:${port}`;
  return standIn;
}
