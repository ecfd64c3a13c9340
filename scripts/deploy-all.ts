#!/usr/bin/env node
/**
 * `npm run deploy`: puts the site, the mail service and the editor's sign-in
 * live on Cloudflare from the values in deploy/cloudflare.jsonc, then checks
 * the result (docs/deploying.md). Every step first looks at what is there and
 * makes only what is missing, so a second run creates nothing and a run that
 * stopped takes up where it stands. `--dry-run` calls no API: it prints the
 * steps and bundles the Worker as wrangler would upload it.
 */
import fs from "node:fs";
import path from "node:path";
import { checkLive, printChecks } from "./check-live";
import { cloudflareApi, TOKEN_PERMISSIONS, type CloudflareApi } from "./deploy/cloudflare-api";
import { fingerprint } from "./deploy/fingerprint";
import { bareDomainRedirect, domainActive, otherMailProvider, siteRecord } from "./deploy/domains";
import { checkFreshness } from "./deploy/freshness";
import { gitHub, GitHubError } from "./deploy/github";
import {
  PAGES_SECRETS,
  readSettings,
  SETTINGS_FILE,
  SettingsError,
  settingsWarnings,
  workerSecrets,
} from "./deploy/settings";
import { buildSite, checkSiteContent, mailApiAddress, PRODUCTION_BRANCH, siteAddress, uploadSite } from "./deploy/site";
import { root, runSteps, StepFailure, wrangler, type Step } from "./deploy/steps";
import { queueNames, readWorkerConfig, WORKER_CONFIG, withCompanyValues } from "./deploy/worker-config";
import { runCommand } from "./cli";

const USAGE = `
npm run deploy: puts the site, the mail service and the editor's sign-in live on Cloudflare, from the company's
values in ${SETTINGS_FILE}, and checks the result (docs/deploying.md).
  CLOUDFLARE_API_TOKEN   an API token with: ${TOKEN_PERMISSIONS.join(", ")}
  CLOUDFLARE_ACCOUNT_ID  the Cloudflare account's id
  GITHUB_TOKEN           optional: a token that may read the repository's Actions secrets, to check that the
                         publishing workflow has the two above
Options:
  --dry-run   print every step and bundle the Worker, calling no API
  --no-check  end without the live check (npm run check:live -- <site address> runs it later)
  --force     deploy even when this checkout is behind the editor's branch on GitHub or has uncommitted
              changes in data/, and upload the site even when the live one holds the same files`;

function parseArguments(): { dryRun: boolean; check: boolean; force: boolean } {
  const given = process.argv.slice(2);
  const known = new Set(["--dry-run", "--no-check", "--force"]);
  if (given.includes("--help") || given.includes("-h")) {
    console.log(USAGE.trim());
    process.exit(0);
  }
  const unknown = given.filter((argument) => !known.has(argument));
  if (unknown.length > 0) {
    console.error(`Unknown argument: ${unknown.join(" ")}.\n\n${USAGE.trim()}`);
    process.exit(2);
  }
  return {
    dryRun: given.includes("--dry-run"),
    check: !given.includes("--no-check"),
    force: given.includes("--force"),
  };
}

/** The Worker as `wrangler deploy` would upload it, written to `outdir` (index.js) without calling any API. */
const bundleWorker = (config: string, outdir: string, env: NodeJS.ProcessEnv, options?: { quiet?: boolean }) =>
  wrangler(["deploy", "--dry-run", `--outdir=${outdir}`, "-c", config], env, options);

async function main() {
  const { dryRun, check, force } = parseArguments();
  let settings;
  try {
    settings = readSettings(root);
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(`${error.message}\nNothing was deployed. Put each right and run npm run deploy again.`);
      process.exit(1);
    }
    throw error;
  }
  for (const warning of settingsWarnings(root, settings)) console.warn(`Warning: ${warning}`);
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
  const mailApi = mailApiAddress(settings);
  const siteUrl = siteAddress(settings);
  const env: NodeJS.ProcessEnv = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };
  const api: CloudflareApi | undefined =
    token && accountId ? cloudflareApi({ token, accountId, baseUrl: process.env.CLOUDFLARE_API_BASE_URL }) : undefined;
  const account = "/accounts/{account}";

  // The checkout first: a deploy from one that lacks the editors' latest published changes would take them off.
  const editors = gitHub({
    repository: settings.editorRepository,
    token: process.env.GITHUB_TOKEN,
    apiUrl: process.env.GITHUB_API_URL,
  });
  let commit: string | undefined;
  if (!dryRun) {
    const freshness = await checkFreshness({ root, branch: PRODUCTION_BRANCH, github: editors, inActions: false });
    if (freshness.verdict === "superseded") throw new Error("A deploy by hand is never superseded.");
    for (const warning of freshness.warnings) console.warn(`Warning: ${warning}`);
    if (freshness.verdict === "refuse") {
      if (!force) {
        console.error(
          `This checkout is not deployed:\n- ${freshness.problems.join("\n- ")}\nNothing was deployed. To deploy it anyway, run npm run deploy -- --force.`,
        );
        process.exit(1);
      }
      console.warn(`--force: deploying although\n- ${freshness.problems.join("\n- ")}`);
    }
    commit = freshness.commit;
  }

  const steps: Step[] = [
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
      plan: `find it, or create it in ${settings.databaseLocation}, and write its id into ${WORKER_CONFIG} with the company's values`,
      run: async () => {
        const found = await api!.get<{ uuid: string; name: string }[]>(
          `${account}/d1/database?name=${encodeURIComponent(database)}`,
        );
        const existing = found.find(({ name }) => name === database);
        // The location is chosen when the database is created, and kept for its life (docs/deploying.md).
        const databaseId =
          existing?.uuid ??
          (
            await api!.post<{ uuid: string }>(`${account}/d1/database`, {
              name: database,
              primary_location_hint: settings.databaseLocation,
            })
          ).uuid;
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
      title: `Custom domain ${settings.siteHost}`,
      plan: `add it to the Pages project, make its DNS record (CNAME to ${settings.pagesProject}.pages.dev) and wait until it is active`,
      run: async () => {
        const domains = `${account}/pages/projects/${settings.pagesProject}/domains`;
        const listed = await api!.get<{ name: string }[]>(domains);
        const added = !listed.some(({ name }) => name === settings.siteHost);
        if (added) await api!.post(domains, { name: settings.siteHost });
        const record = await siteRecord(api!, settings.siteHost, settings.pagesProject);
        const status = await domainActive(api!, settings.pagesProject, settings.siteHost);
        return `${added ? "added" : "found"}; ${record}; ${status}`;
      },
    },
    ...(settings.siteHost.startsWith("www.")
      ? [
          {
            title: `Bare domain ${settings.siteHost.slice(4)}`,
            plan: `send it on to https://${settings.siteHost} (a Redirect Rule of the zone)`,
            run: () => bareDomainRedirect(api!, settings.siteHost),
          },
        ]
      : []),
    ...(settings.mailTransport === "send_email"
      ? [
          {
            title: "Email Routing",
            plan: `look for another mail provider's MX records where ${settings.fromAddress} sends from`,
            run: async () => {
              const others = await otherMailProvider(api!, settings.fromAddress);
              return others.length === 0
                ? "no other provider's MX records: Email Routing may take the domain's mail"
                : `WARNING: the domain receives its mail at ${others.join(", ")}. Turning Email Routing on replaces those MX records, and the company's mail would go to Cloudflare instead: use "smtp" as mailTransport (the company's own provider), or a subdomain for fromAddress (docs/deploying.md, "Before the first run").`;
            },
          },
        ]
      : []),
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
      title: "Content check",
      plan: "check every file of data/ as the build does",
      run: checkSiteContent,
    },
    {
      title: "Site build",
      plan: `build the site for ${siteUrl}, posting to ${mailApi}, its editor saving to ${settings.editorRepository}`,
      run: () => buildSite(settings, env, commit),
    },
    {
      title: "Site",
      plan: `deploy public/ and functions/ to the Pages project (wrangler pages deploy), unless they are live as they are`,
      run: async () => (await uploadSite(api!, settings, env, { branch: PRODUCTION_BRANCH, commit, force })).summary,
    },
    {
      title: "Publishing workflow",
      plan: `check that ${settings.editorRepository} has the Actions secrets the publishing workflow deploys with`,
      run: () => publishingSecrets(settings.editorRepository),
    },
  ];
  if (check) {
    steps.push({
      title: "Live check",
      plan: `check ${siteUrl} and its mail service (npm run check:live)`,
      run: async () => {
        const checks = await checkLive(siteUrl, { repository: settings.editorRepository, mailApi });
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

  const { failed } = await runSteps(steps, { command: "npm run deploy", permissions: TOKEN_PERMISSIONS });
  if (failed) process.exit(1);
  console.log(`\nLive: ${siteUrl}, its mail service ${mailApi}, its editor ${siteUrl}/admin/.`);
}

/**
 * Whether the repository has the two secrets the publishing workflow (.github/workflows/publish.yml) deploys
 * with. Reading a repository's secrets' names takes a token with administration rights (GITHUB_TOKEN); without
 * one, the step says what to set and where. Either way it does not stop the deploy: the site is live without it.
 */
async function publishingSecrets(repository: string): Promise<string> {
  const needed = ["CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"];
  const howTo = `in GitHub, ${repository} → Settings → Secrets and variables → Actions, set ${needed.join(" and ")} (a token with Account · Cloudflare Pages · Edit is enough: docs/deploying.md), or: gh secret set CLOUDFLARE_API_TOKEN --repo ${repository}`;
  const token = process.env.GITHUB_TOKEN?.trim();
  if (!token) return `not checked (no GITHUB_TOKEN): so that editors' changes go live by themselves, ${howTo}`;
  try {
    const names = await gitHub({ repository, token, apiUrl: process.env.GITHUB_API_URL }).actionsSecrets();
    const missing = needed.filter((name) => !names.includes(name));
    return missing.length === 0
      ? "both secrets are set: each change an editor publishes is checked and deployed"
      : `${missing.join(" and ")} missing, so the editors' changes will not go live by themselves: ${howTo}`;
  } catch (error) {
    const reason = error instanceof GitHubError ? error.message : String(error);
    return `not checked (${reason}): ${howTo}`;
  }
}

runCommand(main);
