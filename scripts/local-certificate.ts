/**
 * A self-signed certificate for 127.0.0.1, made with openssl for one run of a local server that must speak https
 * as the deployment does: nginx for the audit (nginx.ts), Cloudflare Pages' runtime for the deploy's rehearsal.
 * Whoever connects is told to trust it by name: it is never added to the system's store.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

export interface Certificate {
  /** Its PEM file. */
  certificate: string;
  /** Its key's PEM file. */
  key: string;
}

/** Writes the certificate and its key into `folder` (site.pem, site.key), valid for two days. */
export function localCertificate(folder: string): Certificate {
  const made = { certificate: path.join(folder, "site.pem"), key: path.join(folder, "site.key") };
  const request = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1"];
  const names = ["-addext", "subjectAltName=IP:127.0.0.1", "-keyout", made.key, "-out", made.certificate];
  const openssl = spawnSync("openssl", [...request, ...names], { encoding: "utf8" });
  if (openssl.status !== 0) throw new Error(`openssl could not make a certificate:\n${openssl.stderr}`);
  return made;
}
