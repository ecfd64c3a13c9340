/**
 * A stand-in for GitHub's REST API (api.github.com), on 127.0.0.1, for the
 * deploy's rehearsal and the publishing tests: the deploy reaches it through GITHUB_API_URL, as in
 * GitHub Actions, and the editor's page in Chromium through the test's
 * routing of api.github.com. It holds one repository: the head commit of each
 * branch (with its time), the commit statuses posted (newest first, as GitHub
 * lists them) and its Actions environments; it answers the two calls
 * Decap's sign-in makes (the user, the repository's permissions). As for a
 * public repository, anyone may read its commits and statuses; posting a
 * status, reading the environments (and, for a private one, anything) takes
 * the token it was given, or is answered 401 (404 for a private repository
 * read without it, as GitHub hides it). Every call is recorded.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { CommitStatus } from "../../plugins/site-admin/editor/publish-state";

export interface GitHubApiStandIn {
  /** What GITHUB_API_URL is set to. */
  url: string;
  repository: string;
  token: string;
  /** The branches' heads, which a test moves as a push would. */
  branches: Map<string, { sha: string; date: string }>;
  /** Statuses posted, by commit, newest first. */
  statuses: Map<string, CommitStatus[]>;
  /**
   * The repository's Actions environments: their secrets' names, and which branches may deploy from them: the ones
   * named, the protected ones, or (left out) any.
   */
  environments: Map<string, { secrets: string[]; branches?: string[] | "protected" }>;
  calls: { method: string; path: string }[];
  /** Whether to answer at all: false makes every call a 503, as GitHub down. */
  up: boolean;
  close(): Promise<void>;
}

export async function startGitHubApiStandIn({
  repository = "acme-it/website",
  token = "ghs_stand-in-token",
  isPrivate = false,
}: { repository?: string; token?: string; isPrivate?: boolean } = {}): Promise<GitHubApiStandIn> {
  const standIn: GitHubApiStandIn = {
    url: "",
    repository,
    token,
    branches: new Map(),
    statuses: new Map(),
    environments: new Map(),
    calls: [],
    up: true,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    // One request per connection: a client that keeps an idle connection (Playwright's route.fetch does) could
    // send on it just as the server closes it after its keep-alive timeout, and read ECONNRESET.
    response.setHeader("Connection", "close");
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const method = request.method ?? "GET";
      standIn.calls.push({ method, path: `${url.pathname}${url.search}` });
      const send = (status: number, payload: unknown) =>
        response
          .writeHead(status, {
            "Content-Type": "application/json",
            // The editor's page asks from its own origin, as it asks api.github.com, which allows any.
            "Access-Control-Allow-Origin": "*",
            "Access-Control-Allow-Headers": "Authorization, Accept, Content-Type, X-GitHub-Api-Version",
            "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
          })
          .end(JSON.stringify(payload));
      if (method === "OPTIONS") return send(204, {});
      if (!standIn.up) return send(503, { message: "Service Unavailable" });
      const authorization = request.headers.authorization ?? "";
      const signedIn = authorization === `Bearer ${token}` || authorization === `token ${token}`;
      if (authorization && !signedIn) return send(401, { message: "Bad credentials" });
      const reading = method === "GET" && !url.pathname.includes("/environments") && url.pathname !== "/user";
      if (!signedIn && !(reading && !isPrivate)) {
        return reading ? send(404, { message: "Not Found" }) : send(401, { message: "Requires authentication" });
      }
      if (url.pathname === "/user") return send(200, { login: "editor", name: "An Editor", id: 1 });
      const prefix = `/repos/${repository}`;
      if (!url.pathname.startsWith(prefix)) return send(404, { message: "Not Found" });
      const path = decodeURIComponent(url.pathname.slice(prefix.length));
      let match: RegExpExecArray | null;
      if (path === "") {
        return send(200, {
          full_name: repository,
          name: repository.split("/")[1],
          owner: { login: repository.split("/")[0] },
          default_branch: "main",
          permissions: { admin: false, push: true, pull: true },
        });
      }
      // A branch's name may hold slashes (cms/about/about), sent encoded as GitHub takes it.
      if ((match = /^\/commits\/(.+?)$/.exec(path)) && !path.endsWith("/statuses")) {
        const ref = match[1] ?? "";
        const branch = standIn.branches.get(ref);
        const sha = branch?.sha ?? (/^[0-9a-f]{40}$/.test(ref) ? ref : undefined);
        if (!sha) return send(422, { message: `No commit found for SHA: ${ref}` });
        return send(200, { sha, commit: { committer: { date: branch?.date ?? new Date().toISOString() } } });
      }
      if ((match = /^\/commits\/([^/]+)\/statuses$/.exec(path))) {
        const ref = match[1] ?? "";
        const sha = standIn.branches.get(ref)?.sha ?? ref;
        return send(200, standIn.statuses.get(sha) ?? []);
      }
      if ((match = /^\/statuses\/([0-9a-f]{40})$/.exec(path)) && method === "POST") {
        const posted = JSON.parse(body) as CommitStatus;
        if (!["pending", "success", "failure", "error"].includes(posted.state)) {
          return send(422, { message: "Validation Failed" });
        }
        if ((posted.description?.length ?? 0) > 140) return send(422, { message: "description is too long" });
        const status = { ...posted, created_at: new Date().toISOString() };
        standIn.statuses.set(match[1] ?? "", [status, ...(standIn.statuses.get(match[1] ?? "") ?? [])]);
        return send(201, status);
      }
      if ((match = /^\/environments\/([^/]+)(\/secrets|\/deployment-branch-policies)?$/.exec(path))) {
        const environment = standIn.environments.get(match[1] ?? "");
        if (!environment) return send(404, { message: "Not Found" });
        const { branches } = environment;
        if (match[2] === "/secrets") {
          return send(200, {
            total_count: environment.secrets.length,
            secrets: environment.secrets.map((name) => ({ name, created_at: "2026-11-01T00:00:00Z" })),
          });
        }
        if (match[2]) {
          const named = Array.isArray(branches) ? branches : [];
          return send(200, {
            total_count: named.length,
            branch_policies: named.map((name, index) => ({ id: index + 1, name, type: "branch" })),
          });
        }
        return send(200, {
          name: match[1],
          deployment_branch_policy: branches
            ? { protected_branches: branches === "protected", custom_branch_policies: branches !== "protected" }
            : null,
        });
      }
      send(404, { message: "Not Found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
