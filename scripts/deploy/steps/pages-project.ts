import { ACCOUNT, type DeployPlan, type DeployStep } from "./plan";

/** The site's Cloudflare Pages project. */
export const pagesProject = ({ settings }: DeployPlan): DeployStep => ({
  title: `Pages project "${settings.pagesProject}"`,
  plan: "find it, or create it with main as its production branch",
  run: async ({ api }) => {
    if (await api.find(`${ACCOUNT}/pages/projects/${settings.pagesProject}`)) return "found";
    await api.post(`${ACCOUNT}/pages/projects`, { name: settings.pagesProject, production_branch: "main" });
    return "created";
  },
});
