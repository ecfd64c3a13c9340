import { otherMailProvider } from "../domains";
import type { DeployPlan, DeployStep } from "./plan";

/** With send_email, a warning when Email Routing would take the domain's mail from another provider. */
export const emailRouting = ({ settings }: DeployPlan): DeployStep | null =>
  settings.mailTransport === "send_email"
    ? {
        title: "Email Routing",
        plan: `look for another mail provider's MX records where ${settings.fromAddress} sends from`,
        run: async ({ api }) => {
          const others = await otherMailProvider(api, settings.fromAddress);
          return others.length === 0
            ? "no other provider's MX records: Email Routing may take the domain's mail"
            : `WARNING: the domain receives its mail at ${others.join(", ")}. Turning Email Routing on replaces those MX records, and the company's mail would go to Cloudflare instead: use "smtp" as mailTransport (the company's own provider), or a subdomain for fromAddress (docs/deploying.md, "Before the first run").`;
        },
      }
    : null;
