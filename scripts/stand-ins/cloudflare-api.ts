/**
 * A stand-in for Cloudflare's API (api.cloudflare.com/client/v4), on
 * 127.0.0.1, for the deploy's rehearsal (`npm run deploy -- --rehearse`) and
 * its tests: wrangler and scripts/deploy-all.ts reach it through
 * CLOUDFLARE_API_BASE_URL. It keeps what a deploy makes (D1
 * databases and the migrations applied to them, queues, Workers with their
 * secrets and domains, Pages projects, their secrets, domains and
 * deployments, the zones' DNS records and redirect rules) and records every
 * call, so a rehearsal can say what the real run will create and a test what
 * a deploy asked for. As on Cloudflare, a Pages
 * custom domain stays pending until a CNAME to the project's pages.dev name
 * exists for it (the API makes none); the live production deployment is the
 * newest unless a test rolls it back. A token other than the one it was given
 * is refused with 403, as Cloudflare refuses a token without the permission.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ApiCall {
  method: string;
  /** The path below /client/v4, with its query. */
  path: string;
}

export interface CloudflareStandIn {
  /** What CLOUDFLARE_API_BASE_URL is set to. */
  baseUrl: string;
  accountId: string;
  token: string;
  /** The environment that points wrangler and the deploy at the stand-in, with its token and account. */
  env: { CLOUDFLARE_API_BASE_URL: string; CLOUDFLARE_API_TOKEN: string; CLOUDFLARE_ACCOUNT_ID: string };
  calls: ApiCall[];
  /**
   * Everything sent to it, as text: each request's body, with the files a Pages upload sends (base64 in JSON)
   * decoded. A test reads in it that no secret left the machine inside an upload.
   */
  received(): string;
  state: {
    /** `location`: the hint it was created with (primary_location_hint), if any. */
    databases: { uuid: string; name: string; location?: string; migrations: string[] }[];
    queues: { queue_id: string; queue_name: string; consumers: { script: string; type: string }[]; producers: [] }[];
    workers: Map<
      string,
      {
        uploads: number;
        versions: { id: string; tag?: string }[];
        secrets: Set<string>;
        schedules: string[];
        domains: string[];
      }
    >;
    pages: Map<
      string,
      {
        secrets: Set<string>;
        deployments: PagesDeployment[];
        files: Set<string>;
        domains: string[];
        /** The production deployment served, when a test has rolled back to it; else the newest. */
        live?: string;
        /** The branch the project publishes as production: main, as the deploy makes it, unless a test changes it. */
        productionBranch?: string;
      }
    >;
    dnsRecords: DnsRecord[];
    /** Each zone's redirect rules (the http_request_dynamic_redirect phase), by zone id. */
    redirectRules: Map<string, Record<string, unknown>[]>;
  };
  close(): Promise<void>;
}

export interface DnsRecord {
  id: string;
  zoneId: string;
  type: string;
  name: string;
  content: string;
  proxied?: boolean;
}

export interface PagesDeployment {
  id: string;
  message: string;
  /** The branch it was deployed for: the production branch (main) makes it production, any other a preview. */
  branch: string;
  commitHash?: string;
}

/** A deployment as Pages' API describes it: its environment, addresses, and the branch and commit it was made from. */
function pagesDeployment(project: string, deployment: PagesDeployment, productionBranch: string) {
  const production = deployment.branch === productionBranch;
  return {
    id: deployment.id,
    url: `https://${deployment.id.slice(0, 8)}.${project}.pages.dev`,
    environment: production ? "production" : "preview",
    aliases: production ? [] : [`https://${branchAlias(deployment.branch)}.${project}.pages.dev`],
    deployment_trigger: {
      type: "ad_hoc",
      metadata: { branch: deployment.branch, commit_hash: deployment.commitHash, commit_message: deployment.message },
    },
    latest_stage: { name: "deploy", status: "success" },
    stages: [],
  };
}

/** A preview's branch as Pages writes it into the preview's address: lowercase letters, digits and hyphens. */
export const branchAlias = (branch: string) =>
  branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 28)
    .replace(/^-+|-+$/g, "");

const ok = (result: unknown, extra: Record<string, unknown> = {}) => ({
  success: true,
  errors: [],
  messages: [],
  result,
  ...extra,
});
/** A field of a multipart/form-data body, as text (wrangler sends the Worker's metadata and Pages' fields so). */
function formField(body: Buffer, name: string): string | undefined {
  const found = new RegExp(`name="${name}"[^\\r\\n]*\\r\\n(?:[^\\r\\n]+\\r\\n)*\\r\\n([\\s\\S]*?)\\r\\n--`).exec(
    body.toString("latin1"),
  );
  return found?.[1];
}

/** Records an upload of a Worker: a new version, tagged as wrangler's --tag said. */
function uploadVersion(found: { uploads: number; versions: { id: string; tag?: string }[] }, body: Buffer) {
  const metadata = JSON.parse(formField(body, "metadata") ?? "{}") as { annotations?: Record<string, string> };
  found.uploads += 1;
  const version = { id: randomUUID(), tag: metadata.annotations?.["workers/tag"] };
  found.versions.push(version);
  return version;
}

const failure = (code: number, message: string) => ({ success: false, errors: [{ code, message }], messages: [] });

export async function startCloudflareStandIn({
  accountId = "0123456789abcdef0123456789abcdef",
  token = "stand-in-token",
  zones = ["bluepeak-it.example"],
}: { accountId?: string; token?: string; zones?: string[] } = {}): Promise<CloudflareStandIn> {
  const calls: ApiCall[] = [];
  const bodies: string[] = [];
  const state: CloudflareStandIn["state"] = {
    databases: [],
    queues: [],
    workers: new Map(),
    pages: new Map(),
    dnsRecords: [],
    redirectRules: new Map(),
  };
  /** A Pages custom domain is active once its CNAME to the project exists, pending until then. */
  const domainStatus = (project: string, name: string) =>
    state.dnsRecords.some(
      (record) => record.type === "CNAME" && record.name === name && record.content === `${project}.pages.dev`,
    )
      ? "active"
      : "pending";
  const worker = (name: string) => {
    let found = state.workers.get(name);
    if (!found) {
      found = { uploads: 0, versions: [], secrets: new Set(), schedules: [], domains: [] };
      state.workers.set(name, found);
    }
    return found;
  };

  const server = http.createServer((request, response) => {
    // One request per connection: a client that keeps an idle connection (Playwright's route.fetch does) could
    // send on it just as the server closes it after its keep-alive timeout, and read ECONNRESET.
    response.setHeader("Connection", "close");
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const route = url.pathname.replace(/^\/client\/v4/, "");
      const method = request.method ?? "GET";
      calls.push({ method, path: `${route}${url.search}` });
      bodies.push(body.toString("utf8"));
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(payload));
      };
      const json = () => (body.length > 0 ? (JSON.parse(body.toString()) as Record<string, unknown>) : {});
      const authorization = request.headers.authorization ?? "";
      // Pages' asset upload authenticates with the upload token it handed out; everything else with the API token.
      const assetUpload = route.startsWith("/pages/assets/");
      if (!assetUpload && authorization !== `Bearer ${token}`) {
        send(403, failure(10000, "Authentication error"));
        return;
      }
      const account = `/accounts/${accountId}`;
      let match: RegExpExecArray | null;

      if (route === "/user/tokens/verify") return send(200, ok({ id: "token", status: "active" }));
      if (route === "/memberships") return send(200, ok([{ account: { id: accountId, name: "Company" } }]));
      if (route === account) return send(200, ok({ id: accountId, name: "Company" }));

      if (route === "/zones") {
        const name = url.searchParams.get("name");
        const found = zones.filter((zone) => zone === name).map((zone) => ({ id: `zone-${zone}`, name: zone }));
        return send(200, ok(found, { result_info: { count: found.length } }));
      }

      if (/^\/zones\/[^/]+\/workers\/routes$/.test(route)) return send(200, ok([]));

      // DNS records and redirect rules of a zone
      if ((match = /^\/zones\/([^/]+)\/dns_records$/.exec(route))) {
        const zoneId = match[1] ?? "";
        if (!zones.some((zone) => `zone-${zone}` === zoneId))
          return send(404, failure(7003, "Could not route to zone"));
        if (method === "POST") {
          const asked = json();
          const record = {
            id: randomUUID().replace(/-/g, ""),
            zoneId,
            type: String(asked.type),
            name: String(asked.name),
            content: String(asked.content),
            proxied: Boolean(asked.proxied),
          };
          state.dnsRecords.push(record);
          return send(200, ok(record));
        }
        const name = url.searchParams.get("name");
        const type = url.searchParams.get("type");
        return send(
          200,
          ok(
            state.dnsRecords.filter(
              (record) =>
                record.zoneId === zoneId && (!name || record.name === name) && (!type || record.type === type),
            ),
          ),
        );
      }
      if ((match = /^\/zones\/([^/]+)\/rulesets\/phases\/http_request_dynamic_redirect\/entrypoint$/.exec(route))) {
        const zoneId = match[1] ?? "";
        if (method === "PUT") state.redirectRules.set(zoneId, (json().rules as Record<string, unknown>[]) ?? []);
        const rules = state.redirectRules.get(zoneId);
        if (!rules) return send(404, failure(10003, "Entry point ruleset not found"));
        return send(200, ok({ id: `ruleset-${zoneId}`, phase: "http_request_dynamic_redirect", rules }));
      }

      // D1
      if (route === `${account}/d1/database` && method === "GET") {
        const name = url.searchParams.get("name");
        const list = state.databases.filter((db) => !name || db.name === name);
        return send(
          200,
          ok(
            list.map(({ uuid, name: n }) => ({ uuid, name: n })),
            { result_info: { count: list.length } },
          ),
        );
      }
      if (route === `${account}/d1/database` && method === "POST") {
        const { name, primary_location_hint: location } = json() as { name?: unknown; primary_location_hint?: unknown };
        if (location !== undefined && !["wnam", "enam", "weur", "eeur", "apac", "oc"].includes(String(location)))
          return send(400, failure(7400, `Invalid location hint: ${String(location)}`));
        const database = {
          uuid: randomUUID(),
          name: String(name),
          location: location === undefined ? undefined : String(location),
          migrations: [],
        };
        state.databases.push(database);
        return send(200, ok({ uuid: database.uuid, name: database.name }));
      }
      if ((match = new RegExp(`^${account}/d1/database/([^/]+)$`).exec(route))) {
        const database = state.databases.find((db) => db.uuid === match?.[1] || db.name === match?.[1]);
        if (!database) return send(404, failure(7404, "The database could not be found"));
        return send(200, ok({ uuid: database.uuid, name: database.name, version: "production", num_tables: 0 }));
      }
      if ((match = new RegExp(`^${account}/d1/database/([^/]+)/(query|raw)$`).exec(route))) {
        const database = state.databases.find((db) => db.uuid === match?.[1]);
        if (!database) return send(404, failure(7404, "The database could not be found"));
        const sql = String(json().sql);
        const applied = [...sql.matchAll(/INSERT INTO d1_migrations \(name\)\s*values\s*\('([^']+)'\)/gi)];
        database.migrations.push(...applied.map((found) => found[1] ?? ""));
        const rows = /SELECT\s+(\*|name)[\s\S]*FROM\s+d1_migrations/i.test(sql)
          ? database.migrations.map((name, index) => ({ id: index + 1, name, applied_at: "2026-11-26 00:00:00" }))
          : [];
        const results =
          match[2] === "raw"
            ? { columns: ["id", "name", "applied_at"], rows: rows.map((row) => Object.values(row)) }
            : rows;
        return send(200, ok([{ results, success: true, meta: { duration: 1, changes: applied.length } }]));
      }

      // Queues
      if (route === `${account}/queues` && method === "GET") {
        const names = url.searchParams.getAll("name");
        const list = state.queues.filter((queue) => names.length === 0 || names.includes(queue.queue_name));
        return send(200, ok(list, { result_info: { page: 1, per_page: 100, total_count: list.length } }));
      }
      if (route === `${account}/queues` && method === "POST") {
        const queue = {
          queue_id: randomUUID().replace(/-/g, ""),
          queue_name: String(json().queue_name),
          consumers: [],
          producers: [] as [],
        };
        state.queues.push(queue);
        return send(200, ok(queue));
      }

      if ((match = new RegExp(`^${account}/queues/([^/]+)/consumers(?:/[^/]+)?$`).exec(route))) {
        const queue = state.queues.find((q) => q.queue_id === match?.[1] || q.queue_name === match?.[1]);
        if (!queue) return send(404, failure(11000, "Queue does not exist"));
        if (method === "POST") {
          const consumer = { script: String(json().script_name ?? json().script), type: "worker", ...json() };
          queue.consumers.push(consumer);
          return send(200, ok(consumer));
        }
        if (method === "PUT") return send(200, ok(json()));
        return send(200, ok(queue.consumers));
      }

      // Workers
      if ((match = new RegExp(`^${account}/workers/services/([^/]+)$`).exec(route))) {
        const found = state.workers.get(match[1] ?? "");
        if (!found || found.uploads === 0)
          return send(404, failure(10007, "This Worker does not exist on your account."));
        return send(
          200,
          ok({ id: match[1], default_environment: { environment: "production", script: { id: match[1] } } }),
        );
      }
      if ((match = new RegExp(`^${account}/workers/scripts/([^/]+)$`).exec(route)) && method === "PUT") {
        const found = worker(match[1] ?? "");
        const version = uploadVersion(found, body);
        return send(
          200,
          ok({ id: match[1], etag: `upload-${found.uploads}`, deployment_id: version.id, startup_time_ms: 5 }),
        );
      }
      if ((match = new RegExp(`^${account}/workers/scripts/([^/]+)/secrets$`).exec(route))) {
        const found = state.workers.get(match[1] ?? "");
        if (!found) return send(404, failure(10007, "This Worker does not exist on your account."));
        if (method === "PUT") {
          found.secrets.add(String(json().name));
          return send(200, ok({ name: json().name, type: "secret_text" }));
        }
        return send(200, ok([...found.secrets].map((name) => ({ name, type: "secret_text" }))));
      }
      if ((match = new RegExp(`^${account}/workers/scripts/([^/]+)/schedules$`).exec(route))) {
        const found = worker(match[1] ?? "");
        if (method === "PUT") found.schedules = (JSON.parse(body.toString()) as { cron: string }[]).map((s) => s.cron);
        return send(200, ok({ schedules: found.schedules.map((cron) => ({ cron })) }));
      }
      if ((match = new RegExp(`^${account}/workers/scripts/([^/]+)/subdomain$`).exec(route))) {
        return send(200, ok({ enabled: false, previews_enabled: false }));
      }
      if ((match = new RegExp(`^${account}/workers/scripts/([^/]+)/(script-)?settings$`).exec(route))) {
        return send(200, ok({ logpush: false, observability: { enabled: true }, tail_consumers: [], tags: [] }));
      }
      if ((match = new RegExp(`^${account}/workers/scripts/([^/]+)/versions$`).exec(route)) && method === "POST") {
        const found = worker(match[1] ?? "");
        const version = uploadVersion(found, body);
        return send(
          200,
          ok({
            id: version.id,
            number: found.uploads,
            metadata: {},
            startup_time_ms: 5,
            resources: { bindings: [], script: { etag: `upload-${found.uploads}` } },
          }),
        );
      }
      if ((match = new RegExp(`^${account}/workers/scripts/([^/]+)/deployments$`).exec(route))) {
        if (method === "POST") return send(200, ok({ id: randomUUID(), ...json() }));
        const latest = state.workers.get(match[1] ?? "")?.versions.at(-1);
        return send(
          200,
          ok({
            deployments: latest
              ? [
                  {
                    id: `deployment-${latest.id}`,
                    source: "wrangler",
                    versions: [{ version_id: latest.id, percentage: 100 }],
                  },
                ]
              : [],
          }),
        );
      }
      if ((match = new RegExp(`^${account}/workers/scripts/([^/]+)/versions/([^/]+)$`).exec(route))) {
        const version = state.workers.get(match[1] ?? "")?.versions.find(({ id }) => id === match?.[2]);
        if (!version) return send(404, failure(10007, "This version does not exist."));
        return send(
          200,
          ok({
            id: version.id,
            number: 1,
            annotations: version.tag ? { "workers/tag": version.tag } : {},
            metadata: { source: "wrangler" },
            resources: { bindings: [], script: { etag: version.id } },
          }),
        );
      }
      if ((match = new RegExp(`^${account}/workers/scripts/([^/]+)/domains/records$`).exec(route))) {
        const found = worker(match[1] ?? "");
        found.domains = (json().origins as { hostname: string }[]).map(({ hostname }) => hostname);
        return send(200, ok(null));
      }
      if (route === `${account}/workers/subdomain`) return send(200, ok({ subdomain: "company" }));

      // Pages
      if (route === `${account}/pages/projects` && method === "POST") {
        const name = String(json().name);
        state.pages.set(name, { secrets: new Set(), deployments: [], files: new Set(), domains: [] });
        return send(200, ok({ name, subdomain: `${name}.pages.dev`, production_branch: json().production_branch }));
      }
      if ((match = new RegExp(`^${account}/pages/projects/([^/]+)$`).exec(route))) {
        const project = state.pages.get(match[1] ?? "");
        if (!project) return send(404, failure(8000007, "Project not found."));
        if (method === "PATCH") {
          const vars = (json() as { deployment_configs?: { production?: { env_vars?: Record<string, unknown> } } })
            .deployment_configs?.production?.env_vars;
          for (const name of Object.keys(vars ?? {})) project.secrets.add(name);
        }
        const envVars = Object.fromEntries([...project.secrets].map((name) => [name, { type: "secret_text" }]));
        const productionBranch = project.productionBranch ?? "main";
        const production = project.deployments.filter(({ branch }) => branch === productionBranch);
        const live = production.find(({ id }) => id === project.live) ?? production.at(-1);
        return send(
          200,
          ok({
            name: match[1],
            subdomain: `${match[1]}.pages.dev`,
            production_branch: productionBranch,
            deployment_configs: { production: { env_vars: envVars }, preview: { env_vars: {} } },
            canonical_deployment: live ? pagesDeployment(match[1] ?? "", live, productionBranch) : null,
          }),
        );
      }
      if ((match = new RegExp(`^${account}/pages/projects/([^/]+)/upload-token$`).exec(route))) {
        // A JWT, which wrangler reads for its expiry; the stand-in reads its project back from it.
        const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
        const claims = { project: match[1], exp: Math.floor(Date.now() / 1000) + 3600 };
        return send(200, ok({ jwt: `${part({ alg: "none" })}.${part(claims)}.stand-in` }));
      }
      if ((match = new RegExp(`^${account}/pages/projects/([^/]+)/domains(?:/([^/]+))?$`).exec(route))) {
        const name = match[1] ?? "";
        const project = state.pages.get(name);
        if (!project) return send(404, failure(8000007, "Project not found."));
        const described = (domain: string) => ({
          name: domain,
          status: domainStatus(name, domain),
          validation_data: { status: domainStatus(name, domain), method: "http" },
        });
        if (match[2]) {
          if (!project.domains.includes(match[2])) return send(404, failure(8000009, "Domain not found."));
          return send(200, ok(described(match[2])));
        }
        if (method === "POST") {
          project.domains.push(String(json().name));
          return send(200, ok(described(String(json().name))));
        }
        return send(200, ok(project.domains.map(described)));
      }
      if ((match = new RegExp(`^${account}/pages/projects/([^/]+)/deployments(?:/([^/]+))?$`).exec(route))) {
        const name = match[1] ?? "";
        const project = state.pages.get(name);
        if (!project) return send(404, failure(8000007, "Project not found."));
        const listed = (deployment: PagesDeployment) =>
          pagesDeployment(name, deployment, project.productionBranch ?? "main");
        if (match[2]) {
          const deployment = project.deployments.find(({ id }) => id === match?.[2]);
          if (!deployment) return send(404, failure(8000009, "Deployment not found."));
          return send(200, ok(listed(deployment)));
        }
        if (method === "GET") {
          const environment = url.searchParams.get("env");
          return send(
            200,
            ok(
              [...project.deployments]
                .reverse()
                .map(listed)
                .filter((deployment) => !environment || deployment.environment === environment),
            ),
          );
        }
        const deployment = {
          id: randomUUID(),
          message: formField(body, "commit_message") ?? "",
          branch: formField(body, "branch") ?? "main",
          commitHash: formField(body, "commit_hash"),
        };
        project.deployments.push(deployment);
        return send(200, ok(listed(deployment)));
      }
      if (assetUpload) {
        // Every file is asked about by its hash; the stand-in keeps the hashes of one project's uploads.
        const claims = authorization.split(".")[1] ?? "";
        const project = state.pages.get(
          String((JSON.parse(Buffer.from(claims, "base64url").toString() || "{}") as { project?: string }).project),
        );
        if (!project) return send(401, failure(8000013, "Invalid upload token"));
        if (route === "/pages/assets/check-missing") {
          const hashes = (json().hashes as string[]) ?? [];
          return send(200, ok(hashes.filter((hash) => !project.files.has(hash))));
        }
        if (route === "/pages/assets/upload") {
          for (const file of JSON.parse(body.toString()) as { key: string; value?: string }[]) {
            project.files.add(file.key);
            bodies.push(Buffer.from(file.value ?? "", "base64").toString("utf8"));
          }
          return send(200, ok(null));
        }
        if (route === "/pages/assets/upsert-hashes") return send(200, ok(null));
      }

      send(404, failure(7003, `The stand-in has no ${method} ${route}`));
      process.stderr.write(`Cloudflare stand-in: no ${method} ${route}${url.search}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/client/v4`;
  return {
    baseUrl,
    accountId,
    token,
    env: { CLOUDFLARE_API_BASE_URL: baseUrl, CLOUDFLARE_API_TOKEN: token, CLOUDFLARE_ACCOUNT_ID: accountId },
    calls,
    received: () => bodies.join("\n"),
    state,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
