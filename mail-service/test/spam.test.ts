/**
 * The spam policy as the site's form meets it, answered by the Worker in workerd: the check the page sends beside
 * the six fields (contract/src/enquiry-check.ts) and what the enquiry says decide whether it is held for the staff's
 * review or delivered; held or delivered, the answer is the same 202, and a held one is stored whole, with its
 * reasons, and queued for no e-mail. The corpus test holds the policy to its targets on test/spam-corpus.ts.
 */
import { env } from "cloudflare:workers";
import { encodeCheck, PROOF_LIFETIME_MS } from "enquiry-contract/enquiry-check";
import { aCheck, aProof } from "enquiry-contract/example-check";
import type { Enquiry } from "enquiry-contract/fields";
import { describe, expect, test } from "vitest";
import type { SpamCode } from "../src/core/spam";
import { anEnquiry, post } from "./support";
import { LEGITIMATE, ROBOT_MESSAGES, TYPED_SPAM } from "./spam-corpus";

interface Outcome {
  status: number;
  body: unknown;
  held: boolean;
  reasons: SpamCode[];
  /** The marks of the e-mail's subject, when it is delivered. */
  signals: string[];
  /** Whether the store let it be delivered: waiting, and not held. */
  queued: boolean;
}

/** Posts an enquiry with this check header (undefined: a person's) and reads what the store made of it. */
async function outcomeOf(enquiry: Enquiry, check?: string | null): Promise<Outcome> {
  const response = await post(enquiry, { check });
  const body = (await response.json()) as { id?: string };
  const row = await env.DB.prepare("SELECT held_since, spam_reasons, spam_signals FROM enquiries WHERE id = ?")
    .bind(body.id ?? "")
    .first<{ held_since: number | null; spam_reasons: string | null; spam_signals: string }>();
  const reasons = row?.spam_reasons ? (JSON.parse(row.spam_reasons) as { code: SpamCode }[]) : [];
  return {
    status: response.status,
    body: Object.keys(body),
    held: row?.held_since != null,
    reasons: reasons.map(({ code }) => code),
    signals: row ? (JSON.parse(row.spam_signals) as string[]) : [],
    queued: row !== null && row.held_since === null,
  };
}

/** A proof made by the page, changed: the forger's copy. */
async function forgedProof() {
  const proof = await aProof();
  return { ...proof, solution: { ...proof.solution, derivedKey: `00${"f".repeat(62)}` } };
}

test("a person's enquiry, with the page's check, is delivered: 202, stored and not held", async () => {
  const outcome = await outcomeOf(anEnquiry());
  expect(outcome).toMatchObject({ status: 202, held: false, queued: true, reasons: [] });
});

describe("a check no person's page sends holds the enquiry, answered 202 all the same", () => {
  const cases: [string, () => Promise<string | null>, SpamCode][] = [
    ["no check at all (a script posting the six fields)", async () => null, "no-proof"],
    ["a garbled header", async () => "%%%not-base64%%%", "unreadable"],
    ["a header of 10 KB", async () => "A".repeat(10_240), "unreadable"],
    ["a header of bytes that are not UTF-8", async () => "__4AAQ", "unreadable"],
    ["JSON of another shape", async () => encodeCheck({ trap: 5 } as never), "unreadable"],
    ["no proof", async () => aCheck({ proof: null }), "no-proof"],
    ["a forged proof", async () => encodeCheck({ trap: "", typedMs: 30_000, proof: await forgedProof() }), "forged"],
    [
      "an expired proof",
      async () => encodeCheck({ trap: "", typedMs: 30_000, proof: await aProof({ age: PROOF_LIFETIME_MS + 60_000 }) }),
      "stale",
    ],
    ["the trap filled", async () => aCheck({ trap: "Robertnuh" }), "trap"],
    // 100 KB of trap makes a header no page writes (the page sends 200 characters of it at most).
    ["a trap of 100 KB", async () => aCheck({ trap: "x".repeat(100_000) }), "unreadable"],
  ];
  test.each(cases)("%s", async (_, check, reason) => {
    const delivered = await outcomeOf(anEnquiry());
    const held = await outcomeOf(anEnquiry(), await check());
    expect(held).toMatchObject({ status: 202, held: true, queued: false });
    expect(held.reasons).toContain(reason);
    // The answer tells a robot nothing: the same status and the same fields as a delivered one's.
    expect(held.body).toEqual(delivered.body);
  });
});

test("a proof sent again, with another enquiry, is a copy: the second is held", async () => {
  const check = await aCheck();
  expect(await outcomeOf(anEnquiry(), check)).toMatchObject({ held: false });
  const again = await outcomeOf(anEnquiry(), check);
  expect(again).toMatchObject({ status: 202, held: true });
  expect(again.reasons).toContain("sent-before");
});

test("a form sent within seconds, or untouched, is only marked: a person who autofills sends in 3 s", async () => {
  const fast = await outcomeOf(anEnquiry(), await aCheck({ typedMs: 1_200 }));
  expect(fast).toMatchObject({ held: false, queued: true, signals: ["sent within seconds of the first key"] });
  const untouched = await outcomeOf(anEnquiry(), await aCheck({ typedMs: null }));
  expect(untouched).toMatchObject({ held: false, queued: true, signals: ["sent without a key pressed"] });
});

test("a link in the name, company or phone holds; so do forum links; links in the message alone do not", async () => {
  expect(await outcomeOf(anEnquiry({ name: "Cheap SEO https://seo.example" }))).toMatchObject({ held: true });
  expect(await outcomeOf(anEnquiry({ companyName: "www.best-deals.example" }))).toMatchObject({ held: true });
  expect(await outcomeOf(anEnquiry({ message: "[url=https://spam.example]cheap[/url]" }))).toMatchObject({
    held: true,
  });
  expect(
    await outcomeOf(
      anEnquiry({ message: "See https://a.example, https://b.example, https://c.example and https://d.example" }),
    ),
  ).toMatchObject({ held: false });
});

test("the same long message from three senders in a day: the campaign's later copies are held", async () => {
  const message =
    "We noticed your company is missing out on customers. We can help you grow with our proven strategy, book a call this week.";
  const first = await outcomeOf(anEnquiry({ name: "A", email: "a@one.example", message }));
  const second = await outcomeOf(anEnquiry({ name: "B", email: "b@two.example", message }));
  const third = await outcomeOf(anEnquiry({ name: "C", email: "c@three.example", message, phone: "" }));
  expect(first).toMatchObject({ held: false });
  expect(second).toMatchObject({ held: false });
  expect(second.signals).toContain("the same message as 1 other sender(s) today");
  expect(third).toMatchObject({ held: true });
  expect(third.reasons).toContain("repeated");
});

test("the corpus: no person's enquiry held, every script's and robot's held, three in four typed spams held", async () => {
  const legitimate = await Promise.all(
    LEGITIMATE.map(async (entry) => ({
      entry,
      outcome: await outcomeOf(entry.enquiry, await aCheck({ typedMs: entry.typedMs })),
    })),
  );
  const wronglyHeld = legitimate.filter(({ outcome }) => outcome.held);
  expect(
    wronglyHeld.map(({ entry, outcome }) => `${entry.language}, ${entry.note}: ${outcome.reasons.join(", ")}`),
  ).toEqual([]);
  expect(LEGITIMATE.length).toBeGreaterThanOrEqual(40);

  // Scripts post the six fields with no check, a made-up one, or one page's check copied to each post.
  const copied = await aCheck();
  const scripts = await Promise.all(
    ROBOT_MESSAGES.flatMap((enquiry) => [
      outcomeOf(enquiry, null),
      outcomeOf({ ...enquiry, email: `2.${enquiry.email}` }, encodeCheck({ trap: "", typedMs: 5_000, proof: null })),
      outcomeOf({ ...enquiry, email: `3.${enquiry.email}` }, copied),
    ]),
  );
  // One of the copies is the page's first use of its proof: it is the browser robot's case below.
  expect(scripts.filter(({ held }) => !held).length).toBeLessThanOrEqual(1);
  // Browser robots fill every field at once, the trap with them, and send at once.
  const robots = await Promise.all(
    ROBOT_MESSAGES.map(async (enquiry) =>
      outcomeOf({ ...enquiry, email: `4.${enquiry.email}` }, await aCheck({ trap: enquiry.name, typedMs: 150 })),
    ),
  );
  expect(robots.filter(({ held }) => !held)).toEqual([]);

  const typed = await Promise.all(
    TYPED_SPAM.map(async (entry) => ({
      entry,
      outcome: await outcomeOf(entry.enquiry, await aCheck({ typedMs: entry.typedMs })),
    })),
  );
  const heldTyped = typed.filter(({ outcome }) => outcome.held).length;
  expect(
    heldTyped,
    `delivered: ${typed
      .filter(({ outcome }) => !outcome.held)
      .map(({ entry }) => `${entry.language} ${entry.note}`)
      .join("; ")}`,
  ).toBeGreaterThanOrEqual(Math.ceil(TYPED_SPAM.length * 0.75));
}, 60_000);
