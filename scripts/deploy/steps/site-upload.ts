import { PRODUCTION_BRANCH, uploadSite } from "../site";
import type { DeployPlan, DeployStep } from "./plan";

/** public/ and functions/ uploaded to the Pages project, unless the live site holds the same files. */
export const siteUpload = ({ settings, env, force }: DeployPlan): DeployStep => ({
  title: "Site",
  plan: `deploy public/ and functions/ to the Pages project (wrangler pages deploy), unless they are live as they are`,
  run: async ({ api, commit }) =>
    (await uploadSite(api, settings, env, { branch: PRODUCTION_BRANCH, commit, force })).summary,
});
