/**
 * The site's industries as the service counts enquiries by them: the list the site itself publishes
 * (SITE_INDUSTRIES_URL, its /industries.json), read by the sweep at most every REFRESH_MINUTES and kept in the
 * store, else SITE_INDUSTRIES as the deploy wrote it. An editor who adds an industry publishes the site alone, and
 * the service counts the new industry by its name, not as "other", from a few minutes after it is live.
 */
import { parseIndustries, type Settings } from "./core/settings";
import { log } from "./log";
import { enquiryStore } from "./store";

/** How often the sweep reads the site's list again. */
const REFRESH_MINUTES = 10;
const TIMEOUT_MS = 10_000;
/** A list longer than the site's form could hold is not a list of its industries. */
const MOST_INDUSTRIES = 200;

/** The industries enquiries are counted by now: the site's latest published list, else the deployed setting. */
export async function siteIndustries(env: Env, settings: Settings): Promise<Settings["industries"]> {
  if (!settings.industriesUrl) return settings.industries;
  const kept = await enquiryStore(env.DB).readState("site_industries");
  return (kept && parseIndustries(kept.value)) ?? settings.industries;
}

/**
 * Reads the site's list again when the one kept is older than REFRESH_MINUTES. A site that does not answer, or
 * answers with something that is not a list of industries, leaves the list kept as it was; the operator reads why
 * in the log.
 */
export async function refreshSiteIndustries(env: Env, settings: Settings, now: number): Promise<void> {
  const address = settings.industriesUrl;
  if (!address) return;
  const store = enquiryStore(env.DB);
  const kept = await store.readState("site_industries");
  if (kept && now - kept.since < REFRESH_MINUTES * 60_000) return;
  try {
    // A redirect is not followed: the list is at the address the deploy wrote, or not read.
    const response = await fetch(address, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "manual" });
    if (!response.ok) throw new Error(`${address} answered ${response.status}`);
    const text = await response.text();
    const industries = parseIndustries(text);
    if (!industries || industries.size === 0 || industries.size > MOST_INDUSTRIES) {
      throw new Error(`${address} holds no list of industries, each English name to its Arabic one`);
    }
    const value = JSON.stringify(Object.fromEntries([...industries].map(([en, names]) => [en, names.ar ?? en])));
    await store.setState("site_industries", value, now);
    if (value !== kept?.value) log("info", "industries.updated", { industries: industries.size });
  } catch (error) {
    log("warn", "industries.refresh-failed", {
      reason: String(error),
      todo: "Enquiries are counted by the industries last read from the site (or SITE_INDUSTRIES); it is read again at the next sweep.",
    });
  }
}
