import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import { PROOF_ALGORITHM, PROOF_COST, PROOF_KEY_PREFIX, type Proof } from "./enquiry-check";

/**
 * Makes and solves the page's proof of work (enquiry-check.ts): an ALTCHA challenge of the page's own, solved with
 * Web Crypto. The site's form loads this module only once a visitor begins it; the tests make their people's
 * checks with it too (example-check.ts). Null when the solver gives up, which it does only past its time limit.
 */
export async function makeProof(): Promise<Omit<Proof, "age"> | null> {
  const challenge = await createChallenge({
    algorithm: PROOF_ALGORITHM,
    cost: PROOF_COST,
    keyPrefix: PROOF_KEY_PREFIX,
    deriveKey,
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) return null;
  const { algorithm, nonce, salt, cost, keyPrefix, keyLength } = challenge.parameters;
  return {
    parameters: { algorithm, nonce, salt, cost, keyPrefix, keyLength },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
}
