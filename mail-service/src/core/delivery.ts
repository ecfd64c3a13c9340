/**
 * What a failed delivery means, and when to try again. Only a refusal of the
 * message itself (an SMTP 5xx reply to its content, once it was sent) is this
 * enquiry's: trying it again will not change the answer, so it is kept as
 * failed and reported. A refusal of the service's own sender or of the sales
 * address (a mailbox that is full, an address the provider will not take), a
 * sign-in or a TLS upgrade that fails: those are the service's settings,
 * which the operator mends once for every enquiry, so each enquiry waits and
 * is tried again, and the operator hears of it once. Anything else, a 4xx, a
 * refused or dropped connection, no answer in time, may pass by itself and is
 * tried again too, with growing pauses.
 */
import { DeadlineError } from "./deadlines";
import type { Settings } from "./settings";

export type FailureKind = "refused" | "settings" | "temporary";

export interface Failure {
  kind: FailureKind;
  /** One line for the store and the operator's log. */
  reason: string;
  /**
   * The message had been sent whole and the answer never came: the server may have delivered it. The next
   * attempt sends it again with the same Message-ID, and is logged as a possible duplicate.
   */
  maybeDelivered: boolean;
}

interface MailError {
  message?: unknown;
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
  /** Set by the transport when the connection ended after the whole message was sent. */
  messageSent?: unknown;
}

/**
 * What the runtime says of a connection that did not come about, in the operator's words: Workers' sockets report a
 * refused connection through their proxy ("proxy request failed, cannot connect to the specified address"), which
 * names neither the mail server nor what to do.
 */
const CONNECTION_WORDS: [RegExp, string][] = [
  [/cannot connect to the specified address|ECONNREFUSED/i, "The mail server refused the connection"],
  [/ENOTFOUND|getaddrinfo|name (?:could )?not (?:be )?resolved/i, "The mail server's name could not be found"],
  [/ECONNRESET|connection (?:was )?(?:lost|reset)|socket (?:hang up|closed)/i, "The mail server closed the connection"],
];

/** nodemailer's codes for a failed sign-in or TLS upgrade, and the send_email binding's refusal: all settings. */
const SETTINGS_CODES = new Set(["EAUTH", "ENOAUTH", "EOAUTH2", "ETLS", "ESENDEMAIL"]);

export function classifyFailure(error: unknown): Failure {
  const mailError = (typeof error === "object" && error !== null ? error : {}) as MailError;
  const code = typeof mailError.code === "string" ? mailError.code : "";
  const responseCode = typeof mailError.responseCode === "number" ? mailError.responseCode : undefined;
  const detail =
    typeof mailError.response === "string" && mailError.response
      ? mailError.response
      : typeof mailError.message === "string"
        ? mailError.message
        : String(error);
  const command = typeof mailError.command === "string" ? ` (${mailError.command})` : "";
  const raw = `${[code, detail].filter(Boolean).join(": ")}${command}`.replace(/\s+/g, " ");
  const words = responseCode === undefined ? CONNECTION_WORDS.find(([pattern]) => pattern.test(raw))?.[1] : undefined;
  // The operator's words first, the runtime's after them, for whoever looks further.
  const reason = (words ? `${words} (${raw})` : raw).slice(0, 500);
  const maybeDelivered =
    error instanceof DeadlineError ? error.messageSent : mailError.messageSent === true && responseCode === undefined;
  const permanent = responseCode !== undefined && responseCode >= 500 && responseCode < 600;
  let kind: FailureKind = "temporary";
  if (permanent && code === "EMESSAGE") kind = "refused";
  else if ((permanent && code === "EENVELOPE") || SETTINGS_CODES.has(code)) kind = "settings";
  return { kind, reason, maybeDelivered };
}

/** The pause before attempt number `attempt + 1`: the base, doubled each time, at most the maximum. */
export function retryDelaySeconds(
  attempt: number,
  { retryBaseSeconds, retryMaxSeconds }: Pick<Settings, "retryBaseSeconds" | "retryMaxSeconds">,
): number {
  return Math.min(retryMaxSeconds, retryBaseSeconds * 2 ** Math.max(0, Math.min(attempt - 1, 20)));
}
