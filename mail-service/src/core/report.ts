/**
 * The monthly report in words: the table the operator's `report` prints, and the e-mail the service sends on the
 * 1st for the month just ended (a plain-text part and an HTML table with bars drawn in its cells), in English and,
 * where REPORT_LANGUAGES says so, Arabic. Built from figures.ts's counts, so it can say nothing about a visitor.
 */
import type { MonthFigures } from "./figures";
import { composeServiceEmail, escapeHtml, type ComposedEmail } from "./message";
import { reasonName, type SpamCode } from "./spam";
import type { ReportLanguage, Settings } from "./settings";

interface Words {
  lang: string;
  dir: "ltr" | "rtl";
  locale: string;
  title: (month: string) => string;
  changeFrom: (month: string) => string;
  received: string;
  spam: string;
  delivered: string;
  failed: string;
  refused: string;
  held: string;
  released: string;
  expired: (days: number) => string;
  heldReasons: string;
  tooMany: string;
  invalid: string;
  deliveryTime: string;
  median: string;
  p95: string;
  nothingDelivered: string;
  byLanguage: string;
  byPage: string;
  byIndustry: string;
  languages: Record<string, string>;
  other: string;
  pageNotGiven: string;
  homePage: string;
  noIndustry: string;
  duration: (seconds: number) => string;
  aboutFigures: string;
  turnOff: string;
}

const ENGLISH: Words = {
  lang: "en",
  dir: "ltr",
  locale: "en-GB",
  title: (month) => `Website enquiries, ${month}`,
  changeFrom: (month) => `change from ${month}`,
  received: "Enquiries received",
  spam: "marked as possible spam",
  delivered: "Delivered to the sales inbox",
  failed: "Refused for good by the mail server",
  refused: "Turned away",
  held: "Held as possible spam",
  released: "delivered after review",
  expired: (days) => `erased unreviewed after ${days} days`,
  heldReasons: "Why enquiries were held",
  tooMany: "too many from one address",
  invalid: "not a valid enquiry",
  deliveryTime: "Time to delivery",
  median: "median",
  p95: "95th percentile",
  nothingDelivered: "nothing delivered",
  byLanguage: "By language",
  byPage: "By page",
  byIndustry: "By industry",
  languages: { en: "English", ar: "Arabic" },
  other: "other",
  pageNotGiven: "not given by the browser",
  homePage: "Home page (/)",
  noIndustry: "none chosen",
  duration: (seconds) =>
    seconds < 60
      ? `${seconds} s`
      : seconds < 3600
        ? `${Math.round(seconds / 60)} min`
        : `${(seconds / 3600).toFixed(1)} h`,
  aboutFigures:
    "These figures are counts kept by the website's mail service: they hold no name, address, phone number or message, and outlive the enquiries themselves.",
  turnOff: "To stop this e-mail, set MONTHLY_REPORT to off in the mail service's settings (docs/mail-service.md).",
};

const ARABIC: Words = {
  lang: "ar",
  dir: "rtl",
  locale: "ar-AE-u-nu-latn",
  title: (month) => `استفسارات الموقع لشهر ${month}`,
  changeFrom: (month) => `التغيّر عن شهر ${month}`,
  received: "الاستفسارات الواردة",
  spam: "منها ما يُشتبه في أنه رسائل مزعجة",
  delivered: "وصلت إلى بريد المبيعات",
  failed: "رفضها خادم البريد نهائيًا",
  refused: "طلبات مردودة",
  held: "محجوزة للاشتباه في أنها مزعجة",
  released: "سُلّمت بعد المراجعة",
  expired: (days) => `حُذفت دون مراجعة بعد ${days} يومًا`,
  heldReasons: "أسباب الحجز",
  tooMany: "طلبات كثيرة من عنوان واحد",
  invalid: "ليست استفسارًا صالحًا",
  deliveryTime: "مدة الوصول",
  median: "الوسيط",
  p95: "المئين الخامس والتسعون",
  nothingDelivered: "لم يصل شيء",
  byLanguage: "حسب اللغة",
  byPage: "حسب الصفحة",
  byIndustry: "حسب القطاع",
  languages: { en: "الإنجليزية", ar: "العربية" },
  other: "أخرى",
  pageNotGiven: "لم يذكرها المتصفح",
  homePage: "الصفحة الرئيسية (/)",
  noIndustry: "لم يُحدَّد",
  duration: (seconds) =>
    seconds < 60
      ? `${seconds} ث`
      : seconds < 3600
        ? `${Math.round(seconds / 60)} د`
        : `${(seconds / 3600).toFixed(1)} س`,
  aboutFigures:
    "هذه الأرقام أعداد تحفظها خدمة البريد في الموقع، ولا تتضمن أي اسم أو عنوان أو رقم هاتف أو رسالة، وتبقى بعد حذف الاستفسارات نفسها.",
  turnOff: "لإيقاف هذه الرسالة، اضبط الإعداد MONTHLY_REPORT على off في إعدادات خدمة البريد (docs/mail-service.md).",
};

const WORDS: Record<ReportLanguage, Words> = { en: ENGLISH, ar: ARABIC };

export interface ReportRow {
  label: string;
  count: number;
  /** The month before's count, for the change; null where no month before is shown. */
  before: number | null;
  /** A row that details the one above it. */
  detail?: boolean;
}

export interface ReportSection {
  heading: string | null;
  rows: ReportRow[];
}

export interface MonthReport {
  words: Words;
  title: string;
  /** "change from October 2026", or null for the first month shown without one before it. */
  change: string | null;
  sections: ReportSection[];
  deliveryTime: string;
}

export function monthName(month: string, words: Words = ENGLISH): string {
  const [year = 0, number = 1] = month.split("-").map(Number);
  return new Intl.DateTimeFormat(words.locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}

/**
 * A month's report: totals, then by language, page and industry (each value either month had, the largest
 * first), and the delivery times. `industryNames` gives each industry's name in the report's language.
 */
export function monthReport(
  current: MonthFigures,
  previous: MonthFigures | null,
  language: ReportLanguage,
  industryNames: ReadonlyMap<string, string>,
  spamRetentionDays: number,
): MonthReport {
  const words = WORDS[language];
  const row = (label: string, count: number, before: number | undefined, detail = false): ReportRow => ({
    label,
    count,
    before: previous ? (before ?? 0) : null,
    ...(detail && { detail }),
  });
  const facet = (heading: string, key: "byLanguage" | "byPage" | "byIndustry", name: (value: string) => string) => {
    const values = new Set([...current[key].keys(), ...(previous?.[key].keys() ?? [])]);
    const rows = [...values]
      .map((value) => row(name(value), current[key].get(value) ?? 0, previous?.[key].get(value)))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, words.locale));
    return { heading, rows };
  };
  const heldReasons = [...new Set([...current.held.byReason.keys(), ...(previous?.held.byReason.keys() ?? [])])]
    .map((code) =>
      row(
        reasonName(code as SpamCode, language),
        current.held.byReason.get(code) ?? 0,
        previous?.held.byReason.get(code),
      ),
    )
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, words.locale));
  const times = current.deliverySeconds;
  const before = previous?.deliverySeconds;
  const timeText = (figures: { median: number; p95: number }) =>
    `${words.median} ${words.duration(figures.median)} · ${words.p95} ${words.duration(figures.p95)}`;
  return {
    words,
    title: words.title(monthName(current.month, words)),
    change: previous ? words.changeFrom(monthName(previous.month, words)) : null,
    sections: [
      {
        heading: null,
        rows: [
          row(words.received, current.received, previous?.received),
          row(words.spam, current.spam, previous?.spam, true),
          row(words.delivered, current.delivered, previous?.delivered),
          row(words.failed, current.failed, previous?.failed),
          row(words.refused, current.refused.total, previous?.refused.total),
          row(words.tooMany, current.refused["too-many"], previous?.refused["too-many"], true),
          row(words.invalid, current.refused.invalid, previous?.refused.invalid, true),
          row(words.held, current.held.total, previous?.held.total),
          row(words.released, current.held.released, previous?.held.released, true),
          row(words.expired(spamRetentionDays), current.held.expired, previous?.held.expired, true),
        ],
      },
      ...(heldReasons.length > 0 ? [{ heading: words.heldReasons, rows: heldReasons }] : []),
      facet(words.byLanguage, "byLanguage", (value) =>
        value === "" ? words.pageNotGiven : (words.languages[value] ?? words.other),
      ),
      facet(words.byPage, "byPage", (value) =>
        value === "" ? words.pageNotGiven : value === "other" ? words.other : value === "/" ? words.homePage : value,
      ),
      facet(words.byIndustry, "byIndustry", (value) =>
        value === "" ? words.noIndustry : value === "other" ? words.other : (industryNames.get(value) ?? value),
      ),
    ],
    deliveryTime: `${words.deliveryTime}: ${times ? timeText(times) : words.nothingDelivered}${
      previous ? ` (${monthName(previous.month, words)}: ${before ? timeText(before) : words.nothingDelivered})` : ""
    }`,
  };
}

/** +4, −2 or ±0 (a true minus sign, as a table of figures writes it). */
export function changeText(row: ReportRow): string {
  if (row.before === null) return "";
  const change = row.count - row.before;
  return change > 0 ? `+${change}` : change < 0 ? `−${-change}` : "±0";
}

/** The report as plain text: the operator's table, and the e-mail's text part. */
export function reportText(report: MonthReport): string {
  const { words } = report;
  const lines = [report.change ? `${report.title} (${report.change})` : report.title, ""];
  const width = Math.max(
    ...report.sections.flatMap((section) => section.rows.map((row) => [...row.label].length + (row.detail ? 4 : 2))),
  );
  for (const section of report.sections) {
    if (section.heading) lines.push("", section.heading);
    for (const row of section.rows) {
      const label = `${row.detail ? "    " : "  "}${row.label}`;
      // Arabic reads right to left, where padding to a column cannot line figures up: each row says its own.
      lines.push(
        words.dir === "rtl"
          ? `${label}: ${row.count}${row.before === null ? "" : ` (\u200e${changeText(row)})`}`
          : `${label.padEnd(width + 2)}${String(row.count).padStart(6)}${changeText(row).padStart(7)}`,
      );
    }
  }
  lines.push("", report.deliveryTime);
  return lines.join("\n");
}

/**
 * One report in HTML, for the e-mail: one table, so that every section's figures stand in the same columns, each
 * by-facet row with a bar drawn in its last cell (mail programs show a coloured block; most drop SVG and CSS).
 */
function reportHtml(report: MonthReport): string {
  const { words } = report;
  const cell = "padding:4px 8px;border-bottom:1px solid #e3e7ee";
  // A change's sign leads it in either direction: "+5" never reads "5+" in Arabic.
  const change = (row: ReportRow) => `<td dir="ltr" style="${cell};text-align:end;color:#555">${changeText(row)}</td>`;
  const rows = report.sections.flatMap((section) => {
    const largest = Math.max(1, ...section.rows.map((row) => row.count));
    return [
      ...(section.heading
        ? [
            `<tr><th colspan="4" scope="colgroup" style="text-align:start;font-size:15px;padding:20px 8px 6px">${escapeHtml(section.heading)}</th></tr>`,
          ]
        : []),
      ...section.rows.map(
        (row) =>
          `<tr><th scope="row" style="${cell};text-align:start;font-weight:${row.detail ? "normal" : "bold"};` +
          `padding-inline-start:${row.detail ? 24 : 8}px">${escapeHtml(row.label)}</th>` +
          `<td style="${cell};text-align:end">${row.count}</td>` +
          (row.before === null ? `<td style="${cell}"></td>` : change(row)) +
          `<td style="${cell}">${
            section.heading
              ? `<div style="background:#1f5fa8;height:12px;width:${Math.round((row.count / largest) * 100)}%"></div>`
              : ""
          }</td></tr>`,
      ),
    ];
  });
  return [
    `<div lang="${words.lang}" dir="${words.dir}" style="margin-bottom:32px">`,
    `<h2 style="font-size:18px;margin:0 0 8px">${escapeHtml(report.title)}</h2>`,
    '<table style="border-collapse:collapse;width:100%;max-width:640px">',
    '<colgroup><col style="width:46%"><col style="width:10%"><col style="width:12%"><col style="width:32%"></colgroup>',
    report.change
      ? `<tr><td></td><td></td><th scope="col" colspan="2" style="${cell};text-align:start;font-size:13px">${escapeHtml(report.change)}</th></tr>`
      : "",
    ...rows,
    "</table>",
    `<p style="margin:16px 0 0">${escapeHtml(report.deliveryTime)}</p>`,
    `<p style="margin:16px 0 0;color:#555;font-size:13px">${escapeHtml(words.aboutFigures)}<br>${escapeHtml(words.turnOff)}</p>`,
    "</div>",
  ].join("\n");
}

/**
 * Every ten minutes on the 1st (UTC, in which Cloudflare's crons run: from 04:00 on the 1st in Dubai, whose month
 * has begun), so that a run that failed is followed by another the same day. It must stand in wrangler.jsonc's
 * triggers, beside the sweep's.
 */
export const REPORT_CRON = "*/10 * 1 * *";

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);

/**
 * The e-mail for a month just ended, to the sales address by the enquiries' own way out. Its Message-ID names the
 * month, so that a copy sent twice (a crash between the server's acceptance and the record of it) shows once.
 */
export async function composeReportEmail(
  current: MonthFigures,
  previous: MonthFigures,
  settings: Pick<
    Settings,
    "salesAddress" | "fromAddress" | "fromName" | "reportLanguages" | "industries" | "spamRetentionDays"
  >,
): Promise<ComposedEmail> {
  const reports = settings.reportLanguages.map((language) =>
    monthReport(
      current,
      previous,
      language,
      new Map([...settings.industries].map(([value, names]) => [value, names[language] ?? value])),
      settings.spamRetentionDays,
    ),
  );
  const [first] = reports;
  const subject = `${first?.title ?? ""}: ${current.received} received`;
  const messageId = `<report-${current.month}@${domainOf(settings.fromAddress)}>`;
  const text = reports
    .map((report) => `${reportText(report)}\n\n${report.words.aboutFigures}\n${report.words.turnOff}\n`)
    .join("\n\n");
  const html = [
    "<!doctype html>",
    '<html lang="en" dir="ltr">',
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">',
    ...reports.map(reportHtml),
    "</body>",
    "</html>",
    "",
  ].join("\n");
  return composeServiceEmail(settings, { subject, messageId, text, html, header: ["X-Enquiry-Report", current.month] });
}
