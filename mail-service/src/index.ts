/**
 * The mail service as a Cloudflare Worker: the entry point, which hands each
 * request, queue batch and cron run to the module that does the work, and
 * holds no logic of its own. A plain module Worker, not Hono: it answers two
 * paths, and the contract's checks are the core's (core/), written against
 * Request and Response.
 *
 * - fetch: POST /api/v1/mail-sender (intake.ts) stores the enquiry in D1, answers 202 and
 *   queues its delivery (past the whole service's limit a minute, the sweep
 *   queues it instead, at the provider's pace); GET /api/v1/health answers
 *   200 or 503 from the store, and the whole report to the operator's token
 *   (health.ts).
 * - queue (delivery-attempts.ts): delivers each queued enquiry once, at most DELIVERY_RATE_PER_MINUTE
 *   a minute, retrying with growing pauses; the dead-letter queue hands back
 *   what the queue gave up on.
 * - scheduled (cron, every minute; sweep.ts): queues again what no delivery has taken
 *   in time (swept twice a minute: at the cron, and 20 seconds later),
 *   deletes delivered and refused enquiries after the retention period;
 *   on the 1st, REPORT_CRON e-mails the monthly report (monthly-report.ts); each morning, DIGEST_CRON the
 *   digest of enquiries held as possible spam (spam-holds.ts).
 * - fetch, too: GET/POST /api/v1/held/<id> is a held enquiry's review page and its button, POST /api/v1/digest
 *   the operator's digest now (spam-holds.ts).
 */
import { answer, HEALTH_PATH, MAIL_SENDER_PATH } from "./core/http-api";
import { DIGEST_CRON } from "./core/digest";
import { REPORT_CRON } from "./core/report";
import { SettingsError } from "./core/settings";
import { consumeDeliveries, type Delivery } from "./delivery-attempts";
import { health } from "./health";
import { notConfigured, receiveEnquiry } from "./intake";
import { sendMonthlyReport } from "./monthly-report";
import { settingsOf } from "./settings-of";
import { DIGEST_PATH, digestAtCron, digestOnRequest, HELD_PATH, reviewOnRequest } from "./spam-holds";
import { sweepAtCron } from "./sweep";

export default {
  async fetch(request, env, ctx): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === MAIL_SENDER_PATH) {
      const settings = settingsOf(env);
      return settings instanceof SettingsError ? notConfigured() : receiveEnquiry(request, env, ctx, settings);
    }
    if (pathname === HEALTH_PATH) return health(request, env);
    if (pathname.startsWith(HELD_PATH) || pathname === DIGEST_PATH) {
      const settings = settingsOf(env);
      if (settings instanceof SettingsError) return notConfigured();
      return pathname === DIGEST_PATH
        ? digestOnRequest(request, env, settings)
        : reviewOnRequest(request, env, ctx, settings);
    }
    return answer(404, { error: "Not found." });
  },

  async queue(batch, env): Promise<void> {
    const settings = settingsOf(env);
    // Nothing is lost: the messages come back after the pause, and the sweep holds the enquiries anyway.
    if (settings instanceof SettingsError) batch.retryAll({ delaySeconds: 300 });
    else await consumeDeliveries(batch, env, settings);
  },

  async scheduled(controller, env, ctx): Promise<void> {
    const settings = settingsOf(env);
    if (settings instanceof SettingsError) return;
    if (controller.cron === REPORT_CRON) await sendMonthlyReport(env, settings, controller.scheduledTime);
    else if (controller.cron === DIGEST_CRON) await digestAtCron(env, settings, controller.scheduledTime);
    else await sweepAtCron(env, settings, ctx, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env, Delivery>;
