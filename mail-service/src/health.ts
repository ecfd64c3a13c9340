/**
 * GET /api/v1/health: 200 or 503 for anyone (an uptime monitor), and the whole report for the operator's token.
 */
import { answer, limitKey } from "./core/http-api";
import { log } from "./log";
import { settingsOf } from "./settings-of";
import { enquiryStore, type EnquiryStore } from "./store";
import { SettingsError } from "./core/settings";

const MINUTE = 60_000;

/** GET or HEAD only, at most HEALTH_LIMITER's answers a minute to one address. */
export async function health(request: Request, env: Env): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD")
    return answer(405, { error: "Only GET is answered here." }, { Allow: "GET, HEAD" });
  const address = request.headers.get("CF-Connecting-IP") ?? "unknown";
  if (!(await env.HEALTH_LIMITER.limit({ key: limitKey(address) })).success)
    return answer(429, null, { "Retry-After": "60" });
  return healthReport(request, env);
}

/** Whether a request carries the operator's health token, compared in constant time. */
async function carriesToken(request: Request, token: string | null): Promise<boolean> {
  if (!token) return false;
  const given = request.headers.get("Authorization") ?? "";
  const digest = async (text: string) => crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return crypto.subtle.timingSafeEqual(await digest(given), await digest(`Bearer ${token}`));
}

/**
 * 200 when enquiries are being delivered, 503 when the operator must look: the settings are wrong, the store
 * cannot be reached, a setting holds every delivery back, an enquiry has waited past ALERT_AFTER_MINUTES, or the
 * mail server refused an enquiry for good (the staff must answer that visitor another way: the privacy notice
 * promises they are told), until the operator delivers it again or erases it. It reads the store alone and signs
 * in nowhere. Anyone gets the status; the operator's token gets the report.
 */
async function healthReport(request: Request, env: Env): Promise<Response> {
  const settings = settingsOf(env);
  if (settings instanceof SettingsError) return answer(503, null);
  const now = Date.now();
  const problems: string[] = [];
  let report: Awaited<ReturnType<EnquiryStore["report"]>> | undefined;
  try {
    report = await enquiryStore(env.DB).report();
  } catch (error) {
    log("error", "health.store", { reason: String(error) });
    problems.push("The store cannot be reached.");
  }
  const blocked = report?.state.delivery_blocked;
  if (blocked)
    problems.push(`Deliveries are held back since ${new Date(blocked.since).toISOString()}: ${blocked.value}`);
  const oldest = report?.oldestWaitingSince;
  if (oldest !== null && oldest !== undefined && now - oldest > settings.alertAfterMinutes * MINUTE)
    problems.push(`An enquiry has waited ${Math.round((now - oldest) / MINUTE)} minutes to be delivered.`);
  const refused = report?.failed ?? 0;
  if (refused > 0)
    problems.push(
      `${refused} enquir${refused === 1 ? "y was" : "ies were"} refused for good by the mail server: answer ${refused === 1 ? "it" : "them"} another way, then deliver again or forget (npm run mail:operator -- list).`,
    );
  const status = problems.length > 0 ? 503 : 200;
  if (!(await carriesToken(request, settings.healthToken))) return answer(status, null);
  const lastError = report?.state.last_delivery_error;
  return answer(status, {
    status: status === 200 ? "ok" : "attention",
    problems,
    waiting: report?.waiting ?? null,
    oldestWaitingMinutes: oldest ? Math.round((now - oldest) / MINUTE) : null,
    failed: report?.failed ?? null,
    held: report?.held ?? null,
    deliveryBlocked: blocked ? { since: new Date(blocked.since).toISOString(), reason: blocked.value } : null,
    lastDeliveryError: lastError
      ? { at: new Date(lastError.since).toISOString(), ...(JSON.parse(lastError.value) as object) }
      : null,
  });
}
