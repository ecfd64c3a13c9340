/** @jest-environment node */
import {
  isTrustedLink,
  PRODUCTION_CONTEXT,
  publishState,
  STALLED_AFTER_MINUTES,
  type CommitStatus,
} from "../../plugins/site-admin/editor/publish-state";
import { describe as describeState, statusWords } from "../../plugins/site-admin/editor/publish-status-words";

/**
 * Where the editor's latest change stands, from the branch's head, the
 * statuses the deploy posted on it and the commit the live site names; and
 * what the editor's page says of each state, in both languages.
 */
const head = { sha: "a".repeat(40), date: "2026-11-27T10:00:00Z" };
const minutesLater = (minutes: number) => new Date(Date.parse(head.date) + minutes * 60_000);
const status = (state: CommitStatus["state"], extra: Partial<CommitStatus> = {}): CommitStatus => ({
  context: PRODUCTION_CONTEXT,
  state,
  ...extra,
});

test("live when the site names the head commit", () => {
  const state = publishState({
    head,
    statuses: [status("success", { target_url: "https://www.example.com/" })],
    liveCommit: head.sha,
    now: minutesLater(4),
  });
  expect(state).toEqual({ kind: "live", address: "https://www.example.com/" });
});

test("being published while the deploy runs, or before it has said anything, and while the site still shows the last", () => {
  for (const statuses of [[], [status("pending")], [status("success")]]) {
    expect(publishState({ head, statuses, liveCommit: "b".repeat(40), now: minutesLater(3) })).toEqual({
      kind: "publishing",
    });
  }
});

test("stopped by a check, with its message and its report; another context's statuses do not count", () => {
  const statuses = [
    status("failure", { description: "Stopped by the content check: data/services.yaml…", target_url: "https://r/1" }),
    { context: "ci/other", state: "success" as const },
  ];
  expect(publishState({ head, statuses, liveCommit: "b".repeat(40), now: minutesLater(3) })).toEqual({
    kind: "failed",
    message: "Stopped by the content check: data/services.yaml…",
    report: "https://r/1",
  });
});

test("not started when nothing is said of the change for longer than publishing takes", () => {
  const later = minutesLater(STALLED_AFTER_MINUTES + 1);
  expect(publishState({ head, statuses: [], liveCommit: "b".repeat(40), now: later })).toEqual({ kind: "stalled" });
  expect(publishState({ head, statuses: [status("pending")], liveCommit: "b".repeat(40), now: later }).kind).toBe(
    "publishing",
  );
});

test("live on a host whose site names no commit, once the deploy says so", () => {
  expect(publishState({ head, statuses: [status("success")], liveCommit: undefined, now: minutesLater(3) }).kind).toBe(
    "live",
  );
});

test.each(["en", "ar"] as const)("every state has its words in %s, and its link where there is one", (code) => {
  const words = statusWords[code];
  const runs = "https://github.com/o/n/actions";
  expect(describeState({ kind: "live", address: "https://s/" }, words, runs)).toEqual({
    text: words.live,
    link: { label: words.seeSite, href: "https://s/" },
  });
  expect(describeState({ kind: "publishing" }, words, runs)).toEqual({ text: words.publishing });
  const failed = describeState({ kind: "failed", message: "The check's words.", report: "https://r/1" }, words, runs);
  expect(failed).toEqual({
    text: words.failed,
    detail: "The check's words.",
    link: { label: words.seeReport, href: "https://r/1" },
  });
  expect(describeState({ kind: "stalled" }, words, runs).link).toEqual({ label: words.seeRuns, href: runs });
  const all = [words.label, words.live, words.seeSite, words.publishing, words.failed, words.seeReport];
  for (const text of [...all, words.stalled, words.seeRuns]) {
    expect(text.trim()).not.toBe("");
    // Each language's words are its own: Arabic letters in the Arabic, none in the English.
    expect(/[\u0600-\u06ff]/.test(text)).toBe(code === "ar");
  }
});

test("the editor's page links only to the site itself and the repository's Actions runs, over https", () => {
  const places = { site: "https://www.acme-it.ae", runs: "https://github.com/acme-it/website/actions" };
  const trusted = (href: string) => isTrustedLink(href, places);
  expect(trusted("https://www.acme-it.ae/")).toBe(true);
  expect(trusted("https://github.com/acme-it/website/actions/runs/4242")).toBe(true);
  expect(trusted("https://github.com/acme-it/website/actions")).toBe(true);
  for (const elsewhere of [
    "http://www.acme-it.ae/",
    "https://www.acme-it.ae.attacker.example/",
    "https://attacker@www.acme-it.ae/",
    "https://github.com/acme-it/website-evil/actions/runs/1",
    "https://github.com/attacker/website/actions/runs/1",
    "javascript:alert(1)",
    "not an address",
  ])
    expect({ elsewhere, trusted: trusted(elsewhere) }).toEqual({ elsewhere, trusted: false });
  // An editor served on this computer links to the site it is served with, and still nowhere else over http.
  const local = { ...places, site: "http://127.0.0.1:8000" };
  expect(isTrustedLink("http://127.0.0.1:8000/", local)).toBe(true);
  expect(isTrustedLink("http://127.0.0.1:9000/", local)).toBe(false);
  expect(isTrustedLink("http://github.com/acme-it/website/actions/runs/1", local)).toBe(false);
});
