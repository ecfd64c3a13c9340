import { domainActive, siteRecord } from "../domains";
import { ACCOUNT, type DeployPlan, type DeployStep } from "./plan";

/** The site's own host on the Pages project, with the DNS record Cloudflare's API leaves to the caller. */
export const siteDomain = ({ settings }: DeployPlan): DeployStep => ({
  title: `Custom domain ${settings.siteHost}`,
  plan: `add it to the Pages project, make its DNS record (CNAME to ${settings.pagesProject}.pages.dev) and wait until it is active`,
  run: async ({ api }) => {
    const domains = `${ACCOUNT}/pages/projects/${settings.pagesProject}/domains`;
    const listed = await api.get<{ name: string }[]>(domains);
    const added = !listed.some(({ name }) => name === settings.siteHost);
    if (added) await api.post(domains, { name: settings.siteHost });
    const record = await siteRecord(api, settings.siteHost, settings.pagesProject);
    const status = await domainActive(api, settings.pagesProject, settings.siteHost);
    return `${added ? "added" : "found"}; ${record}; ${status}`;
  },
});
