/**
 * @jest-environment node
 *
 * SMTP as providers ask for it, from the Worker's sockets in workerd: STARTTLS
 * (587) or TLS from the start (465) with the server's certificate checked,
 * then a password or an OAuth 2.0 token the service fetches itself. The mail
 * server is a real one on 127.0.0.1 with a certificate from a test authority
 * that only these runs trust.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { anEnquiry, startTestMail, type TestMail } from "../mail-service/support/test-mail";

jest.setTimeout(90_000);

let certificates: { folder: string; ca: string; key: string; cert: string };

/** A certificate authority and a certificate for 127.0.0.1 signed by it, made with openssl for this run. */
function makeCertificates() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "smtp-certificates-"));
  const file = (name: string) => path.join(folder, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  const curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl(
    "req",
    "-x509",
    ...curve,
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.pem"),
    "-days",
    "2",
    "-subj",
    "/CN=Test mail CA",
  );
  openssl("req", ...curve, "-keyout", file("server.key"), "-out", file("server.csr"), "-subj", "/CN=127.0.0.1");
  fs.writeFileSync(file("server.ext"), "subjectAltName=IP:127.0.0.1\n");
  openssl(
    "x509",
    "-req",
    "-in",
    file("server.csr"),
    "-CA",
    file("ca.pem"),
    "-CAkey",
    file("ca.key"),
    "-CAcreateserial",
    "-out",
    file("server.pem"),
    "-days",
    "2",
    "-extfile",
    file("server.ext"),
  );
  return {
    folder,
    ca: file("ca.pem"),
    key: fs.readFileSync(file("server.key"), "utf8"),
    cert: fs.readFileSync(file("server.pem"), "utf8"),
  };
}

beforeAll(() => {
  certificates = makeCertificates();
});
afterAll(() => fs.rmSync(certificates.folder, { recursive: true, force: true }));

const trustTestAuthority = () => ({ NODE_EXTRA_CA_CERTS: certificates.ca });
const USER = "enquiries@bluepeak-it.example";

/** Starts a service with these settings, sends one enquiry, and hands both to `check`. */
async function withService(options: Parameters<typeof startTestMail>[0], check: (mail: TestMail) => Promise<void>) {
  const mail = await startTestMail(options);
  try {
    expect((await mail.post(anEnquiry())).status).toBe(202);
    await check(mail);
  } finally {
    await mail.close();
  }
}

test("STARTTLS on a submission port, with a password: delivered over TLS, signed in", async () => {
  await withService(
    {
      inbox: { tls: certificates, signIn: (auth) => auth.username === USER && auth.password === "app password" },
      vars: { SMTP_SECURITY: "starttls", SMTP_AUTH: "password", SMTP_USER: USER, SMTP_PASSWORD: "app password" },
      env: trustTestAuthority(),
    },
    async (mail) => {
      await mail.waitForEmails(1);
      expect(mail.inbox.attempts()).toEqual([{ code: 250, secure: true, user: USER }]);
    },
  );
});

test("TLS from the first byte (port 465's way): delivered", async () => {
  await withService(
    {
      inbox: { tls: { ...certificates, implicit: true }, signIn: (auth) => auth.password === "secret" },
      vars: { SMTP_SECURITY: "tls", SMTP_AUTH: "password", SMTP_USER: USER, SMTP_PASSWORD: "secret" },
      env: trustTestAuthority(),
    },
    async (mail) => {
      await mail.waitForEmails(1);
      expect(mail.inbox.attempts()[0]?.secure).toBe(true);
    },
  );
});

test("OAuth 2.0: the service fetches a token by client credentials and signs in with XOAUTH2", async () => {
  const tokenRequests: URLSearchParams[] = [];
  const tokenServer = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      tokenRequests.push(new URLSearchParams(body));
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ access_token: "token-from-the-provider", token_type: "Bearer", expires_in: 3599 }));
    });
  });
  await new Promise<void>((resolve) => tokenServer.listen(0, "127.0.0.1", resolve));
  const tokenUrl = `http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}/tenant/oauth2/v2.0/token`;
  try {
    await withService(
      {
        inbox: {
          tls: certificates,
          signIn: (auth) =>
            auth.method === "XOAUTH2" && auth.username === USER && auth.accessToken === "token-from-the-provider",
        },
        vars: {
          SMTP_SECURITY: "starttls",
          SMTP_AUTH: "oauth2",
          SMTP_USER: USER,
          SMTP_OAUTH_TOKEN_URL: tokenUrl,
          SMTP_OAUTH_CLIENT_ID: "client-id",
          SMTP_OAUTH_CLIENT_SECRET: "client-secret",
        },
        env: trustTestAuthority(),
      },
      async (mail) => {
        await mail.waitForEmails(1);
        expect(mail.inbox.attempts()).toEqual([{ code: 250, secure: true, user: USER }]);
        expect(Object.fromEntries(tokenRequests[0] ?? [])).toEqual({
          grant_type: "client_credentials",
          client_id: "client-id",
          client_secret: "client-secret",
          scope: "https://outlook.office365.com/.default",
        });
      },
    );
  } finally {
    await new Promise((resolve) => tokenServer.close(resolve));
  }
});

test("a refused sign-in is the settings' fault, not the enquiry's: it is kept and retried, never marked failed", async () => {
  await withService(
    {
      inbox: { tls: certificates, signIn: () => false },
      vars: { SMTP_SECURITY: "starttls", SMTP_AUTH: "password", SMTP_USER: USER, SMTP_PASSWORD: "wrong" },
      env: trustTestAuthority(),
    },
    async (mail) => {
      const retry = await mail.waitForEvent("enquiry.retry");
      expect(String(retry.reason)).toMatch(/^EAUTH: 535/);
      await mail.waitForEvent("enquiry.retry", { attempt: 2 });
      expect(mail.service.events().some((event) => event.event === "enquiry.failed")).toBe(false);
      expect(mail.inbox.messages()).toEqual([]);
    },
  );
});

test("a certificate the service cannot trust stops the delivery: nothing is sent unchecked", async () => {
  await withService(
    { inbox: { tls: certificates }, vars: { SMTP_SECURITY: "starttls", SMTP_AUTH: "none" } },
    async (mail) => {
      // workerd reports only "internal error" for a certificate it refuses; what matters is that nothing was sent.
      await mail.waitForEvent("enquiry.retry", { attempt: 2 });
      expect(mail.inbox.attempts()).toEqual([]);
    },
  );
});

test("a server that offers no STARTTLS is not used in plain text when STARTTLS is asked for", async () => {
  await withService({ vars: { SMTP_SECURITY: "starttls", SMTP_AUTH: "none" } }, async (mail) => {
    const retry = await mail.waitForEvent("enquiry.retry");
    expect(String(retry.reason)).toMatch(/^ETLS: /);
    expect(mail.service.events().some((event) => event.event === "enquiry.failed")).toBe(false);
    expect(mail.inbox.attempts()).toEqual([]);
  });
});
