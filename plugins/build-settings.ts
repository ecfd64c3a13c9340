/**
 * The build's settings from the environment, checked before anything is
 * built: the mail service's address (GATSBY_MAIL_API_URL), which goes into
 * every page's policy, the headers and nginx's rules, and the editor's
 * backend (CMS_*), which goes into its configuration. Each is taken only in
 * a plain form that nothing downstream could read as more than it says (a
 * quote ending a header, a comma starting a second policy, a wildcard); any
 * other value stops the build with what to set.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "jsonc-parser";
import { languages } from "../contract/src/languages";
import { MAIL_API_VARIABLE } from "../src/lib/mail-service";

export { MAIL_API_VARIABLE };

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A host name of letters, digits, dots and hyphens (or a local address), an optional port. */
const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[::1\])(?::\d{1,5})?$/i;
/** A path of plain characters: no quotes, spaces, commas, semicolons or percent signs. */
const PLAIN_PATH = /^\/[A-Za-z0-9/._~-]*$/;

/**
 * What is wrong with a web address given as a build setting, or null: it must
 * be https (http only on this computer), with a plain host and, when a path is
 * taken, a plain path; no user name, query or fragment.
 */
export function addressProblem(
  name: string,
  value: string,
  example: string,
  { path: pathAllowed }: { path: boolean },
): string | null {
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  const fix = `Set it to a plain address such as ${name}=${example}.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name} is "${shown}", which is not a web address. ${fix}`;
  }
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) {
    return `${name} must start with https:// (http:// only for a service on this computer, 127.0.0.1 or localhost), not "${shown}". ${fix}`;
  }
  const host = value.slice(url.protocol.length + 2).split(/[/?#]/)[0] ?? "";
  const rest = value.slice(url.protocol.length + 2 + host.length).replace(/\/$/, "");
  if (
    url.username ||
    url.password ||
    !PLAIN_HOST.test(host) ||
    value !== value.trim() ||
    (rest !== "" && (!pathAllowed || !PLAIN_PATH.test(rest)))
  ) {
    return `${name} is "${shown}", which holds more than a plain address (a user name, a query, a quote, a space, a comma, a wildcard or other characters a header could misread). ${fix}`;
  }
  return null;
}

/** What is wrong with the mail service's address, in words for whoever builds the site; null when it is usable. */
export function mailApiUrlProblem(value: string | undefined): string | null {
  const example = "https://mail.example.com/api/v1";
  if (!value || value.trim() === "") {
    return `${MAIL_API_VARIABLE} is not set, so the enquiry form would post nowhere. Set it to the mail service's v1 base address, for example ${MAIL_API_VARIABLE}=${example}, and build again.`;
  }
  return addressProblem(MAIL_API_VARIABLE, value, example, { path: true });
}

/** The mail service's origin for the pages' connect-src, from an address mailApiUrlProblem has accepted. */
export function mailOrigin(value: string): string {
  return new URL(value).origin;
}

/**
 * What is wrong with the editor's settings (CMS_BACKEND, CMS_REPO, CMS_BRANCH, CMS_AUTH_URL, CMS_PUBLISH_MODE); empty
 * when usable.
 */
export function cmsSettingsProblems(env: Readonly<Record<string, string | undefined>>): string[] {
  const problems: string[] = [];
  const { CMS_BACKEND, CMS_REPO, CMS_BRANCH, CMS_AUTH_URL, CMS_PUBLISH_MODE } = env;
  if (CMS_BACKEND !== undefined && CMS_BACKEND !== "github" && CMS_BACKEND !== "git-gateway") {
    problems.push(`CMS_BACKEND is "${CMS_BACKEND.slice(0, 80)}": set it to github (the default) or git-gateway.`);
  }
  if (CMS_REPO !== undefined && !/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(CMS_REPO)) {
    problems.push(
      `CMS_REPO is "${CMS_REPO.slice(0, 80)}": set it to the GitHub repository as owner/name, e.g. bluepeak/website.`,
    );
  }
  if (CMS_BRANCH !== undefined && (!/^[A-Za-z0-9._/-]+$/.test(CMS_BRANCH) || CMS_BRANCH.includes(".."))) {
    problems.push(`CMS_BRANCH is "${CMS_BRANCH.slice(0, 80)}": set it to a branch name such as main.`);
  }
  if (CMS_PUBLISH_MODE !== undefined && CMS_PUBLISH_MODE !== "simple" && CMS_PUBLISH_MODE !== "editorial_workflow") {
    problems.push(
      `CMS_PUBLISH_MODE is "${CMS_PUBLISH_MODE.slice(0, 80)}": set it to simple (the default) or editorial_workflow.`,
    );
  }
  if (CMS_AUTH_URL !== undefined) {
    const problem = addressProblem("CMS_AUTH_URL", CMS_AUTH_URL, "https://auth.example.com", { path: true });
    if (problem) problems.push(problem);
  }
  return problems;
}

/** The mail service's deployment, whose settings the site repeats to its visitors. */
export const mailServiceConfig = path.resolve(__dirname, "..", "mail-service", "wrangler.jsonc");

/** A number of days the mail service is deployed with (one of its wrangler.jsonc's vars, `fallback` when unset). */
function daysSetting(name: string, fallback: number, configFile: string): number {
  const config = parse(fs.readFileSync(configFile, "utf8")) as { vars?: Record<string, unknown> } | undefined;
  const value = config?.vars?.[name] ?? String(fallback);
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1) {
    throw new Error(
      `${path.relative(process.cwd(), configFile)}: ${name} is "${String(value)}"; set it to a whole number of days, such as "${fallback}".`,
    );
  }
  return days;
}

/**
 * How many days the mail service keeps an enquiry after delivering it, as it is deployed (RETENTION_DAYS in its
 * wrangler.jsonc, 90 when unset): the privacy notice tells visitors this number, so it is read, never copied.
 */
export const retentionDays = (configFile = mailServiceConfig) => daysSetting("RETENTION_DAYS", 90, configFile);

/** How many days an enquiry held as possible spam is kept for review (SPAM_RETENTION_DAYS, 30 when unset). */
export const spamRetentionDays = (configFile = mailServiceConfig) => daysSetting("SPAM_RETENTION_DAYS", 30, configFile);

/** The deploy's settings (docs/deploying.md): the way out and the database's location the notice names. */
export const deploySettingsFile = path.resolve(__dirname, "..", "deploy", "cloudflare.jsonc");

/**
 * D1's location hints (`wrangler d1 create --location`), each with the UN M49 region the privacy notice names it
 * by: Node's Intl.DisplayNames writes that region's name in each language at build time (CLDR's words, not ours;
 * browsers carry too little of CLDR to name regions themselves).
 */
export const DATABASE_LOCATIONS = {
  weur: "155",
  eeur: "151",
  apac: "142",
  oc: "009",
  wnam: "021",
  enam: "021",
} as const;

export type DatabaseLocation = keyof typeof DATABASE_LOCATIONS;

export function isDatabaseLocation(value: unknown): value is DatabaseLocation {
  return typeof value === "string" && Object.hasOwn(DATABASE_LOCATIONS, value);
}

/**
 * Cloudflare's Workers plans, with how many days D1's Time Travel keeps the database's past, from which a deleted
 * enquiry can be restored: the privacy notice and the operator's `forget` say it.
 */
export const WORKERS_PLANS = { free: 7, paid: 30 } as const;

export type WorkersPlan = keyof typeof WORKERS_PLANS;

export function isWorkersPlan(value: unknown): value is WorkersPlan {
  return typeof value === "string" && Object.hasOwn(WORKERS_PLANS, value);
}

/**
 * Who hosts the site, as the privacy notice names it among those who receive what visitors send: SITE_HOSTED_BY
 * where it is set (a server the company rents, under nginx), else Netlify where Netlify builds it, else Cloudflare,
 * where `npm run deploy` puts it.
 */
export function siteHostedBy(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const named = env.SITE_HOSTED_BY?.trim();
  if (named) return named.slice(0, 100);
  return env.NETLIFY === "true" ? "Netlify, Inc." : "Cloudflare, Inc.";
}

/** Mail providers by the host name of their submission server, as a visitor would know them. */
const SMTP_PROVIDERS: readonly [RegExp, string][] = [
  [/(^|\.)(office365|outlook)\.com$/i, "Microsoft 365"],
  [/(^|\.)(gmail|googlemail)\.com$/i, "Google Workspace"],
  [/(^|\.)zoho\.[a-z.]+$/i, "Zoho Mail"],
  [/(^|\.)amazonaws\.com$/i, "Amazon SES"],
  [/(^|\.)sendgrid\.net$/i, "SendGrid"],
  [/(^|\.)mailgun\.org$/i, "Mailgun"],
];

/** What the privacy notice states about the mail service as it is deployed: read from its settings, never copied. */
export interface MailServiceFacts {
  /** Days an enquiry is kept after delivery (or after its receipt, once refused for good). */
  retentionDays: number;
  /** Days an enquiry held as possible spam is kept for the staff's review. */
  spamRetentionDays: number;
  /** What carries the e-mail to the sales inbox: Cloudflare Email Routing, or the SMTP provider by name. */
  wayOut: string;
  /** The region the database is kept in, named in each language. */
  databaseRegion: { language: string; name: string }[];
  /** Days a deleted enquiry can be restored from the database's past (D1 Time Travel, by the Workers plan). */
  restoreDays: number;
  /** Who hosts the site itself. */
  siteHost: string;
}

/**
 * The privacy notice's facts as deployed, or every settings problem that keeps them from being read, each naming
 * the file and the value.
 */
export function readMailServiceFacts(
  workerConfig = mailServiceConfig,
  deploySettings = deploySettingsFile,
): { facts: MailServiceFacts; problems: [] } | { facts: undefined; problems: string[] } {
  const shown = path.relative(process.cwd(), deploySettings);
  const settings = fs.existsSync(deploySettings)
    ? (parse(fs.readFileSync(deploySettings, "utf8")) as Record<string, unknown> | undefined)
    : undefined;
  if (!settings || typeof settings !== "object") {
    return {
      facts: undefined,
      problems: [
        `${shown} is missing or unreadable: copy it from the repository; the privacy notice names what it sets.`,
      ],
    };
  }
  const problems: string[] = [];
  const location = settings.databaseLocation;
  if (!isDatabaseLocation(location)) {
    problems.push(
      `${shown}: databaseLocation is ${shownValue(location)}; set it to where the enquiries' database is kept: ${Object.keys(DATABASE_LOCATIONS).join(", ")}.`,
    );
  }
  let wayOut = "Cloudflare Email Routing";
  if (settings.mailTransport === "smtp") {
    const host = (settings.smtp as { host?: unknown } | undefined)?.host;
    if (typeof host !== "string" || !/^[a-z0-9.-]+$/i.test(host)) {
      problems.push(
        `${shown}: mailTransport is "smtp" but smtp.host is ${shownValue(host)}, not a host name; set it, such as smtp.office365.com.`,
      );
    } else {
      wayOut = SMTP_PROVIDERS.find(([pattern]) => pattern.test(host))?.[1] ?? host;
    }
  }
  const plan = settings.workersPlan;
  if (!isWorkersPlan(plan)) {
    problems.push(
      `${shown}: workersPlan is ${shownValue(plan)}; set it to the Cloudflare account's Workers plan, ${Object.keys(WORKERS_PLANS).join(" or ")}.`,
    );
  }
  const days = { retention: 0, spam: 0 };
  try {
    days.retention = retentionDays(workerConfig);
  } catch (error) {
    problems.push((error as Error).message);
  }
  try {
    days.spam = spamRetentionDays(workerConfig);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (problems.length > 0 || !isDatabaseLocation(location) || !isWorkersPlan(plan)) {
    return { facts: undefined, problems };
  }
  const region = DATABASE_LOCATIONS[location];
  return {
    problems: [],
    facts: {
      restoreDays: WORKERS_PLANS[plan],
      siteHost: siteHostedBy(),
      retentionDays: days.retention,
      spamRetentionDays: days.spam,
      wayOut,
      databaseRegion: languages.map(({ code, locale }) => ({
        language: code,
        name: new Intl.DisplayNames([locale], { type: "region" }).of(region) ?? region,
      })),
    },
  };
}

/** The facts as deployed; throws naming every settings problem (for code that runs after the build's check). */
export function mailServiceFacts(
  workerConfig = mailServiceConfig,
  deploySettings = deploySettingsFile,
): MailServiceFacts {
  const { facts, problems } = readMailServiceFacts(workerConfig, deploySettings);
  if (!facts) throw new Error(settingsProblemsMessage(problems));
  return facts;
}

/** The build's stop message for settings problems, one line each. */
export function settingsProblemsMessage(problems: readonly string[]): string {
  return `The deployment's settings are wrong, so the privacy notice cannot say what the mail service does. Fix each and build again:\n- ${problems.join("\n- ")}`;
}

/** A settings value as a message shows it: "missing" when absent, else quoted and cut short. */
function shownValue(value: unknown): string {
  return value === undefined ? "missing" : `"${String(value).slice(0, 60)}"`;
}
