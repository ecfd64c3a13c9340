/**
 * The few calls the deploy makes to GitHub's REST API: the head of the
 * editor's branch (to refuse publishing a checkout behind it), the commit
 * statuses that tell the editor where a change stands, and the publishing
 * workflows' environments: their secrets' names and which branches may use
 * them. The address is GITHUB_API_URL, as in GitHub
 * Actions (a stand-in on this computer in the tests); the token GITHUB_TOKEN.
 */
import type { CommitStatus } from "../../plugins/site-admin/editor/publish-state";

export class GitHubError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface GitHub {
  repository: string;
  /** The head commit of a branch. */
  branchHead(branch: string): Promise<string>;
  postStatus(sha: string, status: Omit<CommitStatus, "created_at">): Promise<void>;
  /**
   * An environment of the repository's Actions: the names of its secrets and the branches it lets deploy from it
   * (the ones named; "protected" for every protected branch; "any" for every branch); undefined when there is no
   * such environment. The token must administer the repository.
   */
  environment(name: string): Promise<{ secrets: string[]; branches: string[] | "protected" | "any" } | undefined>;
}

/** GitHub's limit on a status's description. */
const DESCRIPTION_LIMIT = 140;

export function gitHub({
  repository,
  token,
  apiUrl = "https://api.github.com",
}: {
  repository: string;
  token?: string;
  apiUrl?: string;
}): GitHub {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${apiUrl.replace(/\/+$/, "")}/repos/${repository}${path}`, {
        method,
        headers: {
          Accept: "application/vnd.github+json",
          "X-GitHub-Api-Version": "2022-11-28",
          ...(token && { Authorization: `Bearer ${token}` }),
          ...(body !== undefined && { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new GitHubError(0, `GitHub could not be reached (${(error as Error).message}).`);
    }
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      const hint =
        response.status === 404 && !token ? " (for a private repository, set GITHUB_TOKEN to a token that can read it)" : "";
      throw new GitHubError(
        response.status,
        `GitHub answered ${method} ${path} with ${response.status}${answer.message ? ` (${answer.message})` : ""}${hint}.`,
      );
    }
    return (await response.json()) as T;
  };
  return {
    repository,
    branchHead: async (branch) => (await call<{ sha: string }>("GET", `/commits/${encodeURIComponent(branch)}`)).sha,
    postStatus: async (sha, { state, context, description, target_url }) => {
      const text = description ?? "";
      await call("POST", `/statuses/${sha}`, {
        state,
        context,
        description: text.length > DESCRIPTION_LIMIT ? `${text.slice(0, DESCRIPTION_LIMIT - 1)}…` : text,
        ...(target_url && { target_url }),
      });
    },
    environment: async (name) => {
      let found: { deployment_branch_policy?: { protected_branches: boolean; custom_branch_policies: boolean } | null };
      try {
        found = await call("GET", `/environments/${encodeURIComponent(name)}`);
      } catch (error) {
        if (error instanceof GitHubError && error.status === 404) return undefined;
        throw error;
      }
      const { secrets } = await call<{ secrets: { name: string }[] }>(
        "GET",
        `/environments/${encodeURIComponent(name)}/secrets?per_page=100`,
      );
      const policy = found.deployment_branch_policy;
      const branches = !policy
        ? ("any" as const)
        : policy.protected_branches
          ? ("protected" as const)
          : (
              await call<{ branch_policies: { name: string; type?: string }[] }>(
                "GET",
                `/environments/${encodeURIComponent(name)}/deployment-branch-policies?per_page=100`,
              )
            ).branch_policies.map((rule) => (rule.type === "tag" ? `tag ${rule.name}` : rule.name));
      return { secrets: secrets.map((secret) => secret.name), branches };
    },
  };
}

/** GitHub's settings as GitHub Actions gives them to a run (or a person exports them), when there is a token. */
export function gitHubFromEnvironment(env: NodeJS.ProcessEnv, repository: string): GitHub | undefined {
  const token = env.GITHUB_TOKEN?.trim();
  if (!token) return undefined;
  return gitHub({ repository: env.GITHUB_REPOSITORY?.trim() || repository, token, apiUrl: env.GITHUB_API_URL });
}

/** The address of this GitHub Actions run, where its log is: a status's link while it runs or when it fails. */
export function actionsRunUrl(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = env;
  return GITHUB_SERVER_URL && GITHUB_REPOSITORY && GITHUB_RUN_ID
    ? `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`
    : undefined;
}
