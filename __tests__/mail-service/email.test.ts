/**
 * @jest-environment node
 *
 * The e-mail the sales team receives, read back from a real SMTP server's
 * inbox with a MIME parser (and, for Cloudflare's send_email, from the file
 * wrangler's local runtime writes for each message it sends).
 */
import type { AddressObject, ParsedMail } from "mailparser";
import { readWranglerConfig } from "mail-service/local-service";
import { SITE, anEnquiry, parseEmail, startTestMail, waitFor, type TestMail } from "./support/test-mail";

jest.setTimeout(60_000);
// Each enquiry waits about a second in the queue before its delivery: sent together (test.concurrent), they share
// the wait, each test finding its own e-mail by its id.

const { vars, send_email: sendEmail } = readWranglerConfig() as ReturnType<typeof readWranglerConfig> & {
  send_email: { destination_address: string }[];
};

let mail: TestMail;
beforeAll(async () => {
  mail = await startTestMail();
});
afterAll(() => mail?.close());

/** Sends the enquiry and waits for the e-mail holding its message. */
async function deliver(
  enquiry: ReturnType<typeof anEnquiry>,
  options: Parameters<TestMail["post"]>[1] = {},
): Promise<{ email: ParsedMail; id: string }> {
  const response = await mail.post(enquiry, options);
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as { id: string };
  const emails = await waitFor(
    `the e-mail of enquiry ${id}`,
    () => mail.received(),
    (all) => all.some((email) => email.headers.get("x-enquiry-id") === id),
  ).catch((error: Error) => {
    // What the service did with it instead, named in the failure.
    const logged = mail.service.events().filter((event) => event.id === id || event.level !== "info");
    const printed = mail.service.output().split("\n").slice(-40).join("\n");
    throw new Error(
      `${error.message.slice(0, 200)}\nThe service's events for it:\n${JSON.stringify(logged)}\nIts runtime's last lines:\n${printed}`,
    );
  });
  const email = emails.find((candidate) => candidate.headers.get("x-enquiry-id") === id);
  if (!email) throw new Error("unreachable");
  return { email, id };
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value);

test.concurrent(
  "an enquiry from an Arabic page arrives in the sales inbox whole: headers, both parts, Arabic intact",
  async () => {
    const enquiry = anEnquiry({
      industry: "Construction",
      name: "فاطمة المنصوري",
      companyName: "شركة الصقر للمقاولات",
      email: "fatima@example.com",
      message: `نحتاج إلى دعم فني لأربعين حاسوباً محمولاً.\nSecond line. ${Math.random()}`,
    });
    const page = `${SITE}/ar/contact/`;
    const { email, id } = await deliver(enquiry, { referer: `${page}?utm_source=x` });

    expect(addresses(email.to).map((to) => to.address)).toEqual([vars.SALES_ADDRESS]);
    expect(addresses(email.from)).toEqual([{ name: vars.FROM_NAME, address: vars.FROM_ADDRESS }]);
    expect(addresses(email.replyTo)).toEqual([{ name: enquiry.name, address: enquiry.email }]);
    expect(email.subject).toBe(`Website enquiry: ${enquiry.companyName} (${enquiry.industry})`);
    expect(email.messageId).toBe(`<${id}@${vars.FROM_ADDRESS?.split("@")[1]}>`);
    expect(email.headers.get("auto-submitted")).toBe("auto-generated");

    const text = email.text ?? "";
    for (const line of [
      `Industry: ${enquiry.industry}`,
      `Name: ${enquiry.name}`,
      `Email: ${enquiry.email}`,
      `Mobile Number: ${enquiry.phone}`,
      `Company Name: ${enquiry.companyName}`,
      `What service do you require?\n${enquiry.message}`,
      `Sent from: ${page} (Arabic page)`,
      `Enquiry ID: ${id}`,
    ])
      expect(text).toContain(line);

    // Received in Dubai time, four hours ahead of UTC all year round.
    const date = email.date ?? new Date(0);
    const dubai = new Date(date.getTime() + 4 * 3_600_000);
    const clock = `${String(dubai.getUTCHours()).padStart(2, "0")}:${String(dubai.getUTCMinutes()).padStart(2, "0")}`;
    expect(text).toMatch(new RegExp(`Received: .*${dubai.getUTCFullYear()}.* ${clock} \\(Dubai time\\)`));

    const html = String(email.html);
    expect(html).toContain(`<td dir="auto" style="padding:4px 0">${enquiry.name}</td>`);
    expect(html).toContain(`<p dir="auto" style="white-space:pre-wrap;margin:0">${enquiry.message}</p>`);
    expect(html).toContain(enquiry.companyName);
  },
);

test.concurrent(
  "markup typed into the form arrives as text in both parts, and marks the subject as possible spam",
  async () => {
    const markup = `<script>alert("x")</script><a href="https://spam.example">win</a>`;
    // A link in the name would hold it for review (the spam policy): the name's markup is a script alone.
    const enquiry = anEnquiry({ name: `Fatima <script>alert("x")</script>`, message: `Hello ${markup}` });
    const { email } = await deliver(enquiry);

    expect(email.text).toContain(`Name: ${enquiry.name}`);
    const html = String(email.html);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('<a href="https://spam.example">');
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(email.subject).toMatch(/^\[Possible spam\] Website enquiry: /);
    expect(email.text).toMatch(/Possible spam: .*markup in name, message/);
  },
);

test.concurrent(
  "line breaks in single-line fields cannot add a header: the subject stays one line and no Bcc appears",
  async () => {
    const enquiry = anEnquiry({
      companyName: "Falcon\r\nBcc: everyone@example.com",
      name: "Fatima\nX-Injected: yes",
      email: "fatima@example.com\r\nBcc: everyone@example.com",
    });
    const { email } = await deliver(enquiry);

    // The address goes too: visitor text in a header never holds one.
    expect(email.subject).toBe("Website enquiry: Falcon Bcc: (Oil and Gas)");
    expect(email.headers.has("bcc")).toBe(false);
    expect(email.headers.has("x-injected")).toBe(false);
    expect(addresses(email.to).map((to) => to.address)).toEqual([vars.SALES_ADDRESS]);
    // Not one plain address: no Reply-To.
    expect(email.replyTo).toBeUndefined();
  },
);

test.concurrent(
  "an encoded word typed into a field reaches no header as one: no line break, no Bcc, in any mail program",
  async () => {
    const encoded = "=?UTF-8?Q?A=0D=0ABcc:_victim@example.net?=";
    const { email } = await deliver(
      anEnquiry({ companyName: `Falcon ${encoded}`, name: `Fatima ${encoded}`, email: "fatima@example.com" }),
    );
    // mailparser decodes encoded words as mail programs do: had one passed, its line break and Bcc would show here.
    expect(email.subject).toBe("Website enquiry: Falcon (Oil and Gas)");
    expect(email.headers.has("bcc")).toBe(false);
    expect(addresses(email.replyTo)).toEqual([{ name: "Fatima", address: "fatima@example.com" }]);
    expect(email.headerLines.map((line) => line.line).join("\n")).not.toContain("victim");
    // What the visitor typed is still there to read, in the message's body.
    expect(email.text).toContain(`Company Name: Falcon ${encoded}`);
  },
);

test.concurrent(
  "a name dressed as someone else's address is a name only: no brackets, quotes or address in Reply-To's name",
  async () => {
    const { email } = await deliver(
      anEnquiry({ name: 'Sales Team <sales@bluepeak-it.example> "Accounts"', email: "visitor@example.com" }),
    );
    expect(addresses(email.replyTo)).toEqual([{ name: "Sales Team Accounts", address: "visitor@example.com" }]);
  },
);

test.concurrent(
  "direction overrides and marks, zero-width and tag characters are gone from every field, and cannot hide a link",
  async () => {
    const { email } = await deliver(
      anEnquiry({
        name: "\u202eFatima\u202c Al\u200b Mansoori\u200f",
        // Tag characters spell "spam" where no reader sees it; the marks turn no text round.
        companyName: "Falcon\u2066 Drilling\u2069\u{e0073}\u{e0070}\u{e0061}\u{e006d}\u200e\u061c",
        // Three links in the message count as a customer's; a fourth hidden by zero-width characters does not hide.
        message: "See https://a.example https://b.example https://c.example and ht\u200btps://spam\u200d.example",
      }),
    );
    expect(email.text).toContain("Name: Fatima Al Mansoori");
    expect(email.text).toContain("Company Name: Falcon Drilling");
    expect(email.text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b\u200d]/);
    expect(email.text).not.toMatch(/[\u{e0000}-\u{e007f}]/u);
    expect(email.subject).toMatch(/^\[Possible spam\] /);
    expect(email.text).toContain("Possible spam: 4 links in the message");
  },
);

test.concurrent(
  "an address at a domain in another script still gets its Reply-To, in the form mail servers read",
  async () => {
    const { email } = await deliver(anEnquiry({ name: "سالم", email: "salem@مثال.امارات" }));
    const replyTo = email.headerLines.find((line) => line.key === "reply-to")?.line ?? "";
    expect(replyTo).toContain(`<salem@${new URL("http://مثال.امارات").hostname}>`);
    expect(replyTo).toContain("xn--");
    // A mail program shows the domain in its own script again.
    expect(addresses(email.replyTo)).toEqual([{ name: "سالم", address: "salem@مثال.امارات" }]);
    expect(email.text).toContain("Email: salem@مثال.امارات");
  },
);

test.concurrent.each([
  ["two addresses", "fatima@example.com, ali@example.com"],
  ["a name and an address", "Fatima <fatima@example.com>"],
  ["no address at all", "call me on my mobile"],
  ["a mailto with a parameter", "fatima@example.com?bcc=all@example.com"],
])("an e-mail field holding %s gives no Reply-To; the value is in the message", async (_what, value) => {
  const { email } = await deliver(anEnquiry({ email: value }));
  expect(email.replyTo).toBeUndefined();
  expect(email.text).toContain(`Email: ${value}`);
});

test.concurrent("an empty enquiry arrives too, saying which fields were left empty", async () => {
  const empty = { industry: "", name: "", phone: "", companyName: "", email: "", message: "" };
  // Empty enquiries are alike: another test's may be within the duplicate window, so this one needs its own.
  const response = await mail.post(empty);
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as { id: string };
  const emails = await waitFor(
    "the empty enquiry's e-mail",
    () => mail.received(),
    (all) => all.some((email) => email.headers.get("x-enquiry-id") === id),
  );
  const email = emails.find((candidate) => candidate.headers.get("x-enquiry-id") === id);
  expect(email?.subject).toBe("Website enquiry: no name given (no industry chosen)");
  expect(email?.text).toContain("Name: (left empty)");
  expect(email?.replyTo).toBeUndefined();
});

describe("through Cloudflare's send_email binding", () => {
  let cloudflare: TestMail;
  beforeAll(async () => {
    cloudflare = await startTestMail({ vars: { MAIL_TRANSPORT: "send_email" } });
  });
  afterAll(() => cloudflare?.close());

  test("the message goes to the binding's one verified address, from the company's address", async () => {
    const enquiry = anEnquiry({ name: "علي" });
    expect((await cloudflare.post(enquiry)).status).toBe(202);
    const [file] = await waitFor(
      "the message send_email wrote",
      () => cloudflare.service.sentEmails(),
      (files) => files.length > 0,
    );
    const email = await parseEmail(file ?? "");
    expect(addresses(email.to).map((to) => to.address)).toEqual([sendEmail[0]?.destination_address]);
    expect(addresses(email.from).map((from) => from.address)).toEqual([vars.FROM_ADDRESS]);
    expect(email.text).toContain(`Name: ${enquiry.name}`);
    expect(email.text).toContain(enquiry.message);
  });
});
