#!/usr/bin/env node
/**
 * `npm run deploy`: puts the site, the mail service and the editor's sign-in
 * live on Cloudflare from the values in deploy/cloudflare.jsonc, then checks
 * the result (docs/deploying.md). Every step first looks at what is there and
 * makes only what is missing, so a second run creates nothing and a run that
 * stopped takes up where it stands. `--dry-run` calls no API: it prints the
 * steps and bundles the Worker as wrangler would upload it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { wranglerBin, wranglerEnv } from "../mail-service/scripts/wrangler";
import { checkLive, printChecks } from "./check-live";
import { ApiError, cloudflareApi, TOKEN_PERMISSIONS, type CloudflareApi } from "./deploy/cloudflare-api";
import { fingerprint, pagesMessage, siteFingerprint } from "./deploy/fingerprint";
import { PAGES_SECRETS, readSettings, SETTINGS_FILE, SettingsError, workerSecrets } from "./deploy/settings";
import { queueNames, readWorkerConfig, WORKER_CONFIG, withCompanyValues } from "./deploy/worker-config";

const USAGE = `
npm run deploy: puts the site, the mail service and the editor's sign-in live on Cloudflare, from the company's
values in ${SETTINGS_FILE}, and checks the result (docs/deploying.md).
  CLOUDFLARE_API_TOKEN   an API token with: ${TOKEN_PERMISSIONS.join(", ")}
  CLOUDFLARE_ACCOUNT_ID  the Cloudflare account's id
Options:
  --dry-run   print every step and bundle the Worker, calling no API
  --no-check  end without the live check (npm run check:live -- <site address> runs it later)`;

const root = path.resolve(__dirname, "..");

/** A step that failed: what failed, and what to do. */
class StepFailure extends Error {}

function parseArguments(): { dryRun: boolean; check: boolean } {
  const given = process.argv.slice(2);
  const known = new Set(["--dry-run", "--no-check"]);
  if (given.includes("--help") || given.includes("-h")) {
    console.log(USAGE.trim());
    process.exit(0);
  }
  const unknown = given.filter((argument) => !known.has(argument));
  if (unknown.length > 0) {
    console.error(`Unknown argument: ${unknown.join(" ")}.\n\n${USAGE.trim()}`);
    process.exit(2);
  }
  return { dryRun: given.includes("--dry-run"), check: !given.includes("--no-check") };
}

/** Runs a command of the project's, its output shown as it comes; rejects with the command's last lines. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, { quiet = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const show = (chunk: Buffer) => {
      output += chunk.toString();
      if (!quiet) process.stdout.write(chunk.toString().replace(/^(?=.)/gm, "    "));
    };
    child.stdout.on("data", show);
    child.stderr.on("data", show);
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve(output)
        : reject(
            new StepFailure(
              `${path.basename(args[0] ?? command)} ${args.slice(1, 3).join(" ")} ended with code ${code}${quiet ? `:\n${output.trim()}` : "; its output is above"}.`,
            ),
          ),
    );
  });
}

const wrangler = (args: string[], env: NodeJS.ProcessEnv, options?: { quiet?: boolean }) =>
  run(process.execPath, [wranglerBin, ...args], { ...env, ...wranglerEnv }, options);

/** The Worker as `wrangler deploy` would upload it, written to `outdir` (index.js) without calling any API. */
const bundleWorker = (config: string, outdir: string, env: NodeJS.ProcessEnv, options?: { quiet?: boolean }) =>
  wrangler(["deploy", "--dry-run", `--outdir=${outdir}`, "-c", config], env, options);

async function main() {
  const { dryRun, check } = parseArguments();
  let settings;
  try {
    settings = readSettings(root);
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(`${error.message}\nNothing was deployed. Edit ${SETTINGS_FILE} and run npm run deploy again.`);
      process.exit(1);
    }
    throw error;
  }
  const token = process.env.CLOUDFLARE_API_TOKEN?.trim();
  const accountId = process.env.CLOUDFLARE_ACCOUNT_ID?.trim();
  const unset = [token ? "" : "CLOUDFLARE_API_TOKEN", accountId ? "" : "CLOUDFLARE_ACCOUNT_ID"].filter(Boolean);
  if (!dryRun && unset.length > 0) {
    console.error(
      [
        `${unset.join(" and ")} ${unset.length > 1 ? "are" : "is"} not set. Nothing was deployed.`,
        "Create an API token at https://dash.cloudflare.com/profile/api-tokens with these permissions:",
        ...TOKEN_PERMISSIONS.map((permission) => `  - ${permission}`),
        "then: CLOUDFLARE_API_TOKEN=<token> CLOUDFLARE_ACCOUNT_ID=<account id> npm run deploy",
      ].join("\n"),
    );
    process.exit(1);
  }

  const configFile = path.join(root, WORKER_CONFIG);
  const workerConfig = readWorkerConfig(fs.readFileSync(configFile, "utf8"));
  const database = workerConfig.d1_databases[0]?.database_name ?? "enquiries";
  const queues = queueNames(workerConfig);
  const mailApi = `https://${settings.mailHost}/api/v1`;
  const siteUrl = `https://${settings.siteHost}`;
  const env: NodeJS.ProcessEnv = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };
  const api: CloudflareApi | undefined =
    token && accountId ? cloudflareApi({ token, accountId, baseUrl: process.env.CLOUDFLARE_API_BASE_URL }) : undefined;
  const account = "/accounts/{account}";

  const steps: { title: string; plan: string; run: () => Promise<string> }[] = [
    {
      title: "API token",
      plan: "check that the token is active",
      run: async () => {
        await api!.get(`/user/tokens/verify`);
        await api!.get(account);
        return "active, and the account answers";
      },
    },
    {
      title: `D1 database "${database}"`,
      plan: `find it, or create it, and write its id into ${WORKER_CONFIG} with the company's values`,
      run: async () => {
        const found = await api!.get<{ uuid: string; name: string }[]>(
          `${account}/d1/database?name=${encodeURIComponent(database)}`,
        );
        const existing = found.find(({ name }) => name === database);
        const databaseId =
          existing?.uuid ?? (await api!.post<{ uuid: string }>(`${account}/d1/database`, { name: database })).uuid;
        const before = fs.readFileSync(configFile, "utf8");
        const after = withCompanyValues(before, settings, databaseId);
        if (after !== before) fs.writeFileSync(configFile, after);
        return `${existing ? "found" : "created"} (${databaseId})${after !== before ? `; ${WORKER_CONFIG} updated: commit it` : ""}`;
      },
    },
    {
      title: "Queues",
      plan: `find or create ${queues.join(" and ")}`,
      run: async () => {
        const done: string[] = [];
        for (const queue of queues) {
          const found = await api!.get<{ queue_name: string }[]>(`${account}/queues?name=${encodeURIComponent(queue)}`);
          if (found.some(({ queue_name }) => queue_name === queue)) {
            done.push(`${queue} found`);
          } else {
            await api!.post(`${account}/queues`, { queue_name: queue });
            done.push(`${queue} created`);
          }
        }
        return done.join(", ");
      },
    },
    {
      title: "Database migrations",
      plan: `apply mail-service/migrations/ to "${database}" (wrangler d1 migrations apply --remote)`,
      run: async () => {
        const output = await wrangler(["d1", "migrations", "apply", "DB", "--remote", "-c", WORKER_CONFIG], env);
        return /No migrations to apply/.test(output) ? "none to apply" : "applied";
      },
    },
    {
      title: `Pages project "${settings.pagesProject}"`,
      plan: "find it, or create it with main as its production branch",
      run: async () => {
        if (await api!.find(`${account}/pages/projects/${settings.pagesProject}`)) return "found";
        await api!.post(`${account}/pages/projects`, { name: settings.pagesProject, production_branch: "main" });
        return "created";
      },
    },
    {
      title: "Secrets",
      plan: `check that the Pages project has ${PAGES_SECRETS.map(({ name }) => name).join(" and ")}${
        workerSecrets(settings).length > 0
          ? `, and the mail service ${workerSecrets(settings)
              .map(({ name }) => name)
              .join(", ")}`
          : " (the mail service needs none with send_email)"
      }`,
      run: async () => {
        const worker =
          (await api!.find<{ name: string }[]>(`${account}/workers/scripts/${workerConfig.name}/secrets`)) ?? [];
        const project = await api!.get<{
          deployment_configs?: { production?: { env_vars?: Record<string, unknown> } };
        }>(`${account}/pages/projects/${settings.pagesProject}`);
        const pagesSet = Object.keys(project.deployment_configs?.production?.env_vars ?? {});
        const missing = [
          ...workerSecrets(settings)
            .filter(({ name }) => !worker.some((secret) => secret.name === name))
            .map(({ name, what }) => `${name} (${what}): npx wrangler secret put ${name} -c ${WORKER_CONFIG}`),
          ...PAGES_SECRETS.filter(({ name }) => !pagesSet.includes(name)).map(
            ({ name, what }) =>
              `${name} (${what}): npx wrangler pages secret put ${name} --project-name ${settings.pagesProject}`,
          ),
        ];
        if (missing.length > 0) {
          throw new StepFailure(
            `Missing secrets. Set each (wrangler asks for its value), then run npm run deploy again:\n  ${missing.join("\n  ")}`,
          );
        }
        return "all set";
      },
    },
    {
      title: "Mail service",
      plan: `deploy the Worker "${workerConfig.name}" on https://${settings.mailHost} (wrangler deploy), unless it is live as it is`,
      run: async () => {
        // The Worker as wrangler would upload it, and its settings: the tag of the version that is live, if unchanged.
        const bundle = path.join(root, ".wrangler", "deploy-bundle");
        fs.rmSync(bundle, { recursive: true, force: true });
        await bundleWorker(WORKER_CONFIG, bundle, env, { quiet: true });
        // The code and the settings; not the README wrangler writes beside them, which holds the time.
        const tag = fingerprint([path.join(bundle, "index.js"), configFile]);
        const scripts = `${account}/workers/scripts/${workerConfig.name}`;
        const live = (
          await api!.find<{ deployments: { versions: { version_id: string }[] }[] }>(`${scripts}/deployments`)
        )?.deployments[0]?.versions[0]?.version_id;
        const liveTag =
          live &&
          (await api!.get<{ annotations?: Record<string, string> }>(`${scripts}/versions/${live}`)).annotations?.[
            "workers/tag"
          ];
        if (liveTag === tag) return `unchanged since it was deployed (version tag ${tag}): left as it is`;
        await wrangler(["deploy", "-c", WORKER_CONFIG, `--tag=${tag}`], env);
        return `deployed (version tag ${tag}); its address: ${mailApi}`;
      },
    },
    {
      title: "Site build",
      plan: `build the site for ${siteUrl}, posting to ${mailApi}, its editor saving to ${settings.editorRepository}`,
      run: async () => {
        await run("npx", ["gatsby", "build"], {
          ...env,
          GATSBY_MAIL_API_URL: mailApi,
          CMS_REPO: settings.editorRepository,
          CMS_AUTH_URL: `${siteUrl}/api/auth`,
        });
        return "built";
      },
    },
    {
      title: "Site",
      plan: `deploy public/ and functions/ to the Pages project (wrangler pages deploy), unless they are live as they are`,
      run: async () => {
        const print = siteFingerprint(path.join(root, "public"), path.join(root, "functions"));
        const deployments = await api!.get<{ deployment_trigger?: { metadata?: { commit_message?: string } } }[]>(
          `${account}/pages/projects/${settings.pagesProject}/deployments?env=production`,
        );
        if (deployments[0]?.deployment_trigger?.metadata?.commit_message === pagesMessage(print)) {
          return `unchanged since it was deployed (${print}): left as it is`;
        }
        const output = await wrangler(
          [
            "pages",
            "deploy",
            "public",
            `--project-name=${settings.pagesProject}`,
            "--branch=main",
            `--commit-message=${pagesMessage(print)}`,
            "--commit-dirty=true",
          ],
          env,
        );
        const preview = /Take a peek over at (\S+)/.exec(output)?.[1];
        return `deployed (${print})${preview ? `; this deployment: ${preview}` : ""}`;
      },
    },
    {
      title: `Custom domain ${settings.siteHost}`,
      plan: "add it to the Pages project unless it is there",
      run: async () => {
        const domains = await api!.get<{ name: string; status: string }[]>(
          `${account}/pages/projects/${settings.pagesProject}/domains`,
        );
        const found = domains.find(({ name }) => name === settings.siteHost);
        if (found) return `found (${found.status})`;
        await api!.post(`${account}/pages/projects/${settings.pagesProject}/domains`, { name: settings.siteHost });
        return "added: Cloudflare issues its certificate within minutes";
      },
    },
  ];
  if (check) {
    steps.push({
      title: "Live check",
      plan: `check ${siteUrl} and its mail service (npm run check:live)`,
      run: async () => {
        const checks = await checkLive(siteUrl, { repository: settings.editorRepository });
        printChecks(checks);
        const failed = checks.filter(({ ok }) => !ok).length;
        if (failed > 0) {
          throw new StepFailure(
            `${failed} check(s) failed. A new custom domain can take a few minutes; run npm run check:live -- ${siteUrl} again.`,
          );
        }
        return "every check passed";
      },
    });
  }

  if (dryRun) {
    console.log(`npm run deploy --dry-run: the steps a deploy takes, from ${SETTINGS_FILE}. No API is called.`);
    steps.forEach(({ title, plan }, index) => console.log(`  ${index + 1}. ${title}: ${plan}`));
    const outdir = path.join(root, ".wrangler", "deploy-dry-run");
    // The Worker as the deploy would upload it, with the company's values, from a copy of its configuration.
    const planned = path.join(root, "mail-service", ".deploy-dry-run.wrangler.jsonc");
    fs.writeFileSync(planned, withCompanyValues(fs.readFileSync(configFile, "utf8"), settings));
    try {
      console.log("Bundling the mail service (wrangler deploy --dry-run):");
      await bundleWorker(path.relative(root, planned), outdir, env);
    } finally {
      fs.rmSync(planned, { force: true });
    }
    console.log(`The Worker's bundle is in ${path.relative(root, outdir)}/. Nothing was deployed.`);
    return;
  }

  for (const [index, step] of steps.entries()) {
    const label = `[${index + 1}/${steps.length}] ${step.title}`;
    console.log(`${label}: ${step.plan}…`);
    try {
      console.log(`${label}: ${await step.run()}`);
    } catch (error) {
      const reason =
        error instanceof ApiError && (error.status === 401 || error.status === 403)
          ? `Cloudflare refused the token (${error.message}). It needs these permissions:\n  - ${TOKEN_PERMISSIONS.join("\n  - ")}\nEdit the token at https://dash.cloudflare.com/profile/api-tokens, then run npm run deploy again.`
          : `${(error as Error).message}${error instanceof StepFailure ? "" : "\nRun npm run deploy again: it takes up from where it stands."}`;
      console.error(`${label} failed.\n${reason}`);
      process.exit(1);
    }
  }
  console.log(`\nLive: ${siteUrl}, its mail service ${mailApi}, its editor ${siteUrl}/admin/.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
