/**
 * The deploy's settings (deploy/cloudflare.jsonc), read and checked before
 * any call to Cloudflare: each value in a plain form, none still the example
 * company's, the site's own address (data/site.yaml) the one it will be
 * served at, and nothing of the example company left in the content
 * (example-content.ts). Every problem is listed, each with where it is and
 * what to write instead.
 */
import fs from "node:fs";
import path from "node:path";
import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";
import { isPlainAddress } from "../../contract/src/plain-address";
import {
  DATABASE_LOCATIONS,
  isDatabaseLocation,
  isWorkersPlan,
  WORKERS_PLANS,
  type DatabaseLocation,
  type WorkersPlan,
} from "../../plugins/build-settings";
import { formatNote } from "../../plugins/site-content/check";
import { readContentYaml } from "../../plugins/site-content/read-yaml";
import { exampleContent } from "./example-content";

export const SETTINGS_FILE = path.join("deploy", "cloudflare.jsonc");

/** What the example company's values have in common: the deploy refuses any value that holds it. */
const EXAMPLE_DOMAIN = "bluepeak-it.example";
const EXAMPLE_NAMES = new Set(["bluepeak-it-site", "bluepeak-it/website"]);

export interface SmtpSettings {
  host: string;
  port: number;
  security: "starttls" | "tls";
  auth: "password" | "oauth2";
  user: string;
  oauthTokenUrl?: string;
  oauthClientId?: string;
}

export interface DeploySettings {
  siteHost: string;
  mailHost: string;
  pagesProject: string;
  salesAddress: string;
  fromAddress: string;
  mailTransport: "send_email" | "smtp";
  smtp?: SmtpSettings;
  editorRepository: string;
  /** "simple" (the default: Publish goes live) or "editorial_workflow" (drafts, each with a preview). */
  publishMode: "simple" | "editorial_workflow";
  /** Where the enquiries' database is created (D1's location hint), which the privacy notice names. */
  databaseLocation: DatabaseLocation;
  /** The Cloudflare account's Workers plan: how long D1 keeps what was deleted, restorable, which the notice names. */
  workersPlan: WorkersPlan;
}

/** A public host name: two labels or more of letters, digits and inner hyphens; no scheme, port or path. */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const PAGES_PROJECT = /^[a-z0-9](?:[a-z0-9-]{0,56}[a-z0-9])?$/;
const REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Nothing can be deployed yet:\n- ${problems.join("\n- ")}`);
  }
}

/**
 * The sales and sending addresses the settings file holds, as the mail service's variables, for `npm start` to use
 * as the deployed service will: each only when it is a plain address (the deploy's check names any other).
 */
export function settingsAddresses(root: string): { SALES_ADDRESS?: string; FROM_ADDRESS?: string } {
  const file = path.join(root, SETTINGS_FILE);
  const raw = fs.existsSync(file) ? (parse(fs.readFileSync(file, "utf8"), [], { allowTrailingComma: true }) as unknown) : {};
  const given = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const plain = (value: unknown) => (typeof value === "string" && isPlainAddress(value) ? value : undefined);
  const [sales, from] = [plain(given.salesAddress), plain(given.fromAddress)];
  return { ...(sales && { SALES_ADDRESS: sales }), ...(from && { FROM_ADDRESS: from }) };
}

/** The settings in `file`, checked against the project in `root`; throws SettingsError naming every problem. */
export function readSettings(root: string, file = path.join(root, SETTINGS_FILE)): DeploySettings {
  const shown = path.relative(root, file) || file;
  if (!fs.existsSync(file)) throw new SettingsError([`${shown} does not exist: copy it from the repository.`]);
  const errors: ParseError[] = [];
  const raw = parse(fs.readFileSync(file, "utf8"), errors, { allowTrailingComma: true }) as unknown;
  if (errors.length > 0 || typeof raw !== "object" || raw === null) {
    const where = errors[0] ? ` (${printParseErrorCode(errors[0].error)} at character ${errors[0].offset})` : "";
    throw new SettingsError([`${shown} is not a settings object${where}.`]);
  }
  const given = raw as Record<string, unknown>;
  const problems: string[] = [];
  const text = (name: keyof DeploySettings, rule: (value: string) => string | null): string => {
    const value = given[name];
    if (typeof value !== "string" || value.trim() === "") {
      problems.push(`${shown}, ${name} is missing: ${rule("") ?? "set it"}.`);
      return "";
    }
    if (value.toLowerCase().includes(EXAMPLE_DOMAIN) || EXAMPLE_NAMES.has(value)) {
      problems.push(`${shown}, ${name} is still the example company's ("${value}"): put the company's own.`);
      return value;
    }
    const problem = rule(value);
    if (problem) problems.push(`${shown}, ${name} is "${value.slice(0, 80)}": ${problem}.`);
    return value;
  };
  const host = (value: string) =>
    HOST_NAME.test(value) ? null : "write a plain host name such as www.example.com (no https://, port or path)";
  const address = (value: string) =>
    isPlainAddress(value) ? null : "write a plain e-mail address such as sales@example.com";

  const settings: DeploySettings = {
    siteHost: text("siteHost", host),
    mailHost: text("mailHost", host),
    pagesProject: text("pagesProject", (value) =>
      PAGES_PROJECT.test(value) ? null : "use lowercase letters, digits and hyphens, at most 58",
    ),
    salesAddress: text("salesAddress", address),
    fromAddress: text("fromAddress", address),
    mailTransport: text("mailTransport", (value) =>
      value === "send_email" || value === "smtp" ? null : 'write "send_email" or "smtp"',
    ) as DeploySettings["mailTransport"],
    editorRepository: text("editorRepository", (value) =>
      REPOSITORY.test(value) ? null : "write the GitHub repository as owner/name",
    ),
    publishMode: "simple",
    databaseLocation: "weur",
    workersPlan: "free",
  };
  if (isWorkersPlan(given.workersPlan)) settings.workersPlan = given.workersPlan;
  else
    problems.push(
      `${shown}, workersPlan is ${given.workersPlan === undefined ? "missing" : `"${String(given.workersPlan).slice(0, 40)}"`}: write the Cloudflare account's Workers plan, ${Object.keys(WORKERS_PLANS).join(" or ")} (the privacy notice names how long deleted enquiries can be restored on it).`,
    );
  if (isDatabaseLocation(given.databaseLocation)) settings.databaseLocation = given.databaseLocation;
  else
    problems.push(
      `${shown}, databaseLocation is ${given.databaseLocation === undefined ? "missing" : `"${String(given.databaseLocation).slice(0, 40)}"`}: write where the enquiries' database is kept, one of ${Object.keys(DATABASE_LOCATIONS).join(", ")} (the privacy notice names it).`,
    );
  if (given.publishMode !== undefined) {
    if (given.publishMode === "simple" || given.publishMode === "editorial_workflow") {
      settings.publishMode = given.publishMode;
    } else {
      problems.push(
        `publishMode is "${String(given.publishMode).slice(0, 80)}": write "simple" (Publish goes live) or "editorial_workflow" (drafts with previews), or leave it out.`,
      );
    }
  }
  if (settings.siteHost && settings.siteHost === settings.mailHost) {
    problems.push(`${shown}, siteHost and mailHost are the same: the mail service needs a host name of its own.`);
  }
  if (settings.mailTransport === "smtp") settings.smtp = smtpSettings(given.smtp, problems);

  const examples = exampleContent(root);
  problems.push(...examples.map(formatNote));
  const siteUrl = siteAddress(root);
  const exampleSiteUrl = examples.some(({ file, field }) => file === "data/site.yaml" && field === "siteUrl");
  if (
    !exampleSiteUrl &&
    settings.siteHost &&
    HOST_NAME.test(settings.siteHost) &&
    siteUrl !== `https://${settings.siteHost}`
  ) {
    problems.push(
      `data/site.yaml gives the site's address (siteUrl) as "${siteUrl}", but it will be served at https://${settings.siteHost}: make them the same (the sitemap, the canonical addresses and the sharing previews use siteUrl).`,
    );
  }
  if (problems.length > 0) throw new SettingsError(problems);
  return settings;
}

function smtpSettings(value: unknown, problems: string[]): SmtpSettings | undefined {
  const smtp = (typeof value === "object" && value !== null ? value : {}) as Partial<Record<keyof SmtpSettings, unknown>>;
  const before = problems.length;
  if (typeof smtp.host !== "string" || !HOST_NAME.test(smtp.host))
    problems.push('smtp.host: write the provider\'s submission server, such as "smtp.office365.com".');
  if (typeof smtp.port !== "number" || !Number.isInteger(smtp.port) || smtp.port < 1 || smtp.port > 65535)
    problems.push("smtp.port: write the port as a number, 587 (starttls) or 465 (tls).");
  if (smtp.security !== "starttls" && smtp.security !== "tls")
    problems.push('smtp.security: write "starttls" or "tls".');
  if (smtp.auth !== "password" && smtp.auth !== "oauth2") problems.push('smtp.auth: write "password" or "oauth2".');
  if (typeof smtp.user !== "string" || !isPlainAddress(smtp.user))
    problems.push("smtp.user: write the mailbox the service signs in as.");
  if (smtp.auth === "oauth2") {
    if (typeof smtp.oauthTokenUrl !== "string" || !smtp.oauthTokenUrl.startsWith("https://"))
      problems.push("smtp.oauthTokenUrl: write the provider's token address (https://…).");
    if (typeof smtp.oauthClientId !== "string" || smtp.oauthClientId.trim() === "")
      problems.push("smtp.oauthClientId: write the application (client) id.");
  }
  return problems.length === before ? (smtp as SmtpSettings) : undefined;
}

/**
 * What the deploy says without refusing: the address the site shows visitors for their requests (the contact
 * panel's and the privacy notice's, data/contact.yaml's salesEmail) is not the one enquiries are delivered to.
 */
export function settingsWarnings(root: string, settings: DeploySettings): string[] {
  const file = path.join(root, "data", "contact.yaml");
  const shown = (readContentYaml(fs.readFileSync(file, "utf8"), "contact.yaml") as { en?: { salesEmail?: string } })
    ?.en?.salesEmail;
  return shown && shown.toLowerCase() !== settings.salesAddress.toLowerCase()
    ? [
        `data/contact.yaml gives visitors ${shown} for their requests (the contact panel, the privacy notice), but enquiries are delivered to ${settings.salesAddress} (salesAddress in ${SETTINGS_FILE}): make sure ${shown} is read, or make the two the same.`,
      ]
    : [];
}

/** The site's own address as its content gives it (data/site.yaml, siteUrl). */
function siteAddress(root: string): string {
  const file = path.join(root, "data", "site.yaml");
  const content = readContentYaml(fs.readFileSync(file, "utf8"), "site.yaml") as { en?: { siteUrl?: string } };
  return String(content?.en?.siteUrl ?? "").replace(/\/+$/, "");
}

/**
 * The secrets the mail service needs: the monitor's token, the key the digest's "Not spam: deliver it" links are
 * signed with, and the chosen way out's, each with what it is.
 */
export function workerSecrets(settings: DeploySettings): { name: string; what: string }[] {
  const always = [
    {
      name: "HEALTH_TOKEN",
      what: "the monitor's token for the health report, 24 characters or more, such as the output of openssl rand -hex 24",
    },
    {
      name: "REVIEW_KEY",
      what: "the key that signs the spam digest's delivery links, 32 characters or more, such as the output of openssl rand -hex 32",
    },
  ];
  if (settings.mailTransport !== "smtp") return always;
  return [
    ...always,
    settings.smtp?.auth === "oauth2"
      ? { name: "SMTP_OAUTH_CLIENT_SECRET", what: "the OAuth client secret of the mail service's app" }
      : { name: "SMTP_PASSWORD", what: "the password (or app password) of the SMTP mailbox" },
  ];
}

/** The editor's sign-in secrets, on the Pages project. */
export const PAGES_SECRETS = [
  { name: "GITHUB_CLIENT_ID", what: "the client id of the GitHub OAuth app" },
  { name: "GITHUB_CLIENT_SECRET", what: "the client secret of the GitHub OAuth app" },
] as const;
