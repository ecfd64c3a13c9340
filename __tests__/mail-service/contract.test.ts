/**
 * @jest-environment node
 *
 * The service's contract with the site, on the Worker in wrangler's local
 * runtime: only the site's exact origins may post (CORS with credentials,
 * preflight included); a 2xx answer only once the enquiry is stored; every
 * other request gets its own status and stores nothing.
 */
import { BODY_LIMIT_BYTES, FIELD_LIMITS } from "../../mail-service/src/core/enquiry";
import { ENQUIRY_FIELDS } from "../../contract/src/fields";
import { readWranglerConfig } from "../../mail-service/scripts/local-service";
import { SITE, anEnquiry, newVisitor, startTestMail, waitFor, type TestMail } from "./support/test-mail";

jest.setTimeout(60_000);

/** The operator's health token, a secret in a deployment (wrangler secret put HEALTH_TOKEN). */
const HEALTH_TOKEN = "test-health-token-0123456789abcdef";

let mail: TestMail;
beforeAll(async () => {
  mail = await startTestMail({ vars: { HEALTH_TOKEN } });
});
afterAll(() => mail?.close());

const stored = () => mail.service.events().filter((event) => event.event === "enquiry.stored");
/** The ids of the enquiries the service answered 2xx for. */
const accepted = new Set<string>();

async function post(...args: Parameters<TestMail["post"]>): Promise<Response> {
  const response = await mail.post(...args);
  if (response.ok) accepted.add(((await response.clone().json()) as { id: string }).id);
  return response;
}

/** Runs `send`, then checks that the service stored nothing meanwhile. */
async function storesNothing(send: () => Promise<void>): Promise<void> {
  // The log reaches the test a little after the answers: first every enquiry taken so far must be in it.
  await waitFor("the log of every enquiry taken", stored, (events) =>
    [...accepted].every((id) => events.some((event) => event.id === id)),
  );
  const before = stored().length;
  await send();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(stored()).toHaveLength(before);
}

test("an enquiry from the site's origin is stored, then answered 202 with CORS for that origin and credentials", async () => {
  const response = await post(anEnquiry());
  expect(response.status).toBe(202);
  expect(response.headers.get("Access-Control-Allow-Origin")).toBe(SITE);
  expect(response.headers.get("Access-Control-Allow-Credentials")).toBe("true");
  expect(response.headers.get("Vary")).toContain("Origin");
  const { id } = (await response.json()) as { id: string };
  await mail.waitForEvent("enquiry.stored", { id });
});

test("the preflight from the site's origin allows POST with Content-Type and credentials", async () => {
  const response = await fetch(`${mail.service.apiUrl}/mail-sender`, {
    method: "OPTIONS",
    headers: {
      Origin: SITE,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type",
    },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get("Access-Control-Allow-Origin")).toBe(SITE);
  expect(response.headers.get("Access-Control-Allow-Credentials")).toBe("true");
  expect(response.headers.get("Access-Control-Allow-Methods")).toContain("POST");
  expect(response.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("content-type");
});

describe("another origin is refused with 403, preflight and POST alike", () => {
  const others = [
    "https://evil.example",
    `${SITE}.evil.example`,
    SITE.replace("127.0.0.1", "localhost"),
    SITE.replace("http:", "https:"),
    `${SITE}0`,
    "null",
    SITE.toUpperCase(),
  ];
  test.each(others)("%s", async (origin) => {
    await storesNothing(async () => {
      const preflight = await fetch(`${mail.service.apiUrl}/mail-sender`, {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST" },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
      const refused = await post(anEnquiry(), { origin });
      expect(refused.status).toBe(403);
      expect(refused.headers.get("Access-Control-Allow-Origin")).toBeNull();
    });
  });

  test("and so is a request without an Origin", async () => {
    await storesNothing(async () => {
      expect((await post(anEnquiry(), { origin: null })).status).toBe(403);
    });
  });
});

test.each(["GET", "PUT", "DELETE", "PATCH"])("%s is answered 405 with the methods allowed", async (method) => {
  await storesNothing(async () => {
    const response = await post(anEnquiry(), { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST, OPTIONS");
  });
});

test.each([
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=iso-8859-1",
  null,
])("a body sent as %s is answered 415", async (contentType) => {
  await storesNothing(async () => {
    expect((await post(anEnquiry(), { contentType })).status).toBe(415);
  });
});

test("application/json with charset=utf-8 is taken", async () => {
  expect((await post(anEnquiry(), { contentType: "application/json; charset=UTF-8" })).status).toBe(202);
});

describe("a body that is not exactly the six string fields is answered 400", () => {
  const { message: _message, ...withoutMessage } = anEnquiry();
  const cases: [string, string][] = [
    ["not JSON", "industry=Aviation&name=x"],
    ["JSON but a list", JSON.stringify(Object.values(anEnquiry()))],
    ["JSON null", "null"],
    ["a field missing", JSON.stringify(withoutMessage)],
    ["a seventh field", JSON.stringify({ ...anEnquiry(), website: "https://spam.example" })],
    ["a number", JSON.stringify({ ...anEnquiry(), phone: 971501234567 })],
    ["an object", JSON.stringify({ ...anEnquiry(), name: { first: "Fatima" } })],
    ["__proto__ in place of a field", `{"__proto__":{"x":1},${JSON.stringify(withoutMessage).slice(1)}`],
  ];
  test.each(cases)("%s", async (_what, body) => {
    await storesNothing(async () => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/\w/);
    });
  });

  test("bytes that are not UTF-8", async () => {
    await storesNothing(async () => {
      const response = await fetch(`${mail.service.apiUrl}/mail-sender`, {
        method: "POST",
        headers: { Origin: SITE, "Content-Type": "application/json", "CF-Connecting-IP": newVisitor() },
        body: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
      });
      expect(response.status).toBe(400);
    });
  });
});

test("every field may be empty", async () => {
  const empty = Object.fromEntries(ENQUIRY_FIELDS.map((field) => [field, ""]));
  expect((await post(empty)).status).toBe(202);
});

test("a body over the size limit is answered 413", async () => {
  await storesNothing(async () => {
    const response = await post(anEnquiry({ message: "x".repeat(BODY_LIMIT_BYTES + 1) }));
    expect(response.status).toBe(413);
  });
});

test.each(ENQUIRY_FIELDS)("%s over its limit is answered 413, naming it; at its limit it is taken", async (field) => {
  const limit = FIELD_LIMITS[field];
  await storesNothing(async () => {
    const response = await post(anEnquiry({ [field]: "ب".repeat(limit + 1) }));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toContain(field);
  });
  expect((await post(anEnquiry({ [field]: "ب".repeat(limit) }))).status).toBe(202);
});

/**
 * wrangler's local runtime (miniflare's ratelimit worker) counts in windows of the limiter's period aligned to the
 * clock, floor(now / period): a burst that straddles two windows is counted half in each, and passes. A test's
 * burst waits for the next window when less than this is left of the current one.
 */
const BURST_MS = 10_000;

async function inOneWindow(periodSeconds: number): Promise<void> {
  const left = periodSeconds * 1000 - (Date.now() % (periodSeconds * 1000));
  if (left < BURST_MS) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

test("too many enquiries from one address are answered 429; other addresses still get through", async () => {
  const [limiter] = readWranglerConfig().ratelimits;
  const limit = limiter?.simple.limit ?? 0;
  expect(limit).toBeGreaterThan(0);
  const ip = newVisitor();
  await inOneWindow(limiter?.simple.period ?? 60);
  for (let sent = 0; sent < limit; sent += 1) expect((await post(anEnquiry(), { ip })).status).toBe(202);
  await storesNothing(async () => {
    const refused = await post(anEnquiry(), { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe(String(limiter?.simple.period));
    // The site reads the refusal: its origin still gets CORS on it.
    expect(refused.headers.get("Access-Control-Allow-Origin")).toBe(SITE);
  });
  expect((await post(anEnquiry(), { ip: newVisitor() })).status).toBe(202);
});

test("an IPv6 sender is counted by its /64: changing the last 64 bits of its address does not pass the limit", async () => {
  const [limiter] = readWranglerConfig().ratelimits;
  const limit = limiter?.simple.limit ?? 0;
  // A /64 of its own for this test: the visitor addresses of the others vary in their third and fourth groups.
  const block = `2001:db8:ffff:${(process.pid % 0xffff).toString(16)}`;
  const statuses: number[] = [];
  await inOneWindow(limiter?.simple.period ?? 60);
  for (let sent = 0; sent <= limit + 1; sent += 1)
    statuses.push((await post(anEnquiry(), { ip: `${block}:${(sent + 1).toString(16)}::1:${sent}` })).status);
  expect(statuses).toEqual([...Array<number>(limit).fill(202), 429, 429]);
  // The neighbouring /64 is another customer's line.
  expect((await post(anEnquiry(), { ip: `2001:db8:fffe:${(process.pid % 0xffff).toString(16)}::1` })).status).toBe(202);
});

test("the same enquiry sent twice within minutes is stored and delivered once", async () => {
  const enquiry = anEnquiry();
  const first = await post(enquiry);
  const second = await post(enquiry);
  expect([first.status, second.status]).toEqual([202, 202]);
  const [firstAnswer, secondAnswer] = (await Promise.all([first.json(), second.json()])) as { id: string }[];
  expect(secondAnswer?.id).toBe(firstAnswer?.id);
  const emails = await waitFor(
    "the enquiry's e-mail",
    () => mail.received(),
    (all) => all.some((email) => email.text?.includes(enquiry.message)),
  );
  // A moment for a second copy, were one on its way.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const copies = (await mail.received()).filter((email) => email.text?.includes(enquiry.message));
  expect(copies).toHaveLength(1);
  expect(emails.length).toBeGreaterThan(0);
});

test("the health address tells anyone 200 and nothing more, and the operator's token the report from the store", async () => {
  const anyone = await fetch(`${mail.service.apiUrl}/health`);
  expect(anyone.status).toBe(200);
  expect(await anyone.text()).toBe("");
  const wrongToken = await fetch(`${mail.service.apiUrl}/health`, { headers: { Authorization: "Bearer guess" } });
  expect(wrongToken.status).toBe(200);
  expect(await wrongToken.text()).toBe("");

  const operator = await fetch(`${mail.service.apiUrl}/health`, {
    headers: { Authorization: `Bearer ${HEALTH_TOKEN}` },
  });
  expect(operator.status).toBe(200);
  expect(await operator.json()).toMatchObject({
    status: "ok",
    problems: [],
    waiting: expect.any(Number),
    failed: 0,
    deliveryBlocked: null,
  });
  // It signs in nowhere: the mail server saw no connection for it.
  expect(mail.service.events().some((event) => String(event.event).startsWith("health.transport"))).toBe(false);
});

test("any other address is answered 404", async () => {
  expect((await fetch(`${mail.service.url}/api/v2/mail-sender`)).status).toBe(404);
  expect((await fetch(`${mail.service.url}/`)).status).toBe(404);
});
