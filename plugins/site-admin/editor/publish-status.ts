/**
 * The line at the top of the editor's page that tells the editor where the
 * latest published change stands: live, still being checked and published,
 * stopped by a check (with the check's message and its report), or not
 * started. It reads GitHub's commit statuses with the editor's own sign-in
 * (the token Decap keeps) and the live site's /version.json, when the page
 * opens, every so often while it is in view, and just after a Publish.
 * Decap's own "deploy status" is a paid hosted service; this needs nothing
 * but GitHub and the site. Nothing is shown to an editor not signed in to
 * GitHub (the local editor of `npm run edit` publishes nothing).
 */
import { parse } from "yaml";
import type { EditorLanguage } from "../cms-config";
import { isTrustedLink, publishState, type CommitStatus, type PublishState } from "./publish-state";
import { describe, statusWords, type StatusWords } from "./publish-status-words";

/** How often the line asks again while the page is in view. */
const REFRESH_SECONDS = 20;
const ELEMENT_ID = "publish-status";

interface Settings {
  api: string;
  repo: string;
  branch: string;
}

/** The GitHub repository, branch and API the editor saves to, from its configuration; undefined for another backend. */
async function readSettings(): Promise<Settings | undefined> {
  const response = await fetch("/admin/config.yml", { cache: "no-store" });
  if (!response.ok) return undefined;
  const config = parse(await response.text()) as {
    backend?: { name?: string; repo?: string; branch?: string; api_root?: string };
  };
  const backend = config.backend;
  if (backend?.name !== "github" || !backend.repo) return undefined;
  return {
    api: (backend.api_root ?? "https://api.github.com").replace(/\/+$/, ""),
    repo: backend.repo,
    branch: backend.branch ?? "main",
  };
}

/** The GitHub token Decap keeps once the editor has signed in, or undefined. */
function token(): string | undefined {
  try {
    const user = JSON.parse(window.localStorage.getItem("decap-cms-user") ?? "null") as {
      token?: string;
      backendName?: string;
    } | null;
    return user?.backendName === "github" && user.token ? user.token : undefined;
  } catch {
    return undefined;
  }
}

async function readState(settings: Settings, signedIn: string): Promise<PublishState> {
  const github = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${settings.api}/repos/${settings.repo}${path}`, {
      headers: { Accept: "application/vnd.github+json", Authorization: `token ${signedIn}` },
      cache: "no-store",
    });
    if (!response.ok) throw new Error(`GitHub answered ${response.status}`);
    return (await response.json()) as T;
  };
  const head = await github<{ sha: string; commit: { committer: { date: string } } }>(
    `/commits/${encodeURIComponent(settings.branch)}`,
  );
  const [statuses, liveCommit] = await Promise.all([
    github<CommitStatus[]>(`/commits/${head.sha}/statuses?per_page=100`),
    fetch("/version.json", { cache: "no-store" })
      // A build outside a git checkout names its commit as null: the site names none.
      .then(async (response) =>
        response.ok ? (((await response.json()) as { commit?: string | null }).commit ?? undefined) : undefined,
      )
      .catch(() => undefined),
  ]);
  return publishState({
    head: { sha: head.sha, date: head.commit.committer.date },
    statuses,
    liveCommit,
    now: new Date(),
  });
}

function show(state: PublishState, words: StatusWords, runs: string, code: EditorLanguage): void {
  let line = document.getElementById(ELEMENT_ID);
  if (!line) {
    line = document.createElement("div");
    line.id = ELEMENT_ID;
    // A live region that is there before its words change, so that each change is read out.
    line.setAttribute("role", "status");
    line.setAttribute("aria-label", words.label);
    line.lang = code;
    line.dir = code === "ar" ? "rtl" : "ltr";
    // Under the company's bar (company-bar.ts), above Decap's page.
    const bar = document.getElementById("editor-bar");
    if (bar) bar.after(line);
    else document.body.prepend(line);
  }
  const { text, detail, link } = describe(state, words, runs);
  line.dataset.state = state.kind;
  const sentence = document.createElement("span");
  sentence.textContent = text;
  const parts: Node[] = [sentence];
  if (detail) {
    // The check's message is English, whatever the line's language: isolated, it keeps its own direction.
    const message = document.createElement("bdi");
    message.lang = "en";
    message.textContent = detail;
    parts.push(document.createTextNode(" "), message);
  }
  if (link && isTrustedLink(link.href, { site: window.location.origin, runs })) {
    const anchor = document.createElement("a");
    anchor.href = link.href;
    anchor.target = "_blank";
    anchor.rel = "noopener noreferrer";
    anchor.textContent = link.label;
    parts.push(document.createTextNode(" "), anchor);
  }
  line.replaceChildren(...parts);
}

function hide(): void {
  document.getElementById(ELEMENT_ID)?.remove();
}

export function startPublishStatus(
  cms: { registerEventListener(listener: { name: "postPublish"; handler: () => void }): void },
  code: EditorLanguage,
): void {
  const words = statusWords[code];
  let settings: Promise<Settings | undefined> | undefined;
  let running = false;
  const refresh = async () => {
    const signedIn = token();
    if (!signedIn || document.visibilityState === "hidden" || running) {
      if (!signedIn) hide();
      return;
    }
    running = true;
    try {
      settings ??= readSettings().catch(() => undefined);
      const found = await settings;
      if (!found) return;
      const runs = `${found.api === "https://api.github.com" ? "https://github.com" : found.api.replace(/\/api\/v3$/, "")}/${found.repo}/actions`;
      show(await readState(found, signedIn), words, runs, code);
    } catch {
      // GitHub or the site did not answer: the line keeps what it last said, and asks again at the next turn.
    } finally {
      running = false;
    }
  };
  void refresh();
  window.setInterval(() => void refresh(), REFRESH_SECONDS * 1000);
  document.addEventListener("visibilitychange", () => void refresh());
  // Just after a Publish the branch has a new head, with no status yet: the line says so at once.
  cms.registerEventListener({ name: "postPublish", handler: () => void refresh() });
}
