/**
 * The content editor at /admin: the Decap CMS bundle, the previews and the
 * editor configuration derived from the content model, written into
 * public/admin/ next to static/admin/index.html. (`npm run edit` serves the
 * same files on this computer without a build: scripts/editor-server.ts.)
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { cmsSettingsProblems } from "../build-settings";
import { userError } from "../user-error";
import { cmsBackendFrom, cmsConfig } from "./cms-config";
import { configFile, editorFiles } from "./editor-files";

export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => userError.register(reporter);

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  const problems = cmsSettingsProblems(process.env);
  if (problems.length > 0)
    userError.stop(reporter, `The content editor's settings are wrong:\n- ${problems.join("\n- ")}`);
};

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  const backend = cmsBackendFrom(process.env, gitOrigin());
  if (backend.name === "github" && !backend.repo) {
    reporter.warn(
      "The content editor at /admin cannot save: no GitHub repository is known. Build with CMS_REPO=<owner>/<name> (see docs/editing.md).",
    );
  }
  const publishMode = process.env.CMS_PUBLISH_MODE === "editorial_workflow" ? "editorial_workflow" : "simple";
  const files = [
    ...editorFiles(),
    { url: "/admin/config.yml", body: () => configFile(cmsConfig({ backend, publishMode })) },
  ];
  for (const file of files) {
    const target = path.resolve("public", `.${file.url}`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, await file.body());
  }
};

/** The address of the git remote "origin", when the site is built from a git clone. */
function gitOrigin(): string | undefined {
  try {
    return execFileSync("git", ["remote", "get-url", "origin"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return undefined;
  }
}
