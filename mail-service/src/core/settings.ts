/**
 * The service's settings, read from the Worker's variables and secrets
 * (wrangler.jsonc, `wrangler secret put`) and checked before they are used:
 * a wrong setting stops the service with a message naming it and saying what
 * to set, instead of sending mail to a wrong place or refusing every visitor
 * for no stated reason.
 */

import { isPlainAddress } from "enquiry-contract/plain-address";

export { isPlainAddress };

/** Every setting is a string in the environment; a missing one is undefined. */
export type RawSettings = Partial<Record<string, unknown>>;

export type SmtpSecurity = "starttls" | "tls" | "none";

export interface SmtpSettings {
  host: string;
  port: number;
  /** starttls: plain connection upgraded with STARTTLS (port 587); tls: TLS from the start (port 465). */
  security: SmtpSecurity;
  auth:
    | { type: "none" }
    | { type: "password"; user: string; password: string }
    | { type: "oauth2"; user: string; tokenUrl: string; clientId: string; clientSecret: string; scope: string };
}

export interface Settings {
  /** The site's origins, exactly as a browser sends them in Origin. */
  allowedOrigins: string[];
  salesAddress: string;
  fromAddress: string;
  fromName: string;
  transport: { type: "send_email" } | ({ type: "smtp" } & SmtpSettings);
  retentionDays: number;
  /** An enquiry no delivery has taken for this long is queued again by the sweep. */
  requeueAfterSeconds: number;
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  duplicateWindowMinutes: number;
  /**
   * The longest one SMTP conversation may take, in seconds; each step also has RFC 5321's own wait (deadlines.ts),
   * cut short by what is left of this.
   */
  deliveryTimeoutSeconds: number;
  /** The most e-mails sent in a minute: the mail provider's own limit (Microsoft 365's is 30). */
  deliveryRatePerMinute: number;
  /** Past this many enquiries in a minute, from anyone, new ones are stored and answered but wait for the sweep. */
  serviceLimitPerMinute: number;
  /** The health answer turns 503 when an enquiry has waited longer than this, in minutes. */
  alertAfterMinutes: number;
  /** The secret a monitor sends to read the health report (HEALTH_TOKEN); without it, health says 200 or 503 only. */
  healthToken: string | null;
  /** The monthly report e-mail: on (for a month with enquiries), always (every month), or off. */
  monthlyReport: "on" | "always" | "off";
  /** The report e-mail's languages, in the order it shows them. */
  reportLanguages: ReportLanguage[];
  /**
   * The site's industries by the English name the form sends, with their Arabic names (SITE_INDUSTRIES, written
   * from data/industries.yaml by `npm run deploy`): any other industry an enquiry names is counted as "other".
   */
  industries: Map<string, Partial<Record<ReportLanguage, string>>>;
  /**
   * Where the site publishes its industries (SITE_INDUSTRIES_URL, its /industries.json, written by `npm run
   * deploy`): the sweep reads it every few minutes, so an industry an editor adds is counted by its name once it is
   * published, with no deploy of the service. Null: SITE_INDUSTRIES alone.
   */
  industriesUrl: string | null;
  /** How long an enquiry held as possible spam is kept for the staff's review before the sweep erases it. */
  spamRetentionDays: number;
  /**
   * The secret the digest's "Not spam: deliver it" links are signed with (REVIEW_KEY); without it the digest lists
   * what is held and says how the operator delivers it, with no link.
   */
  reviewKey: string | null;
  /** The service's own address (SERVICE_URL, https://<mail host>), where the digest's links lead; null: no links. */
  serviceUrl: string | null;
}

/** A JSON object of industries, each English name to its Arabic one, as a map; null when it is not one. */
export function parseIndustries(value: string): Settings["industries"] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    Array.isArray(parsed) ||
    !Object.values(parsed).every((name) => typeof name === "string")
  ) {
    return null;
  }
  return new Map(Object.entries(parsed as Record<string, string>).map(([en, ar]) => [en, { en, ar }]));
}

/** The languages the monthly report can be written in. */
export type ReportLanguage = "en" | "ar";

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`The mail service's settings are wrong:\n- ${problems.join("\n- ")}`);
    this.name = "SettingsError";
  }
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** Reads and checks every setting; throws SettingsError listing all that are wrong. */
export function readSettings(raw: RawSettings): Settings {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = raw[name];
    if (value === undefined || value === null || value === "") return undefined;
    if (typeof value !== "string") {
      problems.push(`${name} must be text, not ${typeof value}.`);
      return undefined;
    }
    return value.trim();
  };
  const required = (name: string, what: string): string => {
    const value = text(name);
    if (value === undefined) problems.push(`${name} is not set: set it to ${what}.`);
    return value ?? "";
  };
  const address = (name: string, what: string): string => {
    const value = required(name, what);
    if (value && !isPlainAddress(value))
      problems.push(`${name} is "${value}", which is not a plain e-mail address: set it to ${what}.`);
    return value;
  };
  const whole = (name: string, fallback: number, min: number, max: number): number => {
    const value = text(name);
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || number > max) {
      problems.push(
        `${name} is "${value}": set it to a whole number from ${min} to ${max}, or leave it out for ${fallback}.`,
      );
      return fallback;
    }
    return number;
  };
  const oneOf = <T extends string>(name: string, choices: readonly T[], fallback: T): T => {
    const value = text(name);
    if (value === undefined) return fallback;
    if (!(choices as readonly string[]).includes(value)) {
      problems.push(`${name} is "${value}": set it to one of ${choices.join(", ")}.`);
      return fallback;
    }
    return value as T;
  };

  const allowedOrigins = (text("ALLOWED_ORIGINS") ?? "").split(/[\s,]+/).filter(Boolean);
  if (allowedOrigins.length === 0)
    problems.push(
      "ALLOWED_ORIGINS is not set: set it to the site's addresses, e.g. https://www.example.com,https://example.com.",
    );
  for (const origin of allowedOrigins) {
    const problem = originProblem(origin);
    if (problem) problems.push(`ALLOWED_ORIGINS holds "${origin}", ${problem}`);
  }

  const salesAddress = address("SALES_ADDRESS", "the sales inbox enquiries are delivered to, e.g. sales@example.com");
  const fromAddress = address(
    "FROM_ADDRESS",
    "an address of the company's own domain the e-mails come from, e.g. enquiries@example.com",
  );
  const fromName = text("FROM_NAME") ?? "Website enquiries";
  if (/[\r\n]/.test(fromName)) problems.push("FROM_NAME must be one line.");

  const transportType = oneOf("MAIL_TRANSPORT", ["send_email", "smtp"] as const, "send_email");
  const transport: Settings["transport"] =
    transportType === "smtp" ? { type: "smtp", ...readSmtp() } : { type: "send_email" };

  function readSmtp(): SmtpSettings {
    const host = required("SMTP_HOST", "the SMTP server's host name, e.g. smtp.office365.com");
    const security = oneOf("SMTP_SECURITY", ["starttls", "tls", "none"] as const, "starttls");
    if (security === "none" && host && !LOCAL_HOSTS.has(host))
      problems.push(
        `SMTP_SECURITY is "none" for ${host}: mail and passwords would cross the network unencrypted. Use starttls (port 587) or tls (port 465); "none" is only for a server on this computer.`,
      );
    const port = whole("SMTP_PORT", security === "tls" ? 465 : 587, 1, 65535);
    const authType = oneOf("SMTP_AUTH", ["password", "oauth2", "none"] as const, "password");
    if (authType === "none") return { host, port, security, auth: { type: "none" } };
    const user = required("SMTP_USER", "the mailbox the service signs in as, e.g. enquiries@example.com");
    if (authType === "password") {
      const password = required(
        "SMTP_PASSWORD",
        "that mailbox's password or app password (wrangler secret put SMTP_PASSWORD)",
      );
      return { host, port, security, auth: { type: "password", user, password } };
    }
    const tokenUrl = required(
      "SMTP_OAUTH_TOKEN_URL",
      "the identity provider's token address, e.g. https://login.microsoftonline.com/<tenant id>/oauth2/v2.0/token",
    );
    if (tokenUrl && !isSecureAddress(tokenUrl))
      problems.push(`SMTP_OAUTH_TOKEN_URL is "${tokenUrl}": it must be an https:// address.`);
    return {
      host,
      port,
      security,
      auth: {
        type: "oauth2",
        user,
        tokenUrl,
        clientId: required("SMTP_OAUTH_CLIENT_ID", "the application (client) id registered for the service"),
        clientSecret: required(
          "SMTP_OAUTH_CLIENT_SECRET",
          "that application's client secret (wrangler secret put SMTP_OAUTH_CLIENT_SECRET)",
        ),
        scope: text("SMTP_OAUTH_SCOPE") ?? "https://outlook.office365.com/.default",
      },
    };
  }

  function readHealthToken(): string | null {
    const token = text("HEALTH_TOKEN");
    if (token === undefined) return null;
    if (token.length < 24 || /\s/.test(token))
      problems.push(
        "HEALTH_TOKEN is too short to keep the health report private: set it to 24 characters or more, e.g. the output of `openssl rand -hex 24` (wrangler secret put HEALTH_TOKEN).",
      );
    return token;
  }

  function readReviewKey(): string | null {
    const key = text("REVIEW_KEY");
    if (key === undefined) return null;
    if (key.length < 32 || /\s/.test(key))
      problems.push(
        "REVIEW_KEY is too short to sign the digest's links: set it to 32 characters or more, e.g. the output of `openssl rand -hex 32` (wrangler secret put REVIEW_KEY).",
      );
    return key;
  }

  function readServiceUrl(): string | null {
    const value = text("SERVICE_URL");
    if (value === undefined) return null;
    if (!isSecureAddress(value) || new URL(value).origin !== value.replace(/\/+$/, "")) {
      problems.push(
        `SERVICE_URL is "${value}": set it to the mail service's own address, https://<its host> (npm run deploy writes it).`,
      );
      return null;
    }
    return value.replace(/\/+$/, "");
  }

  function readIndustries(): Settings["industries"] {
    const value = text("SITE_INDUSTRIES");
    if (value === undefined) return new Map();
    const industries = parseIndustries(value);
    if (!industries) {
      problems.push(
        'SITE_INDUSTRIES is not a JSON object of the site\'s industries, each English name to its Arabic one ({"Aviation": "الطيران", ...}); npm run deploy writes it from data/industries.yaml.',
      );
      return new Map();
    }
    return industries;
  }

  function readIndustriesUrl(): string | null {
    const value = text("SITE_INDUSTRIES_URL");
    if (value === undefined || value === "") return null;
    if (!isSecureAddress(value)) {
      problems.push(
        `SITE_INDUSTRIES_URL is "${value}": set it to the site's industries list, https://<site>/industries.json (npm run deploy writes it).`,
      );
      return null;
    }
    return value;
  }

  function readReportLanguages(): ReportLanguage[] {
    const value = text("REPORT_LANGUAGES") ?? "en";
    const chosen = value.split(/[\s,]+/).filter(Boolean);
    if (chosen.length === 0 || !chosen.every((code) => code === "en" || code === "ar")) {
      problems.push(`REPORT_LANGUAGES is "${value}": set it to en, or en,ar for English and Arabic.`);
      return ["en"];
    }
    return [...new Set(chosen as ReportLanguage[])];
  }

  const settings: Settings = {
    allowedOrigins,
    salesAddress,
    fromAddress,
    fromName,
    transport,
    retentionDays: whole("RETENTION_DAYS", 90, 1, 3650),
    requeueAfterSeconds: whole("REQUEUE_AFTER_SECONDS", 60, 1, 86_400),
    retryBaseSeconds: whole("RETRY_BASE_SECONDS", 30, 1, 3600),
    retryMaxSeconds: whole("RETRY_MAX_SECONDS", 3600, 1, 43_200),
    duplicateWindowMinutes: whole("DUPLICATE_WINDOW_MINUTES", 10, 0, 1440),
    // Cloudflare gives a queue consumer 15 minutes of wall time: the conversation and the store's writes fit in it.
    deliveryTimeoutSeconds: whole("DELIVERY_TIMEOUT_SECONDS", 600, 5, 840),
    deliveryRatePerMinute: whole("DELIVERY_RATE_PER_MINUTE", 30, 1, 10_000),
    serviceLimitPerMinute: whole("SERVICE_LIMIT_PER_MINUTE", 60, 1, 100_000),
    alertAfterMinutes: whole("ALERT_AFTER_MINUTES", 30, 1, 1440),
    healthToken: readHealthToken(),
    monthlyReport: oneOf("MONTHLY_REPORT", ["on", "always", "off"] as const, "on"),
    reportLanguages: readReportLanguages(),
    industries: readIndustries(),
    industriesUrl: readIndustriesUrl(),
    spamRetentionDays: whole("SPAM_RETENTION_DAYS", 30, 1, 365),
    reviewKey: readReviewKey(),
    serviceUrl: readServiceUrl(),
  };
  if (problems.length > 0) throw new SettingsError(problems);
  return settings;
}

/** An https address, or http on this computer. */
function isSecureAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

/**
 * Why a configured origin is not one a browser could send, or null: exactly
 * scheme, host and port, https (http only on this computer), no path, no
 * wildcard, never "null".
 */
export function originProblem(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return "which is not an origin: write it as https://host, without a path.";
  }
  if (url.origin !== origin) return `which is not written as a browser sends it: write ${url.origin}.`;
  if (url.protocol === "http:" && !LOCAL_HOSTS.has(url.hostname))
    return "which is http: only a site on this computer may use http; write https://.";
  if (url.protocol !== "https:" && url.protocol !== "http:") return "which must start with https://.";
  return null;
}
