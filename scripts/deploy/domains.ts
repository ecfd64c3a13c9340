/**
 * The site's host names on Cloudflare. Cloudflare's API adds a custom domain
 * to a Pages project but, unlike the dashboard, makes no DNS record for it:
 * the domain stays pending until a proxied CNAME to the project's pages.dev
 * name exists. So the deploy finds the zone, makes that record (or finds it),
 * waits until Cloudflare says the domain is active, and sends the bare domain
 * on to the www. host with a Redirect Rule. Each step looks before it acts, so
 * a rerun makes nothing twice; what it cannot do (a zone on another account or
 * another DNS provider, a record of the company's in the way) it says, with
 * the record to make by hand.
 */
import type { CloudflareApi } from "./cloudflare-api";
import { StepFailure } from "./run-steps";

interface Zone {
  id: string;
  name: string;
}

interface DnsRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  proxied?: boolean;
}

/** How long the deploy waits for Cloudflare to activate a new custom domain, and how often it asks. */
const DOMAIN_WAIT_SECONDS = Number(process.env.DEPLOY_DOMAIN_WAIT_SECONDS ?? 300);
const DOMAIN_POLL_SECONDS = 10;

/** The address a bare domain's record points at while a Redirect Rule answers for it (RFC 5737's documentation block). */
const REDIRECT_ONLY_ADDRESS = "192.0.2.1";
/** The Redirect Rule's own name in the zone's rules, by which a rerun finds it. */
const REDIRECT_REF = "site_bare_domain_to_www";

/** The zone of the account that holds a host name (www.example.com → example.com), or undefined. */
export async function zoneOf(api: CloudflareApi, host: string): Promise<Zone | undefined> {
  const labels = host.split(".");
  for (let start = 0; start <= labels.length - 2; start += 1) {
    const name = labels.slice(start).join(".");
    const [zone] = await api.get<Zone[]>(`/zones?name=${encodeURIComponent(name)}`);
    if (zone) return zone;
  }
  return undefined;
}

const records = (api: CloudflareApi, zone: Zone, name: string) =>
  api.get<DnsRecord[]>(`/zones/${zone.id}/dns_records?name=${encodeURIComponent(name)}`);

/**
 * The site's host pointed at the Pages project: a proxied CNAME to <project>.pages.dev, made unless it is there.
 * Returns what was done; throws what to do when it cannot be done here.
 */
export async function siteRecord(api: CloudflareApi, host: string, project: string): Promise<string> {
  const target = `${project}.pages.dev`;
  const byHand = `a CNAME record for ${host} pointing to ${target} (proxied, if the DNS provider offers it)`;
  const zone = await zoneOf(api, host);
  if (!zone) {
    throw new StepFailure(
      `No zone of this Cloudflare account holds ${host}. Make ${byHand} at the domain's DNS provider, then run the deploy again: it waits for the domain once the record exists.`,
    );
  }
  const found = await records(api, zone, host);
  const ours = found.find((record) => record.type === "CNAME" && record.content === target);
  if (ours) return `its record is there (CNAME to ${target})`;
  if (found.length > 0) {
    throw new StepFailure(
      `${host} already has DNS records of its own in ${zone.name} (${found.map(({ type, content }) => `${type} ${content}`).join(", ")}). The site needs ${byHand}: delete those in the dashboard (DNS → Records) once nothing else uses them, then run the deploy again.`,
    );
  }
  await api.post(`/zones/${zone.id}/dns_records`, {
    type: "CNAME",
    name: host,
    content: target,
    proxied: true,
    ttl: 1,
    comment: "The site (Cloudflare Pages), made by npm run deploy",
  });
  return `record made (CNAME to ${target}, proxied)`;
}

/** Waits, saying so, until Cloudflare reports the Pages custom domain active; throws what is pending after the wait. */
export async function domainActive(api: CloudflareApi, project: string, host: string): Promise<string> {
  const address = `/accounts/{account}/pages/projects/${project}/domains/${host}`;
  const started = Date.now();
  for (;;) {
    const domain = await api.get<{ status: string; validation_data?: { status?: string; error_message?: string } }>(
      address,
    );
    if (domain.status === "active") return "active";
    const waited = Math.round((Date.now() - started) / 1000);
    if (waited >= DOMAIN_WAIT_SECONDS) {
      const why = domain.validation_data?.error_message ? ` (${domain.validation_data.error_message})` : "";
      throw new StepFailure(
        `${host} is still ${domain.status} on the Pages project after ${waited} s${why}. Cloudflare validates a new domain once its DNS record is live, usually within minutes: run the deploy again later, or look at Workers & Pages → ${project} → Custom domains.`,
      );
    }
    console.log(`    ${host}: ${domain.status}, waiting for Cloudflare to activate it (${waited} s so far)…`);
    await new Promise((resolve) => setTimeout(resolve, DOMAIN_POLL_SECONDS * 1000));
  }
}

/**
 * The bare domain (example.com) sent on to the www. host, path and query kept, by a Redirect Rule of the zone,
 * with a proxied record for the bare domain so that Cloudflare answers for it. A bare domain with records of its
 * own (another site of the company's) is left as it is, and the step says so.
 */
export async function bareDomainRedirect(api: CloudflareApi, host: string): Promise<string> {
  const bare = host.replace(/^www\./, "");
  const zone = await zoneOf(api, host);
  if (!zone || zone.name !== bare) return `not made: ${bare} is not a zone of this account`;
  const found = (await records(api, zone, bare)).filter((record) => ["A", "AAAA", "CNAME"].includes(record.type));
  const redirectOnly = found.some((record) => record.type === "A" && record.content === REDIRECT_ONLY_ADDRESS);
  if (found.length > 0 && !redirectOnly) {
    return `left as it is: ${bare} has records of its own (${found.map(({ type, content }) => `${type} ${content}`).join(", ")})`;
  }
  const done: string[] = [];
  if (!redirectOnly) {
    await api.post(`/zones/${zone.id}/dns_records`, {
      type: "A",
      name: bare,
      content: REDIRECT_ONLY_ADDRESS,
      proxied: true,
      ttl: 1,
      comment: `Answered by the Redirect Rule to https://${host}, made by npm run deploy`,
    });
    done.push("record made");
  }
  const phase = `/zones/${zone.id}/rulesets/phases/http_request_dynamic_redirect/entrypoint`;
  const existing = (await api.find<{ rules?: Record<string, unknown>[] }>(phase))?.rules ?? [];
  if (!existing.some((rule) => rule.ref === REDIRECT_REF)) {
    const rule = {
      ref: REDIRECT_REF,
      description: `${bare} to https://${host} (npm run deploy)`,
      expression: `(http.host eq "${bare}")`,
      action: "redirect",
      action_parameters: {
        from_value: {
          status_code: 301,
          target_url: { expression: `concat("https://${host}", http.request.uri.path)` },
          preserve_query_string: true,
        },
      },
    };
    // The phase's rules are set as a whole: the company's own are kept, ours added after them.
    await api.put(phase, { rules: [...existing, rule] });
    done.push("Redirect Rule made");
  }
  return done.length > 0 ? `${done.join(", ")}: ${bare} goes to https://${host}` : `${bare} goes to https://${host}`;
}

/**
 * MX records of another mail provider in the mail's zone: Email Routing takes a domain's MX records over, so
 * turning it on there would send the company's own mail to Cloudflare instead.
 */
export async function otherMailProvider(api: CloudflareApi, address: string): Promise<string[]> {
  const domain = address.split("@")[1] ?? "";
  const zone = await zoneOf(api, domain);
  if (!zone) return [];
  const mx = (await api.get<DnsRecord[]>(`/zones/${zone.id}/dns_records?type=MX&name=${encodeURIComponent(domain)}`))
    .map(({ content }) => content)
    .filter((content) => !/\.mx\.cloudflare\.net\.?$/i.test(content));
  return mx;
}
