/** @jest-environment node */
import { budgets, checkBudgets, exemptions } from "../../scripts/audit/budgets";
import { toMarkdown } from "../../scripts/audit/report";
import type { AuditReport, LighthouseResult, PageBytes } from "../../scripts/audit/report-types";

const lighthouseRun = (
  page: string,
  preset: "mobile" | "desktop",
  overrides: Partial<LighthouseResult> = {},
): LighthouseResult => ({
  page,
  runs: [],
  preset,
  scores: { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 },
  lcpMs: 900,
  tbtMs: 20,
  cls: 0,
  ...overrides,
});

const bytes = (page: string, html: number, firstLoadJs: number, imagesFirstViewMobile: number): PageBytes => ({
  page,
  html,
  inlineCss: 0,
  linkedCss: 0,
  firstLoadJs,
  imagesFirstViewMobile,
});

const passing = (): Pick<AuditReport, "lighthouse" | "axe" | "links" | "bytes"> => ({
  lighthouse: [
    lighthouseRun("home", "mobile"),
    lighthouseRun("home", "desktop"),
    lighthouseRun("404", "mobile", {
      scores: { performance: 100, accessibility: 100, "best-practices": 100, seo: 63 },
    }),
  ],
  axe: [{ page: "home", state: "375px, menu open", violations: [] }],
  links: { internal: 0, external: 0, uniqueInternal: 0, broken: [] },
  bytes: [bytes("home", 12_000, 90_000, 40_000), bytes("about", 9_000, 80_000, 20_000)],
});

test("a report within every budget passes", () => {
  const report = passing();
  report.lighthouse.pop();
  expect(checkBudgets(report)).toEqual([]);
});

test("the 404 page's SEO score and, for now, mobile performance and TBT are reported but not enforced", () => {
  const report = passing();
  report.lighthouse[0] = lighthouseRun("home", "mobile", {
    scores: { performance: 88, accessibility: 100, "best-practices": 100, seo: 100 },
    tbtMs: 180,
  });
  expect(checkBudgets(report)).toEqual([
    "home (mobile): Lighthouse performance is 88, budget 95",
    "home (mobile): TBT is 180 ms, budget under 100 ms",
    "404 (mobile): Lighthouse seo is 63, budget 100",
  ]);
  expect(checkBudgets(report, { exempted: exemptions })).toEqual([]);
});

test("desktop performance stays enforced while mobile performance is not", () => {
  const report = passing();
  report.lighthouse[1] = lighthouseRun("home", "desktop", {
    scores: { performance: 97, accessibility: 100, "best-practices": 100, seo: 100 },
  });
  expect(checkBudgets(report, { exempted: exemptions })).toEqual([
    "home (desktop): Lighthouse performance is 97, budget 99",
  ]);
});

test("each broken budget is named with the page, the figure, its value and its budget", () => {
  const report = passing();
  report.lighthouse[0] = lighthouseRun("home", "mobile", {
    scores: { performance: 93, accessibility: 98, "best-practices": 100, seo: 100 },
    tbtMs: 140,
    cls: 0.02,
  });
  report.axe[0]?.violations.push({ id: "color-contrast", help: "", targets: [] });
  report.links.broken.push({ page: "/about", url: "/servcie", problem: "answers 404" });
  report.bytes[0] = bytes("home", 31_000, 111_000, 251_000);
  report.bytes[1] = bytes("about", 9_000, 96_000, 20_000);

  expect(checkBudgets(report, { exempted: exemptions.filter((entry) => entry.figure === "seo") })).toEqual([
    `home (mobile): Lighthouse accessibility is 98, budget ${budgets.lighthouse.accessibility.mobile}`,
    "home (mobile): Lighthouse performance is 93, budget 95",
    "home (mobile): CLS is 0.02, budget 0",
    "home (mobile): TBT is 140 ms, budget under 100 ms",
    "home (375px, menu open): 1 axe violation(s), budget 0: color-contrast",
    "links: 1 broken, budget 0: /about → /servcie (answers 404)",
    "home: first-load JavaScript is 111.0 KB, budget 110 KB",
    "home: HTML with inlined CSS is 31.0 KB, budget 30 KB",
    "home: images on first view at mobile width are 251.0 KB, budget 250 KB",
    "about: first-load JavaScript is 96.0 KB, budget 95 KB",
  ]);
});

test("the report shows every run's score and how far the machine's speed moved across the runs", () => {
  const run = (performance: number, benchmarkIndex: number) => ({
    scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
    lcpMs: 900,
    tbtMs: 20,
    cls: 0,
    benchmarkIndex,
    failedAudits: [],
  });
  const report: AuditReport = {
    ...passing(),
    lighthouse: [lighthouseRun("home", "mobile", { runs: [run(91, 1500), run(78, 1120), run(96, 2310)] })],
    measuredAt: "2026-11-25T00:00:00.000Z",
    shippedPackages: [],
    exemptions: [],
  };
  const markdown = toMarkdown(report);
  expect(markdown).toContain("(91, 78, 96)");
  expect(markdown).toContain("across the runs: 1120 to 2310");
});
