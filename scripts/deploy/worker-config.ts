/**
 * The mail service's wrangler.jsonc with the company's values written in:
 * its host name, the site's origin, the addresses, the way out and, once it
 * exists, the D1 database's id. Edited in place (comments and layout kept)
 * and written in the project's Prettier style, so that wrangler, the
 * operator's commands and the site's build all read the deployed values from
 * the file the company commits, and the project's lint passes on it.
 */
import path from "node:path";
import { applyEdits, modify, parse, type JSONPath } from "jsonc-parser";
import { WORKERS_PLANS } from "../../plugins/build-settings";
import type { DeploySettings } from "./settings";
import { INDUSTRIES_FILE, siteIndustries } from "../../plugins/site-content/industries";

export const WORKER_CONFIG = "mail-service/wrangler.jsonc";

export interface WorkerConfig {
  name: string;
  d1_databases: { database_name: string; database_id: string }[];
  queues: { producers: { queue: string }[]; consumers: { queue: string; dead_letter_queue?: string }[] };
  vars: Record<string, string>;
}

export function readWorkerConfig(text: string): WorkerConfig {
  return parse(text) as WorkerConfig;
}

/** The queues the Worker produces to and consumes from, its dead-letter queue among them. */
export function queueNames(config: WorkerConfig): string[] {
  const names = [
    ...config.queues.producers.map(({ queue }) => queue),
    ...config.queues.consumers.flatMap(({ queue, dead_letter_queue }) => [queue, ...(dead_letter_queue ? [dead_letter_queue] : [])]),
  ];
  return [...new Set(names)];
}

/** The site's origins as a browser writes them: the host, and the bare domain when the host is its www. */
export function siteOrigins(siteHost: string): string[] {
  return siteHost.startsWith("www.") ? [`https://${siteHost}`, `https://${siteHost.slice(4)}`] : [`https://${siteHost}`];
}

export async function withCompanyValues(
  text: string,
  settings: DeploySettings,
  databaseId?: string,
  root = process.cwd(),
): Promise<string> {
  const values: [JSONPath, unknown][] = [
    // The monthly report counts an industry by name only when the site has it: the site's list, as published.
    [["vars", "SITE_INDUSTRIES"], siteIndustries(root)],
    // And where the site publishes them, read by the service every few minutes: an editor's new one counts by name.
    [["vars", "SITE_INDUSTRIES_URL"], `https://${settings.siteHost}/${INDUSTRIES_FILE}`],
    [["routes"], [{ pattern: settings.mailHost, custom_domain: true }]],
    // Where the spam digest's links lead: the service's own address.
    [["vars", "SERVICE_URL"], `https://${settings.mailHost}`],
    [["send_email", 0, "destination_address"], settings.salesAddress],
    [["vars", "ALLOWED_ORIGINS"], siteOrigins(settings.siteHost).join(",")],
    // How long a deleted enquiry can be restored (the operator's forget says it), by the account's plan.
    [["vars", "RESTORE_DAYS"], String(WORKERS_PLANS[settings.workersPlan])],
    [["vars", "SALES_ADDRESS"], settings.salesAddress],
    [["vars", "FROM_ADDRESS"], settings.fromAddress],
    [["vars", "MAIL_TRANSPORT"], settings.mailTransport],
  ];
  const smtp = settings.smtp;
  const smtpVars: Record<string, string | undefined> = {
    SMTP_HOST: smtp?.host,
    SMTP_PORT: smtp && String(smtp.port),
    SMTP_SECURITY: smtp?.security,
    SMTP_AUTH: smtp?.auth,
    SMTP_USER: smtp?.user,
    SMTP_OAUTH_TOKEN_URL: smtp?.oauthTokenUrl,
    SMTP_OAUTH_CLIENT_ID: smtp?.oauthClientId,
  };
  // undefined removes a setting the chosen way out does not use.
  for (const [name, value] of Object.entries(smtpVars)) values.push([["vars", name], value]);
  if (databaseId) values.push([["d1_databases", 0, "database_id"], databaseId]);
  const edited = values.reduce(
    (edited, [where, value]) =>
      applyEdits(edited, modify(edited, where, value, { formattingOptions: { insertSpaces: true, tabSize: 2 } })),
    text,
  );
  const file = path.join(root, WORKER_CONFIG);
  // Loaded when used: Prettier 3 loads its parsers by dynamic import, which the tests' runner (Jest) cannot do
  // in the modules it loads for the deploy's plan.
  const prettier = await import("prettier");
  return prettier.format(edited, { ...(await prettier.resolveConfig(file)), filepath: file });
}
