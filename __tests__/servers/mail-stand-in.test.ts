/**
 * @jest-environment node
 *
 * The local mail stand-in (npm start, the browser tests) against what a
 * careless or hostile client sends: oversized and malformed requests are
 * answered and change nothing, and every enquiry is recorded exactly once
 * however many arrive at once.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { BODY_LIMIT_BYTES, startMailStandIn } from "../../scripts/mail-stand-in.mjs";
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

const recorded = () => (fs.existsSync(outbox) ? fs.readFileSync(outbox, "utf8").split("\n").filter(Boolean) : []);

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${standIn.url}/mail-sender`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE, ...headers },
    body,
  });

async function stillTakesEnquiries() {
  const response = await post(JSON.stringify({ name: "After" }));
  expect(response.status).toBe(200);
}

test("it listens on 127.0.0.1 unless told otherwise", () => {
  expect(new URL(standIn.url).hostname).toBe("127.0.0.1");
});

test("an enquiry is recorded with its origin and answered 200, with CORS for the site", async () => {
  const response = await post(JSON.stringify({ industry: "Retail", name: "Amna" }));
  expect(response.status).toBe(200);
  expect(response.headers.get("access-control-allow-origin")).toBe(SITE);
  expect(response.headers.get("access-control-allow-credentials")).toBe("true");
  expect(recorded().map((line) => JSON.parse(line))).toEqual([
    { receivedAt: expect.any(String), origin: SITE, enquiry: { industry: "Retail", name: "Amna" } },
  ]);
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

test("a request line it cannot parse is answered 400", async () => {
  expect((await rawRequest(standIn.port, "POST /api/v1/mail-sender HTTP/1.1 junk\r\n\r\n")).status).toBe(400);
  expect((await rawGet(standIn.port, "/elsewhere")).status).toBe(404);
});

test("500 enquiries at once are each recorded exactly once, whole", async () => {
  const agent = new http.Agent({ maxSockets: 100 });
  const sent = Array.from({ length: 500 }, (_, index) => ({ name: `Sender ${index}`, message: "x".repeat(index * 7) }));
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
