import { bareDomainRedirect } from "../domains";
import type { DeployPlan, DeployStep } from "./plan";

/** For a www. site, the bare domain sent on to it; no step for a site on another host. */
export const bareDomain = ({ settings }: DeployPlan): DeployStep | null =>
  settings.siteHost.startsWith("www.")
    ? {
        title: `Bare domain ${settings.siteHost.slice(4)}`,
        plan: `send it on to https://${settings.siteHost} (a Redirect Rule of the zone)`,
        run: ({ api }) => bareDomainRedirect(api, settings.siteHost),
      }
    : null;
