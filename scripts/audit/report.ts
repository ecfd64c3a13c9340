import type { AuditReport } from "./report-types";

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number | null) => (value === null ? "–" : `${Math.round(value)}`);

/** The audit as one Markdown table per concern, for the terminal and the closing notes. */
export function toMarkdown(report: AuditReport): string {
  const lines: string[] = [];
  lines.push("### Lighthouse: median of the runs (each run in brackets)", "");
  lines.push("| Page | Preset | Performance | Accessibility | Best practices | SEO | LCP ms | TBT ms | CLS |");
  lines.push("|---|---|---|---|---|---|---|---|---|");
  for (const run of report.lighthouse) {
    const { performance, accessibility, seo } = run.scores;
    lines.push(
      `| ${run.page} | ${run.preset} | ${performance} (${run.runs.map((each) => each.scores.performance).join(", ")}) | ${accessibility} | ${run.scores["best-practices"]} | ${seo} | ${ms(run.lcpMs)} | ${ms(run.tbtMs)} (${run.runs.map((each) => ms(each.tbtMs)).join(", ")}) | ${run.cls?.toFixed(3)} |`,
    );
  }
  const benchmarks = report.lighthouse.flatMap((run) => run.runs.map((each) => each.benchmarkIndex));
  if (benchmarks.length > 0) {
    lines.push(
      "",
      `Lighthouse's CPU benchmark of the machine (higher is faster) across the runs: ${Math.round(Math.min(...benchmarks))} to ${Math.round(Math.max(...benchmarks))}.`,
    );
  }
  lines.push("", "### Bytes (gzip, KB = 1,000 bytes) and accessibility", "");
  lines.push(
    "| Page | HTML incl. inline CSS | inline CSS | linked CSS | first-load JS | images, first view (phone) | axe violations |",
  );
  lines.push("|---|---|---|---|---|---|---|");
  for (const page of report.bytes) {
    const violations = report.axe
      .filter((state) => state.page === page.page)
      .reduce((sum, state) => sum + state.violations.length, 0);
    lines.push(
      `| ${page.page} | ${kb(page.html)} | ${kb(page.inlineCss)} | ${kb(page.linkedCss)} | ${kb(page.firstLoadJs)} | ${kb(page.imagesFirstViewMobile)} | ${violations} |`,
    );
  }
  lines.push(
    "",
    `Links: ${report.links.internal} internal (${report.links.uniqueInternal} distinct, all requested), ${report.links.external} external (not requested), ${report.links.broken.length} broken. ` +
      `axe: ${report.axe.length} page states checked.`,
    "",
    `npm packages in visitors' JavaScript (${report.shippedPackages.length}): ` +
      `${report.shippedPackages.map(({ name, version }) => `${name}@${version}`).join(", ")}.`,
  );
  return `${lines.join("\n")}\n`;
}
