/** @jest-environment node */
import { EnquiryNotSentError, mailSenderUrl, sendEnquiry, type Enquiry } from "../../src/lib/mail-service";

const enquiry: Enquiry = {
  industry: "Aviation",
  name: "Layla Haddad",
  phone: "+971 50 123 4567",
  companyName: "Desert Air Cargo",
  email: "layla@example.com",
  message: "Our office network drops every afternoon.",
};

/** A check as the form's page writes it (its content is the mail service's concern). */
const check = "eyJ0cmFwIjoiIiwidHlwZWRNcyI6OTAwMCwicHJvb2YiOm51bGx9";

const realFetch = global.fetch;
let fetchMock: jest.Mock<Promise<Response>, Parameters<typeof fetch>>;

beforeEach(() => {
  fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>(async () => new Response(null, { status: 200 }));
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  global.fetch = realFetch;
});

test("the endpoint is mail-sender below the v1 base, with or without a trailing slash", () => {
  expect(mailSenderUrl("https://mail.example.com/api/v1")).toBe("https://mail.example.com/api/v1/mail-sender");
  expect(mailSenderUrl("https://mail.example.com/api/v1/")).toBe("https://mail.example.com/api/v1/mail-sender");
});

test("an enquiry is posted as JSON with exactly the six fields, cookies included, the form's check beside it", async () => {
  await sendEnquiry({ ...enquiry, extra: "not sent" } as Enquiry, { check, base: "https://mail.example.com/api/v1/" });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe("https://mail.example.com/api/v1/mail-sender");
  expect(init?.method).toBe("POST");
  expect(init?.credentials).toBe("include");
  expect(init?.headers).toEqual({ "Content-Type": "application/json", "Enquiry-Check": check });
  expect(init?.signal).toBeUndefined();
  expect(JSON.parse(String(init?.body))).toEqual(enquiry);
  expect(Object.keys(JSON.parse(String(init?.body)))).toEqual([
    "industry",
    "name",
    "phone",
    "companyName",
    "email",
    "message",
  ]);
});

test.each([200, 201, 204, 299])("status %i counts as sent, whatever the body", async (status) => {
  fetchMock.mockResolvedValueOnce(new Response(status === 204 ? null : "not json at all", { status }));
  await expect(sendEnquiry(enquiry, { check, base: "https://mail.example.com/api/v1" })).resolves.toBeUndefined();
});

test.each([301, 400, 404, 500, 503])("status %i is a failure", async (status) => {
  fetchMock.mockResolvedValueOnce(new Response(null, { status }));
  await expect(sendEnquiry(enquiry, { check, base: "https://mail.example.com/api/v1" })).rejects.toThrow(
    new EnquiryNotSentError(`The mail service answered with status ${status}.`),
  );
});

test("a network error or CORS refusal is a failure", async () => {
  fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
  await expect(sendEnquiry(enquiry, { check, base: "https://mail.example.com/api/v1" })).rejects.toBeInstanceOf(
    EnquiryNotSentError,
  );
});

test("without a configured address nothing is sent and the send fails", async () => {
  // A build without the variable: whatever the shell running the tests holds.
  delete process.env.GATSBY_MAIL_API_URL;
  await expect(sendEnquiry(enquiry, { check })).rejects.toBeInstanceOf(EnquiryNotSentError);
  expect(fetchMock).not.toHaveBeenCalled();
});
