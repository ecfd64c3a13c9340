/**
 * Where the editor's last published change stands, from what GitHub and the
 * live site say: the commit at the head of the editor's branch, the commit
 * statuses `npm run deploy:site` posts on it, and the commit the live site
 * was built from (its /version.json). Shared by the editor's page, which
 * shows it, and the deploy, which posts the statuses it reads.
 */

/** The context of the statuses the production deployment posts; a draft's preview posts its own. */
export const PRODUCTION_CONTEXT = "deploy/site";
export const PREVIEW_CONTEXT = "deploy/preview";

/** How long a change usually takes from Publish to live (the budget `npm run bench:publish` is measured against). */
export const USUAL_PUBLISH_MINUTES = 5;
/** A change with no word from the deployment after this long is reported as not started. */
export const STALLED_AFTER_MINUTES = 15;

/** A commit status as GitHub lists it (GET /repos/{owner}/{repo}/commits/{ref}/statuses), newest first. */
export interface CommitStatus {
  context: string;
  state: "pending" | "success" | "failure" | "error";
  description?: string | null;
  target_url?: string | null;
  created_at?: string;
}

export type PublishState =
  | { kind: "live"; address?: string }
  | { kind: "publishing" }
  | { kind: "stalled" }
  | { kind: "failed"; message: string; report?: string };

export function publishState({
  head,
  statuses,
  liveCommit,
  now,
}: {
  /** The branch's head: the commit of the latest change published in the editor. */
  head: { sha: string; date: string };
  statuses: readonly CommitStatus[];
  /** The commit the live site names, or undefined where it names none (a host the deploy does not build for). */
  liveCommit: string | undefined;
  now: Date;
}): PublishState {
  const latest = statuses.find(({ context }) => context === PRODUCTION_CONTEXT);
  if (liveCommit === head.sha) return { kind: "live", address: latest?.target_url ?? undefined };
  if (latest?.state === "failure" || latest?.state === "error") {
    return { kind: "failed", message: latest.description ?? "", report: latest.target_url ?? undefined };
  }
  if (latest?.state === "success" && liveCommit === undefined) {
    return { kind: "live", address: latest.target_url ?? undefined };
  }
  const waited = (now.getTime() - new Date(head.date).getTime()) / 60_000;
  if (!latest && waited > STALLED_AFTER_MINUTES) return { kind: "stalled" };
  return { kind: "publishing" };
}

/**
 * Whether the editor's page may link to an address a commit status names: only an address of the site itself
 * (`site`, the origin the editor is served from, scheme included: https live, http only where the editor itself
 * is, on this computer) or an https address of the repository's Actions runs (`runs`, their list's address).
 * A status is written by whoever holds a token that may post one: a link elsewhere is not followed.
 */
export function isTrustedLink(href: string, { site, runs }: { site: string; runs: string }): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.origin === new URL(site).origin) return true;
  if (url.protocol !== "https:") return false;
  const list = new URL(runs);
  return url.origin === list.origin && (url.pathname === list.pathname || url.pathname.startsWith(`${list.pathname}/`));
}
