/**
 * The site names the commit it was built from, at /version.json: the editor's
 * page compares it with the head of the editor's branch to tell the editor
 * whether the latest published change is live (plugins/site-admin/editor),
 * and anyone can see what a host serves. It holds the commit alone: no time,
 * so that two builds of one commit are the same files, and nothing secret.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const VERSION_FILE = "version.json";

const COMMIT = /^[0-9a-f]{40}$/;

/**
 * The commit being built: the deploy's (SITE_COMMIT), the host's where it builds from git itself (Netlify's
 * COMMIT_REF, Cloudflare Pages' CF_PAGES_COMMIT_SHA), else the checkout's HEAD; null when none is known.
 */
function builtCommit(env: NodeJS.ProcessEnv = process.env): string | null {
  for (const value of [env.SITE_COMMIT, env.COMMIT_REF, env.CF_PAGES_COMMIT_SHA]) {
    if (value && COMMIT.test(value.trim())) return value.trim();
  }
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return COMMIT.test(head.trim()) ? head.trim() : null;
  } catch {
    return null;
  }
}

export function writeVersion(): void {
  fs.writeFileSync(path.resolve("public", VERSION_FILE), `${JSON.stringify({ commit: builtCommit() })}\n`);
}
