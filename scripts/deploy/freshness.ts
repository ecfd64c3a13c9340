/**
 * Whether this checkout may be published over the live site. The editors
 * publish to the branch on GitHub, and a deploy replaces the whole site: a
 * deploy from a checkout that does not hold their latest commit would take
 * their published changes off the live site without a word, and one with
 * uncommitted changes would publish what no commit holds. So the deploy compares its checkout with the branch's
 * head on GitHub first. In GitHub Actions the checkout is the pushed commit:
 * a newer one on the branch means a newer run publishes it (this one stands
 * down), and GitHub not answering, or a file changed in the checkout, is only
 * a warning. By hand, the checkout must also be a clone of the company's
 * repository (its `origin`), which the editors publish to and the publishing
 * workflow deploys from.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { githubRepository } from "../../plugins/site-admin/cms-config";
import type { GitHub } from "./github";

export type Freshness =
  | { verdict: "publish"; commit: string | undefined; warnings: string[] }
  | { verdict: "refuse"; commit: string | undefined; problems: string[]; warnings: string[] }
  | { verdict: "superseded"; commit: string; newer: string };

const git = (root: string, args: string[]) =>
  spawnSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** The commit checked out, or undefined outside a git checkout. */
export function checkedOutCommit(root: string): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

/**
 * What stops a deploy by hand from this checkout before GitHub is asked: changes no commit holds (but the files the
 * command writes itself), and an `origin` that is not the company's repository. The rehearsal names them as
 * warnings, the real run refuses them.
 */
export function checkoutProblems(root: string, repository: string, ownFiles: readonly string[] = []): string[] {
  const problems: string[] = [];
  const change = uncommitted(root, ownFiles);
  if (change) {
    problems.push(
      `${change}: commit them, or undo them (git stash), so that the site published is one a commit holds.`,
    );
  }
  const origin = git(root, ["remote", "get-url", "origin"]).stdout.trim();
  if (githubRepository(origin)?.toLowerCase() !== repository.toLowerCase()) {
    problems.push(
      `this checkout's origin is ${origin ? origin : "not set"}, not the company's repository ${repository} (editorRepository, which the editors publish to): make the repository on GitHub, then git remote set-url origin https://github.com/${repository}.git (git remote add, where there is no origin) and git push -u origin main.`,
    );
  }
  return problems;
}

/** The checkout's changes no commit holds, named, or undefined when there are none. */
function uncommitted(root: string, ownFiles: readonly string[]): string | undefined {
  // Each line of `git status --porcelain` is two status letters, a space and the path: any file, not only data/,
  // since the deploy uploads the build of the whole tree as the commit's.
  const changed = git(root, ["status", "--porcelain"])
    .stdout.split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => line.slice(3))
    .filter((file) => !ownFiles.includes(file));
  if (changed.length === 0) return undefined;
  const named = `${changed.slice(0, 8).join(", ")}${changed.length > 8 ? ` and ${changed.length - 8} more` : ""}`;
  return `this checkout has changes that are not committed (${named})`;
}

export async function checkFreshness({
  root,
  branch,
  github,
  inActions,
  ownFiles = [],
}: {
  root: string;
  branch: string;
  github: GitHub;
  inActions: boolean;
  /** Files the command itself writes (npm run deploy's mail-service/wrangler.jsonc): their changes are its own. */
  ownFiles?: readonly string[];
}): Promise<Freshness> {
  const commit = checkedOutCommit(root);
  const problems: string[] = [];
  const warnings: string[] = [];
  if (!commit) {
    problems.push(
      "this folder is not a git checkout, so it cannot be told whether it holds the editors' latest published changes.",
    );
    return { verdict: "refuse", commit, problems, warnings };
  }
  if (inActions) {
    // In GitHub Actions the checkout is the repository's own pushed commit; a file changed in it is only told.
    const change = uncommitted(root, ownFiles);
    if (change) warnings.push(`${change}: the site deployed is not quite the commit's.`);
  } else problems.push(...checkoutProblems(root, github.repository, ownFiles));
  let head: string | undefined;
  try {
    head = await github.branchHead(branch);
  } catch (error) {
    const reason = `${branch} on GitHub (${github.repository}) could not be read, so it cannot be told whether this checkout holds the editors' latest published changes: ${(error as Error).message}`;
    if (inActions) warnings.push(reason);
    else problems.push(reason);
  }
  if (head && head !== commit) {
    const holds = git(root, ["merge-base", "--is-ancestor", head, commit]).status === 0;
    if (holds) {
      warnings.push(
        `this checkout has commits that ${branch} on GitHub does not: push them, or the next change an editor publishes will go live without them.`,
      );
    } else if (inActions) {
      return { verdict: "superseded", commit, newer: head };
    } else {
      problems.push(
        `${branch} on GitHub is at ${head.slice(0, 7)}, which this checkout does not hold: publishing it would take the editors' newer changes off the live site. Run git pull, then publish again.`,
      );
    }
  }
  return problems.length > 0 ? { verdict: "refuse", commit, problems, warnings } : { verdict: "publish", commit, warnings };
}
