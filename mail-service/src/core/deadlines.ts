/**
 * How long the service waits for a mail server, by its own clock: RFC 5321
 * (section 4.5.3.2) recommends how long a client should wait for each reply,
 * and a conversation as a whole has the service's own limit
 * (DELIVERY_TIMEOUT_SECONDS), which cuts every wait short. A server that is
 * slow at each step but answers within these is waited for, and its message
 * delivered once; one that does not answer is given up on at a known moment.
 */

/** RFC 5321's recommended waits, in seconds. */
export const REPLY_WAITS = {
  /** The 220 greeting, after connecting. */
  greeting: 300,
  /** The reply to MAIL, RCPT and the commands before them (EHLO, STARTTLS, AUTH). */
  command: 300,
  /** The 354 that invites the message, after DATA. */
  dataStart: 120,
  /** Between two parts of the message as it is sent. */
  dataBlock: 180,
  /** The reply to the final dot: the server may be checking the message, so it is the longest. */
  dataEnd: 600,
} as const;

export type Step = keyof typeof REPLY_WAITS;

/** Which reply the client waits for after sending this command line. */
export function stepAfterCommand(line: string): Step {
  return /^DATA\s*$/i.test(line.trim()) ? "dataStart" : "command";
}

/**
 * The moment a step gives up: its own wait from now, or the conversation's end, whichever comes first.
 * Times in milliseconds.
 */
export function stepDeadline(step: Step, now: number, conversationEnd: number): number {
  return Math.min(now + REPLY_WAITS[step] * 1000, conversationEnd);
}

/** An attempt the service cut off itself, and whether the message had been sent whole by then. */
export class DeadlineError extends Error {
  readonly code = "ETIMEDOUT";
  constructor(
    readonly step: Step,
    readonly messageSent: boolean,
    waitedSeconds: number,
  ) {
    super(
      messageSent
        ? `No answer to the end of the message within ${waitedSeconds} s: the mail server may have delivered it.`
        : `No answer from the mail server within ${waitedSeconds} s (waiting for its ${step} reply).`,
    );
    this.name = "DeadlineError";
  }
}
