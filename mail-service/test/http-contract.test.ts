/**
 * The service's contract with the site, answered by the Worker in workerd: only the site's exact origins may post
 * (CORS with credentials, preflight included); a 2xx answer only once the enquiry is stored; every other request
 * gets its own status and stores nothing.
 */
import { env, exports } from "cloudflare:workers";
import { ENQUIRY_FIELDS } from "enquiry-contract/fields";
import { describe, expect, test } from "vitest";
import { BODY_LIMIT_BYTES, FIELD_LIMITS } from "../src/core/enquiry";
import { HEALTH_PATH, MAIL_SENDER_PATH } from "../src/core/http-api";
import { HEALTH_TOKEN, SERVICE, SITE, anEnquiry, newVisitor, post, rowOf, storedCount } from "./support";

/** Runs `send`, then checks that the store holds no more enquiries than before. */
async function storesNothing(send: () => Promise<void>): Promise<void> {
  const before = await storedCount();
  await send();
  expect(await storedCount()).toBe(before);
}

test("an enquiry from the site's origin is stored, then answered 202 with CORS for that origin and credentials", async () => {
  const enquiry = anEnquiry();
  const response = await post(enquiry);
  expect(response.status).toBe(202);
  expect(response.headers.get("Access-Control-Allow-Origin")).toBe(SITE);
  expect(response.headers.get("Access-Control-Allow-Credentials")).toBe("true");
  expect(response.headers.get("Vary")).toContain("Origin");
  const { id } = await response.json<{ id: string }>();
  const stored = await env.DB.prepare("SELECT message FROM enquiries WHERE id = ?")
    .bind(id)
    .first<{ message: string }>();
  expect(stored?.message).toBe(enquiry.message);
});

test("the preflight from the site's origin allows POST with Content-Type, the form's check and credentials", async () => {
  const response = await post(null, { method: "OPTIONS", contentType: null });
  expect(response.status).toBe(204);
  expect(response.headers.get("Access-Control-Allow-Origin")).toBe(SITE);
  expect(response.headers.get("Access-Control-Allow-Credentials")).toBe("true");
  expect(response.headers.get("Access-Control-Allow-Methods")).toContain("POST");
  expect(response.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("content-type");
  expect(response.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("enquiry-check");
});

describe("another origin is refused with 403, preflight and POST alike", () => {
  const others = [
    "https://evil.example",
    `${SITE}.evil.example`,
    SITE.replace("https:", "http:"),
    `${SITE}:8443`,
    `${SITE}0`,
    "null",
    SITE.toUpperCase(),
  ];
  test.each(others)("%s", async (origin) => {
    await storesNothing(async () => {
      const preflight = await post(null, { method: "OPTIONS", origin, contentType: null });
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
      expect((await response.json<{ error: string }>()).error).toMatch(/\w/);
    });
  });

  test("bytes that are not UTF-8", async () => {
    await storesNothing(async () => {
      const body = new Uint8Array([...new TextEncoder().encode('{"name":"'), 0xc3, 0x28, 0x22, 0x7d]);
      const response = await exports.default.fetch(
        new Request(`${SERVICE}${MAIL_SENDER_PATH}`, {
          method: "POST",
          headers: { Origin: SITE, "Content-Type": "application/json", "CF-Connecting-IP": newVisitor() },
          body,
        }),
      );
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
    expect((await response.json<{ error: string }>()).error).toContain(field);
  });
  expect((await post(anEnquiry({ [field]: "ب".repeat(limit) }))).status).toBe(202);
});

test("the same enquiry sent twice within minutes is stored once, and both answers name it", async () => {
  const enquiry = anEnquiry();
  const before = await storedCount();
  const answers = await Promise.all([post(enquiry), post(enquiry)]);
  expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
  const [first, second] = await Promise.all(answers.map((answer) => answer.json<{ id: string }>()));
  expect(second?.id).toBe(first?.id);
  expect(await storedCount()).toBe(before + 1);
  expect(await rowOf(first?.id ?? "")).not.toBeNull();
});

/**
 * The local runtime's rate limiter counts in windows of the limiter's period aligned to the clock,
 * floor(now / period): a burst that straddles two windows is counted half in each, and passes. A burst waits for
 * the next window when less than this is left of the current one.
 */
const BURST_MS = 5_000;
/** wrangler.jsonc's limit of enquiries a minute from one address (ENQUIRY_LIMITER). */
const LIMIT = 5;
const PERIOD_SECONDS = 60;
/** wrangler.jsonc's limit of refused requests counted a minute, for the whole service (REFUSAL_LIMITER). */
const REFUSALS_A_MINUTE = 60;

async function inOneWindow(): Promise<void> {
  const left = PERIOD_SECONDS * 1000 - (Date.now() % (PERIOD_SECONDS * 1000));
  if (left < BURST_MS) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

test("too many enquiries from one address are answered 429; other addresses still get through", async () => {
  const ip = newVisitor();
  await inOneWindow();
  for (let sent = 0; sent < LIMIT; sent += 1) expect((await post(anEnquiry(), { ip })).status).toBe(202);
  await storesNothing(async () => {
    const refused = await post(anEnquiry(), { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe(String(PERIOD_SECONDS));
    // The site reads the refusal: its origin still gets CORS on it.
    expect(refused.headers.get("Access-Control-Allow-Origin")).toBe(SITE);
  });
  expect((await post(anEnquiry(), { ip: newVisitor() })).status).toBe(202);
}, 20_000);

/** How many refused requests the monthly report's figures hold. */
async function refusalsCounted(): Promise<number> {
  const row = await env.DB.prepare("SELECT sum(count) AS counted FROM enquiry_counts WHERE measure = 'refused'").first<{
    counted: number | null;
  }>();
  return row?.counted ?? 0;
}

test("the limit comes before anything is read or written: past it, a malformed request is answered 429", async () => {
  const ip = newVisitor();
  await inOneWindow();
  for (let sent = 0; sent < LIMIT; sent += 1)
    expect((await post("{}", { ip, contentType: "text/plain" })).status).toBe(415);
  expect((await post("{}", { ip, contentType: "text/plain" })).status).toBe(429);
}, 20_000);

test("a flood of refused requests from many addresses is counted at most REFUSAL_LIMITER's count a minute", async () => {
  const limit = REFUSALS_A_MINUTE;
  await inOneWindow();
  const before = await refusalsCounted();
  const answers = await Promise.all(
    Array.from({ length: limit + 20 }, () => post("not json", { ip: newVisitor() }).then((answer) => answer.status)),
  );
  expect(new Set(answers)).toEqual(new Set([400]));
  // The counting happens after each answer (waitUntil): a moment for the last of it.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const counted = (await refusalsCounted()) - before;
  expect(counted).toBeGreaterThan(0);
  expect(counted).toBeLessThanOrEqual(limit);
}, 20_000);

test("an IPv6 sender is counted by its /64: changing the last 64 bits of its address does not pass the limit", async () => {
  const block = newVisitor().split(":").slice(0, 4).join(":");
  const statuses: number[] = [];
  await inOneWindow();
  for (let sent = 0; sent <= LIMIT + 1; sent += 1)
    statuses.push((await post(anEnquiry(), { ip: `${block}:${(sent + 1).toString(16)}::1:${sent}` })).status);
  expect(statuses).toEqual([...Array<number>(LIMIT).fill(202), 429, 429]);
  // The neighbouring /64 is another customer's line.
  expect((await post(anEnquiry(), { ip: newVisitor() })).status).toBe(202);
}, 20_000);

test("the health address tells anyone 200 and nothing more, and the operator's token the report from the store", async () => {
  const health = (headers: Record<string, string> = {}) =>
    exports.default.fetch(new Request(`${SERVICE}${HEALTH_PATH}`, { headers }));
  const anyone = await health();
  expect(anyone.status).toBe(200);
  expect(await anyone.text()).toBe("");
  const wrongToken = await health({ Authorization: "Bearer guess" });
  expect(wrongToken.status).toBe(200);
  expect(await wrongToken.text()).toBe("");

  const operator = await health({ Authorization: `Bearer ${HEALTH_TOKEN}` });
  expect(operator.status).toBe(200);
  expect(await operator.json()).toMatchObject({
    status: "ok",
    problems: [],
    waiting: expect.any(Number),
    failed: 0,
    deliveryBlocked: null,
  });
});

test("an enquiry the mail server refused for good turns the health answer 503 until the operator acts; a held one does not", async () => {
  const health = () =>
    exports.default.fetch(
      new Request(`${SERVICE}${HEALTH_PATH}`, { headers: { Authorization: `Bearer ${HEALTH_TOKEN}` } }),
    );
  const stored = await post(anEnquiry(), { ip: newVisitor() });
  const { id } = (await stored.json()) as { id: string };
  await env.DB.prepare("UPDATE enquiries SET status = 'failed', last_error = 'EMESSAGE: 550 refused' WHERE id = ?")
    .bind(id)
    .run();
  const alerted = await health();
  expect(alerted.status).toBe(503);
  expect(await alerted.json()).toMatchObject({
    status: "attention",
    failed: 1,
    problems: [expect.stringMatching(/^1 enquiry was refused for good by the mail server: answer it another way/)],
  });
  // Held at the visitor's request, it is the operator's already: no alert.
  await env.DB.prepare("UPDATE enquiries SET held_since = ? WHERE id = ?").bind(Date.now(), id).run();
  const held = await health();
  expect(held.status).toBe(200);
  expect(await held.json()).toMatchObject({ failed: 0, held: 1 });
  await env.DB.prepare("DELETE FROM enquiries WHERE id = ?").bind(id).run();
});

test("any other address is answered 404", async () => {
  expect((await exports.default.fetch(`${SERVICE}/api/v2/mail-sender`)).status).toBe(404);
  expect((await exports.default.fetch(`${SERVICE}/`)).status).toBe(404);
});
