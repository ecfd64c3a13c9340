/**
 * @jest-environment node
 *
 * Settings that must not let the service send anywhere wrong: a malformed
 * one refuses enquiries (nothing is stored that could not be delivered), and
 * the send_email binding, pinned to one address, refuses any other.
 */
import { anEnquiry, startTestMail, type TestMail } from "../mail-service/support/test-mail";

jest.setTimeout(60_000);

describe("with a malformed setting", () => {
  let broken: TestMail;
  beforeAll(async () => {
    broken = await startTestMail({ vars: { SALES_ADDRESS: "sales@example.com?bcc=everyone@example.com" } });
  });
  afterAll(() => broken?.close());

  test("enquiries are refused with 503, and the operator's log names the setting and what to set", async () => {
    const response = await broken.post(anEnquiry());
    expect(response.status).toBe(503);
    const event = await broken.waitForEvent("settings.invalid");
    expect(JSON.stringify(event.problems)).toMatch(/SALES_ADDRESS .*not a plain e-mail address/);
    expect((await fetch(`${broken.service.apiUrl}/health`)).status).toBe(503);
  });
});

describe("with a sales address the send_email binding is not pinned to", () => {
  let misdirected: TestMail;
  beforeAll(async () => {
    misdirected = await startTestMail({
      vars: { MAIL_TRANSPORT: "send_email", SALES_ADDRESS: "someone-else@example.com" },
    });
  });
  afterAll(() => misdirected?.close());

  test("the binding refuses to send it; the enquiry is kept and retried, and the operator is told", async () => {
    expect((await misdirected.post(anEnquiry())).status).toBe(202);
    const retry = await misdirected.waitForEvent("enquiry.retry");
    expect(String(retry.reason)).toContain("someone-else@example.com not allowed");
    expect(misdirected.service.sentEmails()).toEqual([]);
  });
});
