/**
 * The two ways an e-mail leaves the service.
 *
 * - send_email: Cloudflare's Email Routing binding, pinned in wrangler.jsonc
 *   to the one verified sales address, so the service cannot send anywhere
 *   else whatever it is given.
 * - smtp: any provider's submission server (Microsoft 365, Google Workspace,
 *   Amazon SES...), over the Worker's TCP sockets through nodemailer: STARTTLS
 *   on 587 or TLS on 465, signed in with a password or with an OAuth 2.0 token
 *   the service fetches itself (client credentials), as Microsoft 365 requires
 *   now that it retires password sign-in for SMTP.
 */
import { EmailMessage } from "cloudflare:email";
import { EventEmitter } from "node:events";
import nodemailer from "nodemailer";
import type { ComposedEmail } from "./core/message";
import type { Settings, SmtpSettings } from "./core/settings";

export interface Transport {
  /** Resolves once the mail server has accepted the message; rejects with its refusal. */
  send(email: ComposedEmail): Promise<void>;
  /** Resolves when the way out can be used now (a connection and sign-in, where that can be tried). */
  check(): Promise<void>;
}

// workerd's node:net adds a 'timeout' listener to a socket at every read and write
// (https://github.com/cloudflare/workerd/issues/7310); past ten, Node's leak warning fires, and workerd's own
// warning path then throws an uncaught TypeError. An SMTP session is a few dozen reads and writes on a socket that
// is closed at its end, so the listeners are bounded: no limit, no warning.
EventEmitter.defaultMaxListeners = 0;

export function transportFor(settings: Settings, env: Pick<Env, "SALES_INBOX">): Transport {
  const { transport } = settings;
  if (transport.type === "send_email") {
    return {
      async send(email) {
        await env.SALES_INBOX.send(new EmailMessage(email.from, email.to, email.raw));
      },
      // The binding has no way to be probed without sending a message; it exists, and its address is pinned.
      async check() {
        if (!env.SALES_INBOX) throw new Error("The SALES_INBOX send_email binding is missing from wrangler.jsonc.");
      },
    };
  }
  const heloName = settings.fromAddress.slice(settings.fromAddress.lastIndexOf("@") + 1);
  const open = async () =>
    nodemailer.createTransport({
      host: transport.host,
      port: transport.port,
      secure: transport.security === "tls",
      requireTLS: transport.security === "starttls",
      ignoreTLS: transport.security === "none",
      name: heloName,
      auth: await signIn(transport),
      connectionTimeout: settings.deliveryTimeoutSeconds * 1000,
      greetingTimeout: settings.deliveryTimeoutSeconds * 1000,
      socketTimeout: settings.deliveryTimeoutSeconds * 1000,
      // The composed message is sent as it is: nothing in it may make nodemailer read a file or an address.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  return {
    async send(email) {
      const smtp = await open();
      try {
        await smtp.sendMail({ envelope: { from: email.from, to: [email.to] }, raw: email.raw });
      } finally {
        smtp.close();
      }
    },
    async check() {
      const smtp = await open();
      try {
        await smtp.verify();
      } finally {
        smtp.close();
      }
    },
  };
}

interface CachedToken {
  key: string;
  token: string;
  expiresAt: number;
}
let cachedToken: CachedToken | undefined;

async function signIn(smtp: SmtpSettings) {
  const { auth } = smtp;
  if (auth.type === "none") return undefined;
  if (auth.type === "password") return { user: auth.user, pass: auth.password };
  return { type: "OAuth2" as const, user: auth.user, accessToken: await accessToken(auth) };
}

/** An OAuth 2.0 access token for SMTP by the client-credentials grant, reused until a minute before it expires. */
async function accessToken(auth: Extract<SmtpSettings["auth"], { type: "oauth2" }>): Promise<string> {
  const key = `${auth.tokenUrl} ${auth.clientId} ${auth.scope}`;
  if (cachedToken && cachedToken.key === key && cachedToken.expiresAt > Date.now()) return cachedToken.token;
  const response = await fetch(auth.tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: auth.clientId,
      client_secret: auth.clientSecret,
      scope: auth.scope,
    }),
  });
  const answer = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
  if (!response.ok || typeof answer.access_token !== "string") {
    // Not a refusal of the message: the sign-in is retried until the operator mends the settings.
    throw Object.assign(new Error(`The OAuth token address answered ${response.status} without an access token.`), {
      code: "EAUTH",
    });
  }
  const lifetime = typeof answer.expires_in === "number" ? answer.expires_in : 3600;
  cachedToken = { key, token: answer.access_token, expiresAt: Date.now() + (lifetime - 60) * 1000 };
  return answer.access_token;
}
