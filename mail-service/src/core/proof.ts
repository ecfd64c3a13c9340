/**
 * The page's proof of work, checked (contract/src/enquiry-check.ts): ALTCHA's SHA-256 challenge with the
 * parameters the site's page makes (algorithm, cost and key prefix), its key derived again from its nonce, salt
 * and counter by altcha-lib's own derivation, younger than a visit, and never sent before (the store keeps each
 * proof's nonce until it would be stale anyway).
 */
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import {
  PROOF_ALGORITHM,
  PROOF_COST,
  PROOF_KEY_PREFIX,
  PROOF_LIFETIME_MS,
  type Proof,
} from "enquiry-contract/enquiry-check";

/** What the page's proof came to. */
export type ProofVerdict = "worked" | "missing" | "unreadable" | "not-worked" | "stale" | "sent-before";

const HEX = /^[0-9a-f]+$/;
const KEY_LENGTH = 32;

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const toHex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** Whether the proof is the work the page does: its own parameters, and a key that derives again as it says. */
export async function proofWorks(proof: Proof): Promise<boolean> {
  const { parameters, solution } = proof;
  if (
    parameters.algorithm !== PROOF_ALGORITHM ||
    parameters.cost !== PROOF_COST ||
    parameters.keyPrefix !== PROOF_KEY_PREFIX ||
    (parameters.keyLength ?? KEY_LENGTH) !== KEY_LENGTH ||
    !HEX.test(parameters.nonce) ||
    !HEX.test(parameters.salt) ||
    parameters.nonce.length !== 32 ||
    parameters.salt.length !== 32 ||
    !Number.isInteger(solution.counter) ||
    solution.counter < 0 ||
    solution.counter > 0xffffffff ||
    !solution.derivedKey.startsWith(PROOF_KEY_PREFIX)
  )
    return false;
  // The password is the nonce and the counter as four big-endian bytes, as altcha-lib's solver makes it.
  const nonce = fromHex(parameters.nonce);
  const password = new Uint8Array(nonce.length + 4);
  password.set(nonce);
  new DataView(password.buffer).setUint32(nonce.length, solution.counter, false);
  const { derivedKey } = await deriveKey({ ...parameters, keyLength: KEY_LENGTH }, fromHex(parameters.salt), password);
  return toHex(derivedKey) === solution.derivedKey;
}

/** What the proof comes to; `sentBefore` says whether its nonce has been seen (and records it when not). */
export async function proofVerdict(
  proof: Proof | null,
  sentBefore: (nonce: string, until: number) => Promise<boolean>,
  now: number,
): Promise<ProofVerdict> {
  if (!proof) return "missing";
  if (!(await proofWorks(proof))) return "not-worked";
  if (proof.age < 0 || proof.age > PROOF_LIFETIME_MS) return "stale";
  const madeAt = now - proof.age;
  return (await sentBefore(proof.parameters.nonce, madeAt + PROOF_LIFETIME_MS)) ? "sent-before" : "worked";
}
