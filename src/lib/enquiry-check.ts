/**
 * The check an enquiry form sends beside its six fields (contract/src/enquiry-check.ts): what its trap field
 * holds, how long after the visitor began it Send came, and a proof of work the page makes in the background from
 * the visitor's first focus, tap or key, so that Send never waits for it. The proof is ALTCHA's (altcha-lib): the
 * page makes its own challenge and solves it with the browser's Web Crypto, loaded only once someone begins a form.
 */
import { encodeCheck, PROOF_LIFETIME_MS, TRAP_LIMIT, type Proof } from "../../contract/src/enquiry-check";
import { BEGAN_ATTRIBUTE } from "./early-controls";

/** A proof the page made, and when (performance.now()). */
interface MadeProof {
  proof: Omit<Proof, "age">;
  madeAt: number;
}

/** The performance mark of the moment the proof is ready: npm run bench:spam measures it from the first key. */
export const PROOF_MARK = "enquiry-proof-ready";

/** A proof older than this when Send comes is made again: it would be stale by the time it arrives. */
const REMAKE_AFTER_MS = PROOF_LIFETIME_MS - 5 * 60 * 1000;

/** Makes the proof, loading its library the first time; null where the browser cannot (no Web Crypto). */
async function makeProof(): Promise<MadeProof | null> {
  try {
    const proof = await (await import("../../contract/src/make-proof")).makeProof();
    if (!proof) return null;
    // Not every runtime that renders the form marks (jsdom does not): the proof matters, the mark is for the bench.
    if ("mark" in performance) performance.mark(PROOF_MARK);
    return { proof, madeAt: performance.now() };
  } catch (error) {
    console.error(error);
    return null;
  }
}

/** One form's check: `begin` as the visitor begins it (any number of times), then `header` at Send. */
export interface EnquiryCheckMaker {
  begin(): void;
  /**
   * The header's value for this Send, at once when the proof is ready (so that Send posts in the same moment, as
   * it did before there was a check), else once it is. Each proof goes with one Send only.
   */
  header(form: HTMLFormElement, trap: string): string | Promise<string>;
}

export function enquiryCheckMaker(): EnquiryCheckMaker {
  let making: Promise<MadeProof | null> | null = null;
  let ready: MadeProof | null = null;
  const begin = () => (making ??= makeProof().then((made) => (ready = made)));
  const write = (form: HTMLFormElement, trap: string, sentAt: number, made: MadeProof | null) => {
    const began = Number(form.getAttribute(BEGAN_ATTRIBUTE) ?? Number.NaN);
    return encodeCheck({
      trap: trap.slice(0, TRAP_LIMIT),
      typedMs: Number.isFinite(began) ? Math.max(0, Math.round(sentAt - began)) : null,
      proof: made && { ...made.proof, age: Math.max(0, Math.round(performance.now() - made.madeAt)) },
    });
  };
  return {
    begin: () => void begin(),
    header(form, trap) {
      const sentAt = performance.now();
      const made = ready;
      if (made && sentAt - made.madeAt <= REMAKE_AFTER_MS) {
        making = ready = null;
        return write(form, trap, sentAt, made);
      }
      // Too old to go: another is made. Not made yet (Send came moments after the first key): it is waited for.
      if (made) making = ready = null;
      return begin().then((now) => {
        making = ready = null;
        return write(form, trap, sentAt, now);
      });
    },
  };
}
