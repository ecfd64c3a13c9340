/**
 * The enquiry's e-mail as nodemailer's composer writes it inside workerd (its Node.js compatibility, as deployed):
 * from the company's address to the sales address, answering to the visitor, the enquiry's id as its Message-ID;
 * and nothing typed into the form becomes a header of its own.
 */
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { readEnquiry } from "../src/core/enquiry";
import { composeEmail } from "../src/core/message";
import { anEnquiry, SITE } from "./support";

/** The message's header lines, each folded line joined to the one it continues. */
function headersOf(raw: string): string[] {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
  return head.replace(/\r\n[ \t]+/g, " ").split("\r\n");
}

/** The enquiry a body would become once read and checked as the service reads it, stored now. */
function stored(body: unknown) {
  const read = readEnquiry(JSON.stringify(body));
  if (!("enquiry" in read)) throw new Error(read.error);
  return {
    ...read.enquiry,
    id: crypto.randomUUID(),
    receivedAt: Date.now(),
    page: `${SITE}/contact/`,
    spamSignals: [],
  };
}

const settings = { salesAddress: env.SALES_ADDRESS, fromAddress: env.FROM_ADDRESS, fromName: env.FROM_NAME };

test("it goes from the company's address to the sales address, answering to the visitor, named by its id", async () => {
  const enquiry = stored(anEnquiry());
  const email = await composeEmail(enquiry, settings);
  expect(email).toMatchObject({ from: env.FROM_ADDRESS, to: env.SALES_ADDRESS });
  const headers = headersOf(email.raw);
  expect(headers).toContain(`To: ${env.SALES_ADDRESS}`);
  expect(headers.find((line) => line.startsWith("From: "))).toContain(`<${env.FROM_ADDRESS}>`);
  expect(headers.find((line) => line.startsWith("Reply-To: "))).toContain(`<${enquiry.email}>`);
  expect(headers).toContain(`Message-ID: ${email.messageId}`);
  expect(email.messageId).toBe(`<${enquiry.id}@${env.FROM_ADDRESS.split("@")[1]}>`);
  // 7-bit, as the composer promises: every part encoded, nothing a server could mangle.
  expect([...email.raw].every((character) => character.charCodeAt(0) < 0x80)).toBe(true);
});

test("line breaks typed into a single-line field add no header: no Bcc, one Subject", async () => {
  const enquiry = stored(
    anEnquiry({ name: "Fatima\r\nBcc: someone@evil.example", companyName: "Falcon\nSubject: Invoice" }),
  );
  const headers = headersOf((await composeEmail(enquiry, settings)).raw);
  expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
  expect(headers.filter((line) => /^subject:/i.test(line))).toHaveLength(1);
});

test("an e-mail field that is no plain address gives no Reply-To, and the message still goes", async () => {
  const enquiry = stored(anEnquiry({ email: "fatima at example dot com" }));
  const headers = headersOf((await composeEmail(enquiry, settings)).raw);
  expect(headers.filter((line) => line.startsWith("Reply-To: "))).toEqual([]);
  expect(headers).toContain(`To: ${env.SALES_ADDRESS}`);
});
