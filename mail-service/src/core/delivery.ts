/**
 * What a failed delivery means for the enquiry. A refusal of the message
 * itself (an SMTP 5xx reply to its sender, recipient or content) will not
 * change by trying again: the enquiry is kept as failed and reported. Anything
 * else, a 4xx reply, a refused or dropped connection, a timeout, a sign-in or
 * TLS the operator must mend, is retried with growing pauses until delivered.
 */
import type { Settings } from "./settings";

export interface Failure {
  permanent: boolean;
  /** One line for the store and the operator's log. */
  reason: string;
}

interface MailError {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
}

export function classifyFailure(error: unknown): Failure {
  const mailError = (typeof error === "object" && error !== null ? error : {}) as MailError;
  const responseCode = typeof mailError.responseCode === "number" ? mailError.responseCode : undefined;
  const detail =
    typeof mailError.response === "string" && mailError.response
      ? mailError.response
      : typeof mailError.message === "string"
        ? mailError.message
        : String(error);
  const reason = [typeof mailError.code === "string" ? mailError.code : "", detail]
    .filter(Boolean)
    .join(": ")
    .replace(/\s+/g, " ")
    .slice(0, 500);
  // Only a refusal of the envelope or the message is this enquiry's; a 5xx to the sign-in or to STARTTLS is the
  // service's settings, and the enquiry waits, retried, until the operator mends them.
  const permanent =
    responseCode !== undefined &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (mailError.code === "EENVELOPE" || mailError.code === "EMESSAGE");
  return { permanent, reason };
}

/** The pause before attempt number `attempt + 1`: the base, doubled each time, at most the maximum. */
export function retryDelaySeconds(
  attempt: number,
  { retryBaseSeconds, retryMaxSeconds }: Pick<Settings, "retryBaseSeconds" | "retryMaxSeconds">,
): number {
  return Math.min(retryMaxSeconds, retryBaseSeconds * 2 ** Math.max(0, Math.min(attempt - 1, 20)));
}
