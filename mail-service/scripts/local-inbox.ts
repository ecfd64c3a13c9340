/**
 * A real SMTP server on this computer (the npm smtp-server library) standing
 * in for the company's mail provider: `npm start` delivers enquiries to it, and
 * it writes each message it accepts to a folder as an .eml file a newcomer can
 * open in any mail program. The tests and the benchmark use it too, as a
 * provider that can be slow at every step, stall before the message, refuse
 * a message for a while (451) or for good (550), refuse the sales address,
 * take a message and never answer, or ask for a sign-in over TLS.
 */
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAuthentication } from "smtp-server";

export interface LocalInboxOptions {
  /** Where accepted messages are written, one .eml file each. */
  folder: string;
  /** 0 takes a free port. */
  port?: number;
  /** Wait this long before answering each message, as a busy provider does. */
  delayMs?: number;
  /** Wait this long before the greeting and before answering MAIL FROM and RCPT TO: a provider slow at each step. */
  stepDelayMs?: number;
  /**
   * Speak TLS with this key and certificate (PEM): offered by STARTTLS, or from the first byte when `implicit`
   * (port 465's way). Without it the server speaks plain SMTP only.
   */
  tls?: { key: string; cert: string; implicit?: boolean };
  /** Ask for a sign-in, and take only one this returns true for. */
  signIn?: (auth: SMTPServerAuthentication) => boolean;
  /** Called with each .eml file once it is written. */
  onMessage?: (file: string) => void;
}

export interface DeliveryAttempt {
  /** The reply to the message: 250 accepted, else the refusal's code; 0 when it was never answered. */
  code: number;
  /** Whether the connection was encrypted (STARTTLS). */
  secure: boolean;
  /** Who signed in, if anyone. */
  user?: string;
}

export interface LocalInbox {
  port: number;
  folder: string;
  /** The mail service's settings that deliver to this inbox: plain SMTP on 127.0.0.1, no sign-in. */
  serviceVars: {
    MAIL_TRANSPORT: "smtp";
    SMTP_HOST: string;
    SMTP_PORT: string;
    SMTP_SECURITY: "none";
    SMTP_AUTH: "none";
  };
  /** The .eml files written so far, oldest first. */
  messages(): string[];
  /** Every message offered, accepted or not, in order. */
  attempts(): DeliveryAttempt[];
  /** How many messages have been received whole and wait for their answer (delayMs). */
  answering(): number;
  /** Refuse the next messages with these codes (4xx: try later; 5xx: never), one code each, then accept again. */
  refuseNext(...codes: number[]): void;
  /** Refuse every message with this code from now on; null accepts again. */
  refuseAll(code: number | null): void;
  /** Refuse the recipient (RCPT TO) with this code from now on, as for a full or unknown mailbox; null takes it again. */
  refuseRecipients(code: number | null): void;
  /**
   * Leave each new connection without its greeting from now on, until `releaseGreetings`: a provider stalled
   * before the message, for as long as a test needs, however slow the machine.
   */
  holdGreetings(): void;
  /** Greet every connection held, and hold no more. */
  releaseGreetings(): void;
  /** How many connections wait for their greeting (holdGreetings). */
  heldGreetings(): number;
  /**
   * Take each new message whole from now on but hold its answer until `releaseAnswers`: a provider slow to confirm,
   * for as long as a test needs, however slow the machine.
   */
  holdAnswers(): void;
  /** Answer every message held, and hold no more. */
  releaseAnswers(): void;
  /**
   * Take the next `count` messages whole (their .eml files are written, as a server that goes on to deliver them)
   * but never answer them: the reply is lost on the way back.
   */
  neverAnswer(count: number): void;
  close(): Promise<void>;
}

export function startLocalInbox({
  folder,
  port = 0,
  delayMs = 0,
  stepDelayMs = 0,
  tls,
  signIn,
  onMessage,
}: LocalInboxOptions): Promise<LocalInbox> {
  fs.mkdirSync(folder, { recursive: true });
  const planned: number[] = [];
  let always: number | null = null;
  let recipientRefusal: number | null = null;
  let unanswered = 0;
  let holding = false;
  const held: (() => void)[] = [];
  let holdingAnswers = false;
  const heldAnswers: (() => void)[] = [];
  const attempts: DeliveryAttempt[] = [];
  let written = 0;
  let answering = 0;
  const answers = new Set<NodeJS.Timeout>();

  const server = new SMTPServer({
    logger: false,
    banner: "local inbox",
    size: 10 * 1024 * 1024,
    ...(tls ? { key: tls.key, cert: tls.cert, secure: tls.implicit ?? false } : { disabledCommands: ["STARTTLS"] }),
    ...(signIn
      ? {
          authMethods: ["PLAIN", "LOGIN", "XOAUTH2"],
          onAuth(auth, _session, callback) {
            if (signIn(auth)) callback(null, { user: auth.username });
            else callback(Object.assign(new Error("Sign-in refused"), { responseCode: 535 }));
          },
        }
      : { authOptional: true }),
    onConnect(_session, callback) {
      later(() => (holding ? held.push(() => callback()) : callback()), stepDelayMs);
    },
    onMailFrom(_address, _session, callback) {
      later(() => callback(), stepDelayMs);
    },
    onRcptTo(_address, _session, callback) {
      later(() => {
        if (recipientRefusal === null) callback();
        else
          callback(
            Object.assign(new Error(recipientRefusal < 500 ? "Mailbox busy" : "Mailbox unavailable or full"), {
              responseCode: recipientRefusal,
            }),
          );
      }, stepDelayMs);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (unanswered > 0) {
          unanswered -= 1;
          write(chunks);
          attempts.push({ code: 0, secure: session.secure });
          return;
        }
        answering += 1;
        const answer = () => {
          answering -= 1;
          const code = planned.shift() ?? always ?? 250;
          const user = typeof session.user === "string" ? session.user : undefined;
          attempts.push({ code, secure: session.secure, ...(user && { user }) });
          if (code !== 250) {
            const reason = code < 500 ? "Mailbox busy, try again later" : "Message refused";
            callback(Object.assign(new Error(reason), { responseCode: code }));
            return;
          }
          write(chunks);
          callback(null, "Message accepted");
        };
        if (holdingAnswers) heldAnswers.push(answer);
        else later(answer, delayMs);
      });
    },
  });

  /** Writes a message taken whole to the folder. */
  function write(chunks: Buffer[]) {
    written += 1;
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(written).padStart(4, "0")}.eml`;
    // Written whole, then named: a reader never sees half a message.
    const partial = path.join(folder, `.${name}.part`);
    fs.writeFileSync(partial, Buffer.concat(chunks));
    fs.renameSync(partial, path.join(folder, name));
    onMessage?.(path.join(folder, name));
  }

  /** Runs `then` after `ms`, at once when 0, and never once the server has closed. */
  function later(then: () => void, ms: number) {
    if (ms === 0) return then();
    const timer = setTimeout(() => {
      answers.delete(timer);
      then();
    }, ms);
    answers.add(timer);
  }

  // A client that drops its connection (a service killed mid-message) is its own business, not the server's end.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") console.error(`Local inbox: ${error.message}`);
  });
  return new Promise((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const taken = (server.server.address() as AddressInfo).port;
      resolve({
        port: taken,
        folder,
        serviceVars: {
          MAIL_TRANSPORT: "smtp",
          SMTP_HOST: "127.0.0.1",
          SMTP_PORT: String(taken),
          SMTP_SECURITY: "none",
          SMTP_AUTH: "none",
        },
        messages: () =>
          fs
            .readdirSync(folder)
            .filter((file) => file.endsWith(".eml"))
            .sort()
            .map((file) => path.join(folder, file)),
        attempts: () => [...attempts],
        answering: () => answering,
        refuseNext: (...codes) => planned.push(...codes),
        refuseAll: (code) => {
          always = code;
        },
        refuseRecipients: (code) => {
          recipientRefusal = code;
        },
        neverAnswer: (count) => {
          unanswered += count;
        },
        holdGreetings: () => {
          holding = true;
        },
        releaseGreetings: () => {
          holding = false;
          for (const greet of held.splice(0)) greet();
        },
        heldGreetings: () => held.length,
        holdAnswers: () => {
          holdingAnswers = true;
        },
        releaseAnswers: () => {
          holdingAnswers = false;
          for (const answer of heldAnswers.splice(0)) answer();
        },
        close: () =>
          new Promise((done) => {
            // A message still waiting for its answer is never answered, as when a server goes down.
            for (const answer of answers) clearTimeout(answer);
            heldAnswers.length = 0;
            answering = 0;
            for (const connection of server.connections) connection.close();
            server.close(() => done());
          }),
      });
    });
  });
}
