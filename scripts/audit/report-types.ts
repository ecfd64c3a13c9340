/** A page the audit measures: its name in the report, its address, and its built file. */
export interface AuditPage {
  /** "home", "about"..., and "ar-home", "ar-about"... for the Arabic ones. */
  name: string;
  path: string;
  file: string;
  notFound?: boolean;
}

export type Category = "performance" | "accessibility" | "best-practices" | "seo";
export type Preset = "mobile" | "desktop";

export interface LighthouseFigures {
  scores: Record<Category, number>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
}

export interface LighthouseResult extends LighthouseFigures {
  page: string;
  preset: Preset;
  runs: (LighthouseFigures & { benchmarkIndex: number; failedAudits: string[] })[];
}

export interface AxeResult {
  page: string;
  state: string;
  violations: { id: string; impact?: string | null; help: string; targets: string[] }[];
}

export interface LinkReport {
  internal: number;
  external: number;
  uniqueInternal: number;
  broken: { page: string; url: string; problem: string }[];
}

export interface PageBytes {
  page: string;
  html: number;
  inlineCss: number;
  linkedCss: number;
  firstLoadJs: number;
  imagesFirstViewMobile: number;
}

export interface Exemption {
  page: string;
  figure: string;
  reason: string;
}

/** What artifacts/audit/report.json holds. */
export interface AuditReport {
  measuredAt: string;
  lighthouse: LighthouseResult[];
  axe: AxeResult[];
  links: LinkReport;
  bytes: PageBytes[];
  shippedPackages: { name: string; version: string }[];
  exemptions: Exemption[];
}
