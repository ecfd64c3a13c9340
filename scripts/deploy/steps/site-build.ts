import { buildSite } from "../site";
import type { DeployPlan, LocalStep } from "./plan";

/** The site built for its address, posting to the mail service, its editor saving to the company's repository. */
export const siteBuild = ({ settings, siteUrl, mailApi, env }: DeployPlan): LocalStep => ({
  title: "Site build",
  plan: `build the site for ${siteUrl}, posting to ${mailApi}, its editor saving to ${settings.editorRepository}`,
  run: ({ commit }) => buildSite(settings, env, commit),
});
