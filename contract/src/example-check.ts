import { encodeCheck, type EnquiryCheck, type Proof } from "./enquiry-check";
import { makeProof } from "./make-proof";

/** A proof of work as the site's page makes it (src/lib/enquiry-check.ts), made `age` milliseconds before Send. */
export async function aProof({ age = 1_000 }: { age?: number } = {}): Promise<Proof> {
  const proof = await makeProof();
  if (!proof) throw new Error("altcha-lib found no solution to its own challenge.");
  return { ...proof, age };
}

/**
 * The check header a person's Send carries: the trap left empty, typed for a while, a fresh proof. The tests that
 * post straight at the mail service send it as the page would (or change a part, to be held); here, beside
 * anEnquiry, so that both sides' tests use one. Nothing the site or the Worker runs imports it.
 */
export async function aCheck(overrides: Partial<EnquiryCheck> = {}): Promise<string> {
  return encodeCheck({ trap: "", typedMs: 45_000, proof: await aProof(), ...overrides });
}
