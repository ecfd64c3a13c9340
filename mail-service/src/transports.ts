/**
 * The two ways an e-mail leaves the service.
 *
 * - send_email: Cloudflare's Email Routing binding, pinned in wrangler.jsonc
 *   to the one verified sales address, so the service cannot send anywhere
 *   else whatever it is given.
 * - smtp: any provider's submission server (Microsoft 365, Google Workspace,
 *   Amazon SES...), over the Worker's TCP sockets through nodemailer's SMTP
 *   connection: STARTTLS on 587 or TLS on 465, signed in with a password or
 *   with an OAuth 2.0 token the service fetches itself (client credentials),
 *   as Microsoft 365 requires now that it retires password sign-in for SMTP.
 *   The service keeps its own clock on the conversation (deadlines.ts): each
 *   reply has RFC 5321's wait, the whole its DELIVERY_TIMEOUT_SECONDS.
 */
import { EmailMessage } from "cloudflare:email";
import { EventEmitter } from "node:events";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import XOAuth2 from "nodemailer/lib/xoauth2";
import { DeadlineError, stepAfterCommand, stepDeadline, type Step } from "./core/deadlines";
import type { ComposedEmail } from "./core/message";
import type { Settings, SmtpSettings } from "./core/settings";

export interface SendProgress {
  /**
   * Awaited just before the message goes to the mail server (before SMTP's DATA, before the send_email call):
   * from then on an attempt cut off may have delivered it. False stops the attempt there (the enquiry was erased),
   * and nothing is sent.
   */
  beforeMessage?: () => Promise<boolean>;
  /** Called once the whole message has been sent, before the server's answer to it: it may be delivered now. */
  messageSent?: () => void;
}

/** An attempt stopped before its message was sent, because beforeMessage said so. */
export class AttemptStopped extends Error {
  constructor() {
    super("The enquiry was erased while its delivery was under way: nothing was sent.");
    this.name = "AttemptStopped";
  }
}

export interface Transport {
  /** Resolves once the mail server has accepted the message; rejects with its refusal or the service's deadline. */
  send(email: ComposedEmail, progress?: SendProgress): Promise<void>;
}

// workerd's node:net adds a 'timeout' listener to a socket at every read and write
// (https://github.com/cloudflare/workerd/issues/7310), and its socket timer is never cleared, so the socket's own
// timeout would end a whole conversation, however lively, once it ran out. The service therefore keeps its own
// deadlines (below) and sets the socket's past them, where it never fires. The listeners are bounded by the
// conversation, whose socket is closed at its end; lifting the count only spares Node's leak warning, whose path
// in workerd throws.
EventEmitter.defaultMaxListeners = 0;

/** The socket's own inactivity timeout, past every deadline of the service's: only ever a last resort. */
const SOCKET_TIMEOUT_MARGIN_MS = 60_000;

export function transportFor(settings: Settings, env: Pick<Env, "SALES_INBOX">): Transport {
  const { transport } = settings;
  if (transport.type === "send_email") {
    return {
      async send(email, progress = {}) {
        if (progress.beforeMessage && !(await progress.beforeMessage())) throw new AttemptStopped();
        try {
          await env.SALES_INBOX.send(new EmailMessage(email.from, email.to, email.raw));
        } catch (error) {
          // The binding refuses only what its settings forbid (an address it is not pinned to, one not verified).
          throw Object.assign(error instanceof Error ? error : new Error(String(error)), { code: "ESENDEMAIL" });
        }
      },
    };
  }
  return {
    send: (email, progress) => sendBySmtp(email, transport, settings, progress),
  };
}

/** One SMTP conversation: connect, sign in, send the message, quit; every reply waited for on the service's clock. */
async function sendBySmtp(
  email: ComposedEmail,
  smtp: SmtpSettings,
  settings: Settings,
  progress: SendProgress = {},
): Promise<void> {
  const started = Date.now();
  const conversationEnd = started + settings.deliveryTimeoutSeconds * 1000;
  const auth = await signIn(smtp);
  let step: Step = "greeting";
  let messageStarted = false;
  let messageSent = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The conversation ends early on the service's deadline, or on an error nodemailer reports as an event.
  let giveUp: (error: Error) => void = () => undefined;
  const gaveUp = new Promise<never>((_, reject) => (giveUp = reject));
  gaveUp.catch(() => undefined);

  const connection = new SMTPConnection({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.security === "tls",
    requireTLS: smtp.security === "starttls",
    ignoreTLS: smtp.security === "none",
    name: settings.fromAddress.slice(settings.fromAddress.lastIndexOf("@") + 1),
    connectionTimeout: conversationEnd - started,
    greetingTimeout: conversationEnd - started,
    socketTimeout: conversationEnd - started + SOCKET_TIMEOUT_MARGIN_MS,
    // Each command and reply passes through here: the clock for the next reply starts as a command leaves.
    transactionLog: true,
    logger: {
      debug: (entry: { tnx?: string }, line: unknown) => {
        if (entry.tnx === "client") wait(stepAfterCommand(String(line)));
        // The 354 invites the message, which then goes out in parts.
        else if (entry.tnx === "server" && step === "dataStart" && /^354/.test(String(line))) wait("dataBlock");
      },
      info: (entry: { tnx?: string }) => {
        // "<n bytes encoded mime message>": the final dot has gone, and the answer to it is awaited.
        if (entry.tnx !== "message") return;
        messageSent = true;
        progress.messageSent?.();
        wait("dataEnd");
      },
    },
  });

  /** Starts the clock for the reply the conversation now waits for. */
  function wait(next: Step) {
    step = next;
    clearTimeout(timer);
    const now = Date.now();
    timer = setTimeout(
      () => {
        const error = new DeadlineError(step, messageSent, Math.round((Date.now() - started) / 1000));
        connection.close();
        giveUp(error);
      },
      Math.max(0, stepDeadline(next, now, conversationEnd) - now),
    );
  }

  /** Runs one step of nodemailer's connection, or fails with the service's deadline, whichever comes first. */
  const run = <T>(start: (done: (error: Error | null, value?: T) => void) => void) =>
    Promise.race([
      new Promise<T>((resolve, reject) => start((error, value) => (error ? reject(error) : resolve(value as T)))),
      gaveUp,
    ]);

  // A connection that fails or closes mid-step says so by an event, not to the step's callback.
  connection.on("error", (error: Error) => giveUp(error));
  try {
    wait("greeting");
    await run<void>((done) => connection.connect(() => done(null)));
    if (auth) await run<boolean>((done) => connection.login(auth, done));
    if (progress.beforeMessage && !(await progress.beforeMessage())) {
      connection.quit();
      throw new AttemptStopped();
    }
    messageStarted = true;
    await run((done) => connection.send({ from: email.from, to: [email.to] }, email.raw, done));
    connection.quit();
  } catch (error) {
    connection.close();
    if (error instanceof Error && !(error instanceof AttemptStopped)) {
      // Cut after the whole message was sent: it may have been delivered though no answer came.
      if (messageSent && !("messageSent" in error)) Object.assign(error, { messageSent });
      // Cut before the message went: it was not delivered, whatever beforeMessage recorded.
      Object.assign(error, { messageStarted });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
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
  return {
    user: auth.user,
    method: "XOAUTH2",
    oauth2: new XOAuth2({ user: auth.user, accessToken: await accessToken(auth) }),
  };
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
