/**
 * What a Lighthouse report says about a page's first load: the bytes of each kind it fetched before the load
 * event, and its paint timings. Lighthouse CI's own budgets (resource-summary) count every request of the
 * trace, including what a page fetches on purpose after loading (the slideshow's carousel and its other
 * pictures); these figures count only what stood between the visitor and the loaded page. Used by the audit
 * (the budgets of lighthouserc.cjs's firstLoad) and by npm run bench:home.
 */

/** The part of a Lighthouse report (LHR) these figures read. */
export interface LighthouseReport {
  requestedUrl?: string;
  finalUrl?: string;
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } } | undefined>;
}

export interface FirstLoad {
  /** Bytes as sent (compressed) of scripts, and of pictures, requested before the load event. */
  scriptBytes: number;
  imageBytes: number;
  /** Largest contentful paint and total blocking time as Lighthouse rates them (simulated for its preset), ms. */
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function numeric(report: LighthouseReport, audit: string): number {
  const value = report.audits[audit]?.numericValue;
  if (typeof value !== "number") throw new Error(`The Lighthouse report holds no figure for ${audit}.`);
  return value;
}

export function firstLoad(report: LighthouseReport): FirstLoad {
  // Both counted in ms from the navigation's start (the document's request, the first of the list).
  const load = report.audits.metrics?.details?.items?.[0]?.observedLoad;
  if (typeof load !== "number") throw new Error("The Lighthouse report holds no load event time.");
  const before = (type: string) =>
    (report.audits["network-requests"]?.details?.items ?? [])
      .filter((request) => request.resourceType === type && Number(request.networkRequestTime) < load)
      .reduce((sum, request) => sum + Number(request.transferSize ?? 0), 0);
  return {
    scriptBytes: before("Script"),
    imageBytes: before("Image"),
    lcpMs: numeric(report, "largest-contentful-paint"),
    tbtMs: numeric(report, "total-blocking-time"),
    cls: numeric(report, "cumulative-layout-shift"),
  };
}
