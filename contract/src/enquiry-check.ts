/**
 * What the site's form sends beside an enquiry's six fields, so that the mail service can tell a person's enquiry
 * from a robot's: a request header holding the trap field's value (left empty by people, filled by robots that
 * fill every field), how long after the visitor began the form Send came, and a proof of work the page made while
 * the visitor typed (ALTCHA's, SHA-256, altcha-lib). The page makes its own challenge, so the form still makes one
 * call only (the specification's); the service checks the work, that the proof is fresh, and that no proof comes
 * twice. The payload itself stays the six fields.
 */

/** The request header, named here once for both sides (and for CORS's preflight). */
export const CHECK_HEADER = "Enquiry-Check";

/** The proof of work: ALTCHA's SHA-256 key derivation until the key starts with this prefix (hex). */
export const PROOF_ALGORITHM = "SHA-256";
export const PROOF_KEY_PREFIX = "00";
export const PROOF_COST = 1;

/** How long a proof may wait between the moment the page made it and Send: past it, it is stale. */
export const PROOF_LIFETIME_MS = 2 * 60 * 60 * 1000;

/** The header's largest size: past it, it is no header the site's page wrote. */
export const CHECK_HEADER_LIMIT = 4096;
/** The trap field's value is sent up to this many characters: a robot's fill, not a person's text. */
export const TRAP_LIMIT = 200;

/** The proof as the page sends it: the challenge it made, and its solution. */
export interface Proof {
  /** The challenge's parameters (ALTCHA v2): nonce and salt in hex, the algorithm, its cost and key prefix. */
  parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyPrefix: string; keyLength?: number };
  /** The counter found, and the key it derives (hex). */
  solution: { counter: number; derivedKey: string };
  /** Milliseconds from the proof's making to Send, by the page's own clock (never the time of day: a phone's may be wrong). */
  age: number;
}

/** The header's content, as JSON (then base64url, so that any text reaches the service whole). */
export interface EnquiryCheck {
  /** What the trap field held: "" from a person. */
  trap: string;
  /** Milliseconds from the visitor's first key or tap in the form to Send; null when the form was sent untouched. */
  typedMs: number | null;
  /** null when the page could not make one (its browser has no Web Crypto, say). */
  proof: Proof | null;
}

/** The header's value for a check: JSON, UTF-8, base64url. */
export function encodeCheck(check: EnquiryCheck): string {
  const bytes = new TextEncoder().encode(JSON.stringify(check));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The check a header holds, or why it holds none (garbled, too long, not the page's shape). */
export function decodeCheck(header: string | null): EnquiryCheck | "missing" | "unreadable" {
  if (header === null || header === "") return "missing";
  if (header.length > CHECK_HEADER_LIMIT || !/^[A-Za-z0-9_-]+$/.test(header)) return "unreadable";
  try {
    const binary = atob(header.replace(/-/g, "+").replace(/_/g, "/"));
    const parsed = JSON.parse(
      new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
        Uint8Array.from(binary, (c) => c.charCodeAt(0)),
      ),
    ) as unknown;
    return isCheck(parsed) ? parsed : "unreadable";
  } catch {
    return "unreadable";
  }
}

function isCheck(value: unknown): value is EnquiryCheck {
  if (!value || typeof value !== "object") return false;
  const check = value as Record<string, unknown>;
  const proof = check.proof as Record<string, unknown> | null | undefined;
  const parameters = proof?.parameters as Record<string, unknown> | undefined;
  const solution = proof?.solution as Record<string, unknown> | undefined;
  return (
    typeof check.trap === "string" &&
    (check.typedMs === null || (typeof check.typedMs === "number" && Number.isFinite(check.typedMs))) &&
    (proof === null ||
      (typeof proof === "object" &&
        typeof proof.age === "number" &&
        Number.isFinite(proof.age) &&
        typeof parameters?.nonce === "string" &&
        typeof parameters.salt === "string" &&
        typeof parameters.algorithm === "string" &&
        typeof parameters.cost === "number" &&
        typeof parameters.keyPrefix === "string" &&
        typeof solution?.counter === "number" &&
        typeof solution.derivedKey === "string"))
  );
}
