/**
 * The few calls to Cloudflare's API the deploy makes itself (finding and
 * creating the database, the queues, the Pages project and its domain, the
 * site's DNS records and the bare domain's Redirect Rule, listing secrets by
 * name); wrangler makes the others. Both read the same
 * CLOUDFLARE_API_BASE_URL, CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID.
 */

/** What the token must be allowed to do, as Cloudflare's token page names the permissions. */
export const TOKEN_PERMISSIONS = [
  "Account · D1 · Edit",
  "Account · Queues · Edit",
  "Account · Workers Scripts · Edit",
  "Account · Cloudflare Pages · Edit",
  "Zone · Workers Routes · Edit (the company's zone)",
  "Zone · DNS · Edit (the company's zone: the site's, the bare domain's and the mail service's records)",
  "Zone · Single Redirect · Edit (the company's zone: the bare domain sent on to www.)",
  "Zone · Zone · Read",
];

/** All `npm run deploy:site` (the publishing workflow) needs: it deploys the site alone. */
export const SITE_TOKEN_PERMISSIONS = ["Account · Cloudflare Pages · Edit"];

/**
 * The token and account the deploy calls Cloudflare with (CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID), or the
 * sentence saying which of them is not set: each command follows it with how to make the token it needs.
 */
export function cloudflareCredentials(
  env: NodeJS.ProcessEnv,
): { token: string; accountId: string } | { unset: string } {
  const token = env.CLOUDFLARE_API_TOKEN?.trim();
  const accountId = env.CLOUDFLARE_ACCOUNT_ID?.trim();
  if (token && accountId) return { token, accountId };
  const unset = [token ? "" : "CLOUDFLARE_API_TOKEN", accountId ? "" : "CLOUDFLARE_ACCOUNT_ID"].filter(Boolean);
  return { unset: `${unset.join(" and ")} ${unset.length > 1 ? "are" : "is"} not set. Nothing was deployed.` };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface CloudflareApi {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
  /** The answer's result, or undefined when Cloudflare says there is no such thing (404). */
  find<T>(path: string): Promise<T | undefined>;
}

export function cloudflareApi({
  token,
  accountId,
  baseUrl = "https://api.cloudflare.com/client/v4",
}: {
  token: string;
  accountId: string;
  baseUrl?: string;
}): CloudflareApi {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const address = `${baseUrl.replace(/\/+$/, "")}${path.replace("{account}", accountId)}`;
    let response: Response;
    try {
      response = await fetch(address, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new ApiError(0, `Cloudflare's API could not be reached (${(error as Error).message}).`);
    }
    const answer = (await response.json().catch(() => ({}))) as {
      success?: boolean;
      result?: T;
      errors?: { code: number; message: string }[];
    };
    if (!response.ok || answer.success === false) {
      const reasons = (answer.errors ?? []).map(({ code, message }) => `${message} [${code}]`).join("; ");
      throw new ApiError(response.status, `${method} ${path}: ${response.status} ${reasons}`.trim());
    }
    return answer.result as T;
  };
  return {
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body),
    put: (path, body) => call("PUT", path, body),
    find: async (path) => {
      try {
        return await call("GET", path);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      }
    },
  };
}
