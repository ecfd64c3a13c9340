/**
 * @jest-environment node
 *
 * The mail service's settings: a wrong one is refused with a message that
 * names it and says what to set, before the service sends anything anywhere.
 */
import { readWranglerConfig } from "mail-service/local-service";
import { SettingsError, readSettings, type RawSettings } from "mail-service/settings";

const deployed = readWranglerConfig().vars;

function problemsOf(settings: RawSettings): string[] {
  try {
    readSettings(settings);
    return [];
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
}

test("the deployment's own settings (wrangler.jsonc) are accepted, with send_email and the documented defaults", () => {
  const settings = readSettings(deployed);
  expect(settings.transport).toEqual({ type: "send_email" });
  expect(settings.retentionDays).toBe(90);
  expect(settings.allowedOrigins.length).toBeGreaterThan(0);
});

test("the send_email binding is pinned to the sales address the settings name", () => {
  const config = readWranglerConfig() as ReturnType<typeof readWranglerConfig> & {
    send_email: { name: string; destination_address?: string }[];
  };
  expect(config.send_email).toEqual([{ name: "SALES_INBOX", destination_address: deployed.SALES_ADDRESS }]);
});

test("every missing required setting is named at once, with what to set", () => {
  const problems = problemsOf({});
  expect(problems).toEqual([
    expect.stringMatching(/^ALLOWED_ORIGINS is not set: set it to the site's addresses/),
    expect.stringMatching(/^SALES_ADDRESS is not set: set it to the sales inbox/),
    expect.stringMatching(/^FROM_ADDRESS is not set: set it to an address of the company's own domain/),
  ]);
});

test.each([
  ["*", /not an origin/],
  ["null", /not an origin/],
  ["https://www.example.com/", /write https:\/\/www\.example\.com/],
  ["https://www.example.com/contact", /write https:\/\/www\.example\.com/],
  ["http://www.example.com", /only a site on this computer may use http/],
  ["ftp://www.example.com", /https/],
])("an allowed origin written as %s is refused", (origin, why) => {
  const [problem] = problemsOf({ ...deployed, ALLOWED_ORIGINS: origin });
  expect(problem).toContain(`ALLOWED_ORIGINS holds "${origin}"`);
  expect(problem).toMatch(why);
});

test("origins may be separated by commas, spaces or both; http is for this computer only", () => {
  const settings = readSettings({
    ...deployed,
    ALLOWED_ORIGINS: "https://example.com, https://www.example.com http://localhost:9000",
  });
  expect(settings.allowedOrigins).toEqual(["https://example.com", "https://www.example.com", "http://localhost:9000"]);
});

test.each([
  "sales@example.com?bcc=everyone@example.com",
  "Sales <sales@example.com>",
  "sales@example.com, boss@example.com",
  "sales@exam\u202Eple.com",
  "sales@bücher.example",
  "sales@localhost",
  "sales@example..com",
])("a sales address written as %j is refused as not a plain address", (address) => {
  expect(problemsOf({ ...deployed, SALES_ADDRESS: address })).toEqual([expect.stringContaining("SALES_ADDRESS is")]);
});

describe("SMTP", () => {
  const smtp = { ...deployed, MAIL_TRANSPORT: "smtp", SMTP_HOST: "smtp.office365.com" };

  test("STARTTLS on 587 with a password by default", () => {
    const settings = readSettings({ ...smtp, SMTP_USER: "enquiries@example.com", SMTP_PASSWORD: "secret" });
    expect(settings.transport).toEqual({
      type: "smtp",
      host: "smtp.office365.com",
      port: 587,
      security: "starttls",
      auth: { type: "password", user: "enquiries@example.com", password: "secret" },
    });
  });

  test("TLS from the start defaults to port 465", () => {
    const settings = readSettings({ ...smtp, SMTP_SECURITY: "tls", SMTP_AUTH: "none" });
    expect(settings.transport).toMatchObject({ port: 465, security: "tls" });
  });

  test("no encryption is refused for a server on another computer", () => {
    expect(problemsOf({ ...smtp, SMTP_SECURITY: "none", SMTP_AUTH: "none" })).toEqual([
      expect.stringMatching(/^SMTP_SECURITY is "none" for smtp\.office365\.com: mail and passwords would cross/),
    ]);
    expect(problemsOf({ ...smtp, SMTP_HOST: "127.0.0.1", SMTP_SECURITY: "none", SMTP_AUTH: "none" })).toEqual([]);
  });

  test("a password sign-in without its password, or OAuth without its client, names what is missing", () => {
    expect(problemsOf({ ...smtp, SMTP_USER: "enquiries@example.com" })).toEqual([
      expect.stringMatching(/^SMTP_PASSWORD is not set: .*wrangler secret put SMTP_PASSWORD/),
    ]);
    expect(problemsOf({ ...smtp, SMTP_AUTH: "oauth2", SMTP_USER: "enquiries@example.com" })).toEqual([
      expect.stringMatching(/^SMTP_OAUTH_TOKEN_URL is not set/),
      expect.stringMatching(/^SMTP_OAUTH_CLIENT_ID is not set/),
      expect.stringMatching(/^SMTP_OAUTH_CLIENT_SECRET is not set/),
    ]);
  });

  test("an OAuth token address must be https", () => {
    expect(
      problemsOf({
        ...smtp,
        SMTP_AUTH: "oauth2",
        SMTP_USER: "enquiries@example.com",
        SMTP_OAUTH_TOKEN_URL: "http://login.example.com/token",
        SMTP_OAUTH_CLIENT_ID: "id",
        SMTP_OAUTH_CLIENT_SECRET: "secret",
      }),
    ).toEqual([
      expect.stringContaining(
        'SMTP_OAUTH_TOKEN_URL is "http://login.example.com/token": it must be an https:// address.',
      ),
    ]);
  });

  test.each([
    ["MAIL_TRANSPORT", "sendgrid", /one of send_email, smtp/],
    ["SMTP_PORT", "0", /whole number from 1 to 65535/],
    ["SMTP_PORT", "587.5", /whole number/],
    ["SMTP_SECURITY", "ssl", /one of starttls, tls, none/],
    ["RETENTION_DAYS", "-1", /whole number from 1 to 3650/],
    ["SPAM_RETENTION_DAYS", "0", /whole number from 1 to 365/],
    ["SERVICE_URL", "http://mail.example.com", /the mail service's own address, https:\/\/<its host>/],
    ["SERVICE_URL", "https://mail.example.com/api/v1", /the mail service's own address/],
  ])("%s=%s is refused", (name, value, why) => {
    const [problem] = problemsOf({ ...smtp, SMTP_AUTH: "none", [name]: value });
    expect(problem).toContain(`${name} is "${value}"`);
    expect(problem).toMatch(why);
  });

  test("a REVIEW_KEY too short to sign the digest's links is refused, saying how to make one", () => {
    expect(problemsOf({ ...smtp, SMTP_AUTH: "none", REVIEW_KEY: "short" })).toEqual([
      expect.stringMatching(/^REVIEW_KEY is too short .* `openssl rand -hex 32`/),
    ]);
  });
});
