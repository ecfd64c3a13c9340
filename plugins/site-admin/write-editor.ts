/**
 * The content editor in the built site: Decap's page and bundle, and its configuration for this build's backend in
 * each of the editor's languages (a step of plugins/site-finish).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { StepReporter } from "../site-finish/step";
import { cmsBackendFrom, cmsConfig, configAddress, EDITOR_LANGUAGES } from "./cms-config";
import { configFile, editorFiles } from "./editor-files";

export async function writeEditor(reporter: StepReporter): Promise<void> {
  const backend = cmsBackendFrom(process.env, gitOrigin());
  if (backend.name === "github" && !backend.repo) {
    reporter.warn(
      "The content editor at /admin cannot save: no GitHub repository is known. Build with CMS_REPO=<owner>/<name> (see docs/editing.md).",
    );
  }
  const publishMode = process.env.CMS_PUBLISH_MODE === "editorial_workflow" ? "editorial_workflow" : "simple";
  const files = [
    ...editorFiles(),
    ...EDITOR_LANGUAGES.map((language) => ({
      url: configAddress(language),
      body: () => configFile(cmsConfig({ backend, publishMode, language })),
    })),
  ];
  for (const file of files) {
    const target = path.resolve("public", `.${file.url}`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, await file.body());
  }
}

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
