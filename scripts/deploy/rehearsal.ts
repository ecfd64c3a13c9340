/**
 * `npm run deploy -- --rehearse`: the whole deploy, run on this computer before the real one. In a copy of the
 * checkout (so that nothing of the company's own changes), against stand-ins of Cloudflare's and GitHub's APIs
 * (scripts/stand-ins/) that answer as they do and keep what the deploy makes, it runs `npm run deploy` as the
 * company will: a first run, which stops at the secrets; the secrets set with wrangler, as the first run says;
 * a second run, with the content check and the build, which puts everything live. It then serves what was
 * uploaded, each in Cloudflare's own runtime (the site with its functions on Pages' runtime over https, the mail
 * service in workerd), runs the live check against them as the public site and mail service they will be, and
 * prints what the real run will create and what the company must do by hand, numbered, with its own values.
 * Nothing leaves this computer: every address the rehearsal reaches is on 127.0.0.1.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { startLocalInbox } from "mail-service/local-inbox";
import { startLocalMailService } from "mail-service/local-service";
import { wranglerBin, wranglerEnv } from "mail-service/wrangler";
import { checkLive, printChecks } from "../check-live";
import { localCertificate } from "../local-certificate";
import { startPagesDev } from "../pages-dev";
import { copyProject } from "../project-copy";
import { startCloudflareStandIn, type CloudflareStandIn } from "../stand-ins/cloudflare-api";
import { startGitHubApiStandIn } from "../stand-ins/github-api";
import { TOKEN_PERMISSIONS } from "./cloudflare-api";
import { root } from "./run-steps";
import { checkoutProblems } from "./freshness";
import { ENVIRONMENTS, NEEDED_SECRETS } from "./steps/publishing-workflow";
import type { DeployPlan } from "./steps/plan";
import { secretsToSet } from "./steps/secrets";
import { readWorkerConfig, WORKER_CONFIG } from "./worker-config";

/** A run of `npm run deploy` in the copy: its exit code and its whole output (shown as it comes, indented). */
function deployRun(copy: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(copy, "node_modules", ".bin", "tsx"), ["scripts/deploy-all.ts", "--no-check"], {
      cwd: copy,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const show = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk.toString().replace(/^(?=.)/gm, "  │ "));
    };
    child.stdout.on("data", show);
    child.stderr.on("data", show);
    child.once("error", reject);
    child.once("exit", (status) => resolve({ status, output }));
  });
}

/** Sets a secret as the company will, with the command the deploy names, the value typed into wrangler. */
function putSecret(copy: string, command: string, value: string, env: NodeJS.ProcessEnv): Promise<void> {
  const args = command.replace(/^npx wrangler /, "").split(" ");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [wranglerBin, ...args], {
      cwd: copy,
      env: { ...env, ...wranglerEnv },
      stdio: ["pipe", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.stdin.end(value);
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed:\n${errors}`))));
  });
}

/**
 * The zone of the company's Cloudflare account that will hold a host name, as the rehearsal assumes the company
 * has added it: www.example.com and mail.example.com are example.com's; a bare example.com is its own.
 */
function zoneFor(host: string): string {
  const labels = host.split(".");
  return labels.length > 2 ? labels.slice(1).join(".") : host;
}

/**
 * A stand-in for Cloudflare's edge in front of the site's runtime: takes plain requests on 127.0.0.1 (where the
 * live check is sent, by --connect-to) and hands them to Pages' runtime over https with the public host name, so
 * that the site's functions see the addresses they will see live (the sign-in's callback is built from them).
 */
async function startEdge(siteHost: string, upstream: URL, certificate: string): Promise<{ url: string; close(): Promise<void> }> {
  const ca = fs.readFileSync(certificate);
  const server = http.createServer((request, response) => {
    const forwarded = https.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, host: siteHost },
        // The certificate is the runtime's on 127.0.0.1, whatever host name the request carries.
        ca,
        checkServerIdentity: (_, certificate) => tls.checkServerIdentity(upstream.hostname, certificate),
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    forwarded.once("error", (error) => response.writeHead(502).end(error.message));
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What the rehearsed runs made on the Cloudflare stand-in: what the real run will create, one line each. */
function created(api: CloudflareStandIn): string[] {
  const { databases, queues, workers, pages, dnsRecords, redirectRules } = api.state;
  return [
    ...databases.map(
      ({ name, location, migrations }) =>
        `the D1 database "${name}"${location ? ` in ${location}` : ""}, with its ${migrations.length} migrations applied`,
    ),
    ...(queues.length > 0 ? [`the queues ${queues.map(({ queue_name }) => `"${queue_name}"`).join(" and ")}`] : []),
    ...[...workers].map(
      ([name, { domains, schedules, secrets }]) =>
        `the Worker "${name}" (the mail service) on ${domains.join(", ")}, its cron triggers ${schedules.join(", ")}, its secrets: ${[...secrets].join(", ")}`,
    ),
    ...[...pages].map(
      ([name, { domains, secrets }]) =>
        `the Pages project "${name}" (the site and the editor's sign-in) on ${domains.join(", ")}, its secrets: ${[...secrets].join(", ")}`,
    ),
    ...dnsRecords.map(
      ({ type, name, content, proxied }) => `the DNS record ${type} ${name} → ${content}${proxied ? ", proxied" : ""}`,
    ),
    ...[...redirectRules.values()].flat().map(
      (rule) => `the Redirect Rule ${String(rule.description ?? rule.expression)}`,
    ),
  ];
}

/** What the company does by hand for the real run, in order, with its own values. */
function byHand(plan: DeployPlan, zones: string[]): string[] {
  const { settings } = plan;
  const fromDomain = settings.fromAddress.split("@")[1] ?? settings.fromAddress;
  return [
    `Make the company's repository on GitHub, ${settings.editorRepository} (editorRepository; private is fine), point this checkout at it and push: git remote set-url origin https://github.com/${settings.editorRepository}.git (git remote add, where there is no origin), then git push -u origin main. The editors publish to it, and the deploy runs only from a committed clone of it.`,
    `Add ${zones.join(" and ")} to the Cloudflare account (Add a domain) and point the registrar's name servers at Cloudflare: the rehearsal assumed ${zones.length > 1 ? "they are" : "it is"} there.`,
    `Create an API token (My Profile → API Tokens → Create Custom Token) with: ${TOKEN_PERMISSIONS.join("; ")}. Note the account id from the account's home page.`,
    settings.mailTransport === "smtp"
      ? `Have the SMTP ${settings.smtp?.auth === "oauth2" ? "OAuth client secret" : "password"} of ${settings.smtp?.user ?? "the mailbox"} at ${settings.smtp?.host ?? "the mail provider"} at hand for its secret.`
      : `Turn on Email Routing for ${fromDomain} (Email → Email Routing) and verify ${settings.salesAddress} as a destination address. If ${fromDomain}'s mail is with another provider, read docs/deploying.md, "Before the first run", first.`,
    `Make the GitHub OAuth app the editor signs in with (GitHub → Settings → Developer settings → OAuth Apps): homepage ${plan.siteUrl}, authorization callback URL ${plan.siteUrl}/api/callback.`,
    "Run CLOUDFLARE_API_TOKEN=<token> CLOUDFLARE_ACCOUNT_ID=<account id> npm run deploy. As in the rehearsal, the first run stops at the secrets.",
    `Set each secret (wrangler asks for its value):\n${secretsToSet(settings)
      .map(({ name, what, command }) => `       ${command}   (${name}: ${what})`)
      .join("\n")}`,
    `Run the deploy again: it puts the mail service and the site live and ends with the live check. Commit ${WORKER_CONFIG}, which it writes.`,
    `So that editors' changes go live by themselves: in GitHub, ${settings.editorRepository} → Settings → Environments, make ${ENVIRONMENTS.map((name) => `"${name}"`).join(" and ")} (each with deployment branches: main alone), each with the secrets ${NEEDED_SECRETS.join(" and ")}.`,
    'Check what no check can tell from the company\'s own (the address, the phone numbers, the office hours, the claims, the photographs): docs/editing.md, "Before going live".',
  ];
}

/** Rehearses the deploy of the checkout at `root`; resolves with whether it passed. */
export async function rehearse(plan: DeployPlan): Promise<boolean> {
  const { settings } = plan;
  console.log(
    "npm run deploy --rehearse: the whole deploy, in a copy of this checkout, against stand-ins of Cloudflare's and GitHub's APIs on this computer. Nothing is deployed and nothing leaves this computer.",
  );
  const zones = [...new Set([zoneFor(settings.siteHost), zoneFor(settings.mailHost)])];
  // The rehearsal deploys a commit of the checkout as it is; the real run deploys only a committed clone of the
  // company's repository, and says so first.
  const refusals = checkoutProblems(root, settings.editorRepository, [WORKER_CONFIG]);
  if (refusals.length > 0) {
    console.warn(
      `\nWarning: the real run would refuse this checkout as it is now (the rehearsal goes on with a copy of it):\n- ${refusals.join("\n- ")}`,
    );
  }
  const copy = copyProject("deploy-rehearsal", root);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-rehearsal-run-"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Rehearsal", "-c", "user.email=rehearsal@localhost", ...args], {
      cwd: copy,
      encoding: "utf8",
    }).trim();
  git("init", "--quiet", "--initial-branch=main");
  git("remote", "add", "origin", `https://github.com/${settings.editorRepository}.git`);
  git("add", "--all");
  git("commit", "--quiet", "--message", "The checkout, as rehearsed");
  const commit = git("rev-parse", "HEAD");

  const api = await startCloudflareStandIn({ zones });
  const github = await startGitHubApiStandIn({ repository: settings.editorRepository });
  // The editors' branch on GitHub is the checkout, as it is when the company deploys what it has published.
  github.branches.set("main", { sha: commit, date: new Date().toISOString() });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...api.env,
    GITHUB_API_URL: github.url,
    GITHUB_TOKEN: github.token,
    GITHUB_ACTIONS: "",
    NO_COLOR: "1",
  };
  const closers: (() => Promise<unknown>)[] = [() => api.close(), () => github.close()];
  const fail = (why: string) => {
    console.error(`\nThe rehearsal failed: ${why}\nA real run would stop there too. The rehearsed copy is kept at ${copy}`);
    return false;
  };
  try {
    console.log("\nRehearsed run 1: npm run deploy");
    const first = await deployRun(copy, env);
    if (first.status === 0 || !first.output.includes("Missing secrets.")) {
      return fail("the first run did not end at the secrets, as a first run must (its output is above).");
    }

    console.log("\nThe secrets set, as the first run says (values made up for the rehearsal):");
    const values: Record<string, string> = {};
    for (const { name, command } of secretsToSet(settings)) {
      values[name] = name === "GITHUB_CLIENT_ID" ? `Iv1.${randomBytes(8).toString("hex")}` : randomBytes(24).toString("hex");
      await putSecret(copy, command, values[name], env);
      console.log(`  ${command}`);
    }

    console.log("\nRehearsed run 2: npm run deploy");
    const second = await deployRun(copy, env);
    if (second.status !== 0) return fail("the second run failed (its output is above).");

    console.log("\nThe live check, against what was uploaded, served here in Cloudflare's runtimes:");
    const certificate = localCertificate(work);
    const site = await startPagesDev({
      root: path.join(copy, "public"),
      functions: true,
      quiet: true,
      tls: certificate,
      vars: { GITHUB_CLIENT_ID: values.GITHUB_CLIENT_ID ?? "", GITHUB_CLIENT_SECRET: values.GITHUB_CLIENT_SECRET ?? "" },
    });
    closers.push(() => site.close());
    const edge = await startEdge(settings.siteHost, new URL(site.url), certificate.certificate);
    closers.push(() => edge.close());
    // The mail service with the company's values as the deploy wrote them; it delivers to an inbox here.
    const inbox = await startLocalInbox({ folder: path.join(work, "inbox") });
    closers.push(() => inbox.close());
    const written = readWorkerConfig(fs.readFileSync(path.join(copy, WORKER_CONFIG), "utf8"));
    const mail = await startLocalMailService({
      stateDir: path.join(work, "mail-service"),
      vars: { ...written.vars, ...inbox.serviceVars },
    });
    closers.push(() => mail.close());
    const checks = await checkLive(plan.siteUrl, {
      repository: settings.editorRepository,
      mailApi: plan.mailApi,
      headersFile: path.join(copy, "public", "_headers"),
      commit,
      connectTo: new Map([
        [new URL(plan.siteUrl).origin, edge.url],
        [new URL(plan.mailApi).origin, mail.url],
      ]),
    });
    printChecks(checks);
    const failed = checks.filter(({ ok }) => !ok).length;
    if (failed > 0) return fail(`${failed} of ${checks.length} live checks failed.`);

    console.log(`\nRehearsed: all ${checks.length} live checks passed. The real run will create, on Cloudflare:`);
    created(api).forEach((line) => console.log(`  - ${line}`));
    console.log("\nWhat to do by hand, in order:");
    byHand(plan, zones).forEach((line, index) => console.log(`  ${index + 1}. ${line}`));
    fs.rmSync(copy, { recursive: true, force: true });
    return true;
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  }
}
