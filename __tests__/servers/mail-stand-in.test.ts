/**
 * @jest-environment node
 *
 * The local mail stand-in (npm start, the browser tests) against what a
 * careless or hostile client sends and what can go wrong with its outbox:
 * oversized, malformed and foreign requests are answered and change nothing,
 * no enquiry is answered 200 unless it is on disk, and every enquiry is
 * recorded exactly once however many arrive at once.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { BODY_LIMIT_BYTES, startMailStandIn } from "../../scripts/mail-stand-in";
import { rawGet, rawRequest } from "./raw-request";

jest.setTimeout(60_000);

const SITE = "http://127.0.0.1:9000";
let folder: string;
let outbox: string;
let standIn: Awaited<ReturnType<typeof startMailStandIn>>;

beforeEach(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "mail-stand-in-"));
  outbox = path.join(folder, "enquiries.jsonl");
  standIn = await startMailStandIn({ port: 0, outbox, allowedOrigins: [SITE] });
});

afterEach(async () => {
  await standIn.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const anEnquiry = (name: string, message = "Hello") => ({
  industry: "Retail",
  name,
  phone: "+971 50 000 0000",
  companyName: "Amna Trading",
  email: "amna@example.com",
  message,
});

const recorded = () => (fs.existsSync(outbox) ? fs.readFileSync(outbox, "utf8").split("\n").filter(Boolean) : []);

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${standIn.url}/mail-sender`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE, ...headers },
    body,
  });

async function stillTakesEnquiries() {
  const response = await post(JSON.stringify(anEnquiry("After")));
  expect(response.status).toBe(200);
}

test("it listens on 127.0.0.1 unless told otherwise", () => {
  expect(new URL(standIn.url).hostname).toBe("127.0.0.1");
});

test("an enquiry is recorded with its origin and answered 200, with CORS for the site", async () => {
  const response = await post(JSON.stringify(anEnquiry("Amna")));
  expect(response.status).toBe(200);
  expect(response.headers.get("access-control-allow-origin")).toBe(SITE);
  expect(response.headers.get("access-control-allow-credentials")).toBe("true");
  expect(recorded().map((line) => JSON.parse(line))).toEqual([
    { receivedAt: expect.any(String), origin: SITE, enquiry: anEnquiry("Amna") },
  ]);
});

test.each([
  ["a number", "1"],
  ["null", "null"],
  ["a list", "[]"],
  ["a string", '"Amna"'],
  ["an object missing a field", JSON.stringify({ ...anEnquiry("Amna"), message: undefined })],
  ["an object with a field more", JSON.stringify({ ...anEnquiry("Amna"), admin: "yes" })],
  ["an object with a field that is not a string", JSON.stringify({ ...anEnquiry("Amna"), phone: 971 })],
])("a JSON body that is %s is answered 400 and not recorded", async (_, body) => {
  const response = await post(body);
  expect(response.status).toBe(400);
  expect(((await response.json()) as { error: string }).error).toContain("companyName");
  expect(recorded()).toEqual([]);
});

test.each([
  [
    "another site's page (a no-cors text/plain post)",
    { Origin: "https://elsewhere.example", "Content-Type": "text/plain" },
  ],
  ["another site's page, as JSON", { Origin: "https://elsewhere.example" }],
  ["a page that gives an empty Origin", { Origin: "" }],
])("a post from %s is refused with 403 and not recorded", async (_, headers) => {
  const response = await post(JSON.stringify(anEnquiry("Amna")), headers);
  expect(response.status).toBe(403);
  expect(response.headers.get("access-control-allow-origin")).toBeNull();
  expect(recorded()).toEqual([]);
});

test("a post from the site that is not sent as JSON is answered 415 and not recorded", async () => {
  expect((await post(JSON.stringify(anEnquiry("Amna")), { "Content-Type": "text/plain" })).status).toBe(415);
  expect(recorded()).toEqual([]);
});

describe("when the outbox cannot be written", () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  const logged = () => errors.mock.calls.map((call) => String(call[0])).join("\n");

  test.each([
    ["the disk is full", () => fs.symlinkSync("/dev/full", outbox), "ENOSPC"],
    ["a folder stands in its place", () => fs.mkdirSync(outbox), "EISDIR"],
    ["its folder was deleted while running", () => fs.rmSync(folder, { recursive: true }), "ENOENT"],
  ])("because %s, the visitor is answered 500, the cause is logged, and it keeps serving", async (_, fault, code) => {
    fault();
    const response = await post(JSON.stringify(anEnquiry("Amna")));
    expect(response.status).toBe(500);
    expect(response.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(logged()).toContain(outbox);
    expect(logged()).toContain(code);
    expect((await rawGet(standIn.port, "/elsewhere")).status).toBe(404);
  });

  test("an outbox that is a folder at start is reported, and the stand-in still starts and answers", async () => {
    const other = path.join(folder, "a-folder");
    fs.mkdirSync(other);
    const second = await startMailStandIn({ port: 0, outbox: other, allowedOrigins: [SITE] });
    try {
      expect(logged()).toContain(`the outbox ${other} is a folder`);
      const response = await fetch(`${second.url}/mail-sender`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: SITE },
        body: JSON.stringify(anEnquiry("Amna")),
      });
      expect(response.status).toBe(500);
    } finally {
      await second.close();
    }
  });
});

test("a body over the limit is answered 413 before it is all sent, and nothing is recorded", async () => {
  const response = await post("a".repeat(BODY_LIMIT_BYTES + 1));
  expect(response.status).toBe(413);
  expect(response.headers.get("access-control-allow-origin")).toBe(SITE);
  expect(recorded()).toEqual([]);
  await stillTakesEnquiries();
});

test("a 600 MB body sent without a length is cut off at the limit; the stand-in stays up", async () => {
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request(`${standIn.url}/mail-sender`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE, "Transfer-Encoding": "chunked" },
    });
    request.on("response", (response) => resolve(response.statusCode ?? 0));
    request.on("error", reject);
    const chunk = Buffer.alloc(1024 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < 600 && request.write(chunk)) sent += 1;
      if (sent < 600) request.once("drain", pump);
      else request.end();
    };
    pump();
  }).catch(() => 413);
  expect(status).toBe(413);
  expect(recorded()).toEqual([]);
  await stillTakesEnquiries();
});

test("a body that is not JSON is answered 400 and not recorded", async () => {
  expect((await post("name=Amna")).status).toBe(400);
  expect(recorded()).toEqual([]);
});

test.each(["http://[::1/", "/%", "*"])("the target %s is answered 400, and the stand-in stays up", async (target) => {
  const { status } = await rawRequest(
    standIn.port,
    `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
  );
  expect(status).toBe(400);
  await stillTakesEnquiries();
});

test("a request line it cannot parse is answered 400, with the stand-in's headers", async () => {
  const answer = await rawRequest(standIn.port, "POST /api/v1/mail-sender HTTP/1.1 junk\r\n\r\n");
  expect(answer.status).toBe(400);
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect((await rawGet(standIn.port, "/elsewhere")).status).toBe(404);
});

test("CONNECT is answered 405 and an Expect it does not know 417, each with the stand-in's headers", async () => {
  const connect = await rawRequest(standIn.port, "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n");
  expect(connect.status).toBe(405);
  expect(connect.headers["x-content-type-options"]).toBe("nosniff");
  const expectation = await rawRequest(
    standIn.port,
    `POST /api/v1/mail-sender HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: x\r\nContent-Length: 2\r\n\r\n{}`,
  );
  expect(expectation.status).toBe(417);
  expect(expectation.headers["x-content-type-options"]).toBe("nosniff");
  await stillTakesEnquiries();
});

test("500 enquiries at once are each recorded exactly once, whole", async () => {
  const agent = new http.Agent({ maxSockets: 100 });
  const sent = Array.from({ length: 500 }, (_, index) => anEnquiry(`Sender ${index}`, "x".repeat(index * 7)));
  const statuses = await Promise.all(
    sent.map(
      (enquiry) =>
        new Promise<number>((resolve, reject) => {
          const request = http.request(
            `${standIn.url}/mail-sender`,
            { method: "POST", agent, headers: { "Content-Type": "application/json", Origin: SITE } },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          request.on("error", reject);
          request.end(JSON.stringify(enquiry));
        }),
    ),
  );
  agent.destroy();
  expect(statuses.every((status) => status === 200)).toBe(true);
  const names = recorded().map((line) => (JSON.parse(line) as { enquiry: { name: string } }).enquiry.name);
  expect(names.sort()).toEqual(sent.map((enquiry) => enquiry.name).sort());
});
