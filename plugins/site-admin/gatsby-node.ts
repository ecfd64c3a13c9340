/**
 * The content editor at /admin: the Decap CMS bundle, the previews and the
 * editor configuration derived from the content model, written into
 * public/admin/ next to static/admin/index.html after the build
 * (write-editor.ts, a step of plugins/site-finish); here, its settings are
 * checked before the build starts. (`npm run edit` serves the same files on
 * this computer without a build: scripts/editor-server.ts.)
 */
import type { GatsbyNode } from "gatsby";
import { cmsSettingsProblems } from "../build-settings";
import { userError } from "../user-error";

export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => userError.register(reporter);

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  const problems = cmsSettingsProblems(process.env);
  if (problems.length > 0)
    userError.stop(reporter, `The content editor's settings are wrong:\n- ${problems.join("\n- ")}`);
};
