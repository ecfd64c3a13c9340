import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import {
  encodeCheck,
  PROOF_ALGORITHM,
  PROOF_COST,
  PROOF_KEY_PREFIX,
  type EnquiryCheck,
  type Proof,
} from "./enquiry-check";

/** A proof of work as the site's page makes it (src/lib/enquiry-check.ts), made `age` milliseconds before Send. */
export async function aProof({ age = 1_000 }: { age?: number } = {}): Promise<Proof> {
  const challenge = await createChallenge({
    algorithm: PROOF_ALGORITHM,
    cost: PROOF_COST,
    keyPrefix: PROOF_KEY_PREFIX,
    deriveKey,
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("altcha-lib found no solution to its own challenge.");
  const { algorithm, nonce, salt, cost, keyPrefix, keyLength } = challenge.parameters;
  return {
    parameters: { algorithm, nonce, salt, cost, keyPrefix, keyLength },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
    age,
  };
}

/**
 * The check header a person's Send carries: the trap left empty, typed for a while, a fresh proof. The tests that
 * post straight at the mail service send it as the page would (or change a part, to be held); here, beside
 * anEnquiry, so that both sides' tests use one. Nothing the site or the Worker runs imports it.
 */
export async function aCheck(overrides: Partial<EnquiryCheck> = {}): Promise<string> {
  return encodeCheck({ trap: "", typedMs: 45_000, proof: await aProof(), ...overrides });
}
