#!/usr/bin/env node
/**
 * `npm run mail:operator`: what an operator needs when enquiries are not
 * arriving. It reads the service's own D1 database through wrangler (signed in
 * with `wrangler login` for the deployed one), so the service itself has no
 * administration address anyone could reach.
 *
 *   list            the enquiries not delivered yet and those refused for good
 *   deliver <id>    delivers one of them again: the next sweep queues it
 *   deliver --all   delivers every one of them again, refused ones included
 *   find <e-mail or mobile number>    every enquiry stored from that person, whole (a request for a copy),
 *                                     as text, or JSON or CSV to hand over
 *   hold <e-mail, mobile number or id>     keeps them but delivers none (a request to restrict their use)
 *   release <e-mail, mobile number or id>  lifts a hold: what was waiting is delivered at the next sweep
 *   forget <e-mail or mobile number>  erases them all (a request for erasure or an objection), and says what it
 *                                     cannot reach
 *   report          the monthly figures: a table per month with the change from the month before, or CSV
 *   spam            the enquiries held as possible spam, whole, with why (or JSON); deliver <id> delivers one
 *   digest          sends the digest of held enquiries to the sales address now
 */
import fs from "node:fs";
import path from "node:path";
import { pageLanguage } from "../src/core/enquiry";
import { receivedInDubai, subjectOf, type StoredEnquiry } from "../src/core/message";
import {
  ARRIVAL_DAY,
  dubaiMonth,
  figuresSql,
  monthFigures,
  monthFrom,
  MONTH,
  type CountRow,
  type TimeRow,
} from "../src/core/figures";
import { changeText, monthReport, reportText, type MonthReport } from "../src/core/report";
import { LOCAL_STATE, queryDatabase, type Database } from "./database";
import { runCommand } from "./command";
import { localAddressFile, readWranglerConfig } from "./local-service";
import { DIGEST_PATH } from "../src/core/digest";
import { reasonWords, SPAM_HELD, type SpamReason } from "../src/core/spam";

const usage = `
npm run mail:operator -- list [--remote | --state <folder>]
    Lists the enquiries not delivered yet and those the mail server refused for good, oldest first.
npm run mail:operator -- deliver <enquiry id> [--remote | --state <folder>]
    Delivers that enquiry again: the next sweep (every minute) queues it. For one the mail server refused, mend
    the cause first (see its last error).
    For one held as possible spam (see spam), delivers it as the digest's button does, once.
npm run mail:operator -- deliver --all [--remote | --state <folder>]
    Delivers every enquiry not delivered yet, the refused ones included, at the next sweep, without waiting for
    their pauses: after mending a setting, or the cause of a refusal.
npm run mail:operator -- find <e-mail address | mobile number> [--json | --csv] [--remote | --state <folder>]
    Prints every enquiry stored from that person, with all the service holds about it: what to send a visitor who
    asks for a copy, as text, or with --json or --csv as a file they can take elsewhere. A mobile number finds it
    however it was typed (+971 50..., 050..., 00971 50...). Answer only a request whose sender has shown the
    address or number is theirs (docs/mail-service.md).
npm run mail:operator -- hold <e-mail address | mobile number | enquiry id> [--remote | --state <folder>]
    Keeps that person's enquiries as they are but delivers none, until released: a visitor's request to restrict
    their use while a correction or an objection is settled. Says which were delivered already.
npm run mail:operator -- release <e-mail address | mobile number | enquiry id> [--remote | --state <folder>]
    Lifts the hold: what was waiting is delivered at the next sweep.
npm run mail:operator -- forget <e-mail address | mobile number> [--remote | --state <folder>]
    Erases every enquiry stored from that person, delivered or not: a visitor's request for erasure. It says what
    it cannot reach: their e-mails in the sales inbox, and the database's own backup (Time Travel).
npm run mail:operator -- report [--month YYYY-MM | --from YYYY-MM --to YYYY-MM] [--csv] [--remote | --state <folder>]
    The monthly figures: enquiries received, delivered, refused for good and turned away, by language, page and
    industry, and the time to delivery, each month with the change from the month before. Without a month, the
    month just ended and this one so far. --csv prints them for a spreadsheet.
npm run mail:operator -- spam [--json] [--remote | --state <folder>]
    Lists the enquiries held as possible spam, oldest first: id, when, the six fields and why each was held. Deliver
    one that is a customer's with deliver <id>; the rest are erased when their hold ends (SPAM_RETENTION_DAYS).
npm run mail:operator -- digest [--remote | --state <folder>]
    Sends the digest of every held enquiry to the sales address now, each with its "Not spam: deliver it" link.
    With --remote it asks the deployed service (SERVICE_URL) with the health token in HEALTH_TOKEN.

  --remote          the deployed service's database (needs \`npx wrangler login\` first)
  --state <folder>  a local service's state folder (default: npm start's, ${path.relative(process.cwd(), LOCAL_STATE)})`;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Row {
  id: string;
  received_at: number;
  status: string;
  /** Set while the operator holds it at the visitor's request. */
  held_since: number | null;
  attempts: number;
  last_error: string | null;
  name: string;
  company_name: string;
  /** Set when an attempt's message went (or was about to go) to the mail server: it may have arrived. */
  data_sent_at: number | null;
}

interface StoredRow extends Row {
  page: string | null;
  industry: string;
  phone: string;
  email: string;
  message: string;
  spam_signals: string;
  delivered_at: number | null;
}

/** An address as the operator typed it: one @, no spaces, quotes or control characters. */
// eslint-disable-next-line no-control-regex -- refusing control characters is what it is for
const ADDRESS = /^[^\s@'"\\\x00-\x1f\x7f]+@[^\s@'"\\\x00-\x1f\x7f]+$/;

/** The same address whatever case or spaces the visitor typed it with. */
const sameAddress = (address: string) => `lower(trim(email)) = '${address.trim().toLowerCase().replaceAll("'", "''")}'`;

/** A phone number as the operator typed it: digits with the usual separators, seven digits or more. */
const PHONE = /^\+?[\d\s().-]{7,30}$/;

/**
 * A UAE number in one form whatever way it was written: digits only, the international 00 dropped and a national
 * leading 0 read as +971 (050 555 0187, +971 50 555 0187 and 00971505550187 are one number).
 */
function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00")) return digits.slice(2);
  if (digits.startsWith("0")) return `971${digits.slice(1)}`;
  return digits;
}

/** The same number in SQL: the stored phone brought to phoneDigits' form (the separators the form lets through). */
const samePhone = (phone: string) => {
  const stripped = ["' '", "'-'", "'+'", "'('", "')'", "'.'"].reduce(
    (column, separator) => `replace(${column}, ${separator}, '')`,
    "phone",
  );
  return `(CASE WHEN ${stripped} LIKE '00%' THEN substr(${stripped}, 3)
           WHEN ${stripped} LIKE '0%' THEN '971' || substr(${stripped}, 2)
           ELSE ${stripped} END) = '${phoneDigits(phone)}' AND phone != ''`;
};

/** Who a find or forget is about: the rows' condition, and the person as the output names them. */
function personOf(argument: string): { where: string; who: string } {
  if (ADDRESS.test(argument)) return { where: sameAddress(argument), who: argument };
  if (PHONE.test(argument) && phoneDigits(argument).length >= 7)
    return { where: samePhone(argument), who: `mobile number ${argument}` };
  return fail(
    `"${argument}" is neither an e-mail address (name@example.com) nor a mobile number (+971 50 123 4567).`,
    2,
  );
}

/**
 * How long the database keeps what was erased, restorable by the account (Cloudflare D1's Time Travel: 30 days on
 * the Workers Paid plan, 7 on Free), as the deployment's settings give it (RESTORE_DAYS, from workersPlan).
 */
const restoreDays = () => daysVar("RESTORE_DAYS", 7);

/** A number of days the deployment's settings give (wrangler.jsonc's vars), or `fallback` when unset or unreadable. */
function daysVar(name: string, fallback: number): number {
  const days = Number((readWranglerConfig().vars as Record<string, unknown> | undefined)?.[name]);
  return Number.isInteger(days) && days > 0 ? days : fallback;
}

const STATES: Record<string, string> = {
  pending: "not delivered yet",
  sending: "being delivered",
  delivered: "delivered",
  failed: "REFUSED for good",
};

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

interface Options {
  command?: string;
  database: Database;
  positional: string[];
  months: { from?: string; to?: string };
  csv: boolean;
  /** How find prints a copy: for reading, or as a file to hand over. */
  format: "text" | "json" | "csv";
}

function parseArguments(argv: string[]): Options {
  const [command, ...rest] = argv;
  const months: Options["months"] = {};
  let csv = false;
  let json = false;
  let remote = false;
  let state = LOCAL_STATE;
  const positional: string[] = [];
  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index] ?? "";
    if (argument === "--remote") remote = true;
    else if (argument === "--state") {
      const folder = rest[index + 1];
      if (!folder) fail(`--state needs a folder.\n${usage}`, 2);
      state = path.resolve(folder);
      index += 1;
    } else if (argument === "--month" || argument === "--from" || argument === "--to") {
      const month = rest[index + 1] ?? "";
      if (!MONTH.test(month)) fail(`${argument} needs a month written YYYY-MM, such as 2026-11.\n${usage}`, 2);
      if (argument !== "--to") months.from = month;
      if (argument !== "--from") months.to = month;
      index += 1;
    } else if (argument === "--csv") csv = true;
    else if (argument === "--json") json = true;
    else if (argument === "--all") positional.push(argument);
    else if (argument.startsWith("--")) fail(`Unknown option ${argument}.\n${usage}`, 2);
    else positional.push(argument);
  }
  if (json && (csv || (command !== "find" && command !== "spam")))
    fail(`--json goes with find or spam, without --csv.\n${usage}`, 2);
  return {
    command,
    database: remote ? { remote: true } : { remote: false, state },
    positional,
    months,
    csv,
    format: json ? "json" : csv && command === "find" ? "csv" : "text",
  };
}

async function query<T>(sql: string, database: Database): Promise<T[]> {
  try {
    return await queryDatabase<T>(sql, database);
  } catch (error) {
    return fail((error as Error).message);
  }
}

/**
 * Sends the enquiries `which` selects (a condition on `enquiries`) back to waiting, unless one is being delivered
 * right now, and returns their ids. A refused one leaves its day's "refused for good" count in the same command,
 * so that the report counts it once: delivered when it gets through, refused again if the server refuses it again.
 */
function deliverAgain(which: string, database: Database): Promise<{ id: string }[]> {
  const refused = `status = 'failed' AND held_since IS NULL AND (${which})`;
  // Counted on its arrival day, or in its month's row once the sweep has folded that month's days (monthKey).
  const arrivalMonth = `substr(${ARRIVAL_DAY}, 1, 7) || '-00'`;
  return query<{ id: string }>(
    `UPDATE enquiry_counts
       SET count = count - (SELECT count(*) FROM enquiries WHERE ${refused}
                            AND (${ARRIVAL_DAY} = enquiry_counts.day OR ${arrivalMonth} = enquiry_counts.day))
       WHERE measure = 'failed' AND facet = 'total' AND value = ''
         AND day IN (SELECT ${ARRIVAL_DAY} FROM enquiries WHERE ${refused}
                     UNION SELECT ${arrivalMonth} FROM enquiries WHERE ${refused});
     UPDATE enquiries SET status = 'pending', next_attempt_at = 0
       WHERE (${which}) AND held_since IS NULL
         AND (status IN ('pending', 'failed') OR (status = 'sending' AND next_attempt_at <= ${Date.now()}))
       RETURNING id`,
    database,
  );
}

/** One stored enquiry, everything the service holds about it, as `find` prints it for a request for a copy. */
function printStored(row: StoredRow): void {
  const spam = JSON.parse(row.spam_signals) as string[];
  const delivery =
    row.status === "delivered" && row.delivered_at !== null
      ? `delivered ${receivedInDubai(row.delivered_at)}`
      : row.status !== "failed" && row.data_sent_at !== null
        ? "not confirmed delivered: it may already have arrived"
        : (STATES[row.status] ?? row.status);
  const state = row.held_since === null ? delivery : `${delivery}, HELD since ${receivedInDubai(row.held_since)}`;
  console.log("");
  console.log(`${row.id}  ${state}, ${row.attempts} attempt${row.attempts === 1 ? "" : "s"}`);
  console.log(`  received: ${receivedInDubai(row.received_at)}`);
  console.log(`  sent from: ${row.page ? `${row.page} (${pageLanguage(row.page)} page)` : "(no page given)"}`);
  for (const [label, value] of [
    ["industry", row.industry],
    ["name", row.name],
    ["e-mail", row.email],
    ["mobile number", row.phone],
    ["company name", row.company_name],
  ])
    console.log(`  ${label}: ${value || "(left empty)"}`);
  console.log(`  message:\n${(row.message || "(left empty)").replace(/^/gm, "    ")}`);
  console.log(`  marked as possible spam: ${spam.length > 0 ? spam.join("; ") : "no"}`);
  if (row.last_error) console.log(`  last delivery error: ${row.last_error}`);
}

/** One stored enquiry as a copy handed to its sender: every field the service holds, named plainly. */
function copyOf(row: StoredRow) {
  return {
    id: row.id,
    received: new Date(row.received_at).toISOString(),
    sentFrom: row.page,
    industry: row.industry,
    name: row.name,
    email: row.email,
    mobileNumber: row.phone,
    companyName: row.company_name,
    message: row.message,
    markedAsPossibleSpam: JSON.parse(row.spam_signals) as string[],
    delivery: row.status,
    delivered: row.delivered_at === null ? null : new Date(row.delivered_at).toISOString(),
    attempts: row.attempts,
    lastDeliveryError: row.last_error,
    heldSince: row.held_since === null ? null : new Date(row.held_since).toISOString(),
  };
}

/** The copies as CSV, a header and one row an enquiry (a list's items joined by "; "). */
function copiesCsv(rows: StoredRow[]): string {
  const copies = rows.map(copyOf);
  const fields = Object.keys(copyOf(EMPTY_ROW)) as (keyof ReturnType<typeof copyOf>)[];
  const cell = (value: unknown) =>
    asText(Array.isArray(value) ? value.join("; ") : value === null ? "" : String(value));
  return [fields.join(","), ...copies.map((copy) => fields.map((field) => csvField(cell(copy[field]))).join(","))].join(
    "\n",
  );
}

/** A row with nothing in it: what names the copy's fields when there is no enquiry to copy. */
const EMPTY_ROW: StoredRow = {
  id: "",
  received_at: 0,
  status: "",
  held_since: null,
  attempts: 0,
  last_error: null,
  name: "",
  company_name: "",
  data_sent_at: null,
  page: null,
  industry: "",
  phone: "",
  email: "",
  message: "",
  spam_signals: "[]",
  delivered_at: null,
};

/**
 * A cell a spreadsheet would take for a formula (its first character =, +, -, @, a tab or a carriage return: what
 * a visitor typed can be "=HYPERLINK(…)") kept as text, with a ' before it, which spreadsheets show as typed.
 */
const asText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A CSV field, quoted when it must be (RFC 4180). */
const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The reports as CSV rows: month, section, item, count, change from the month before. */
function reportCsv(reports: { month: string; report: MonthReport }[]): string {
  const lines = [["month", "section", "item", "count", "change"]];
  for (const { month, report } of reports) {
    for (const section of report.sections)
      for (const row of section.rows)
        lines.push([
          month,
          section.heading ?? "Totals",
          asText(row.label),
          String(row.count),
          changeText(row).replace("−", "-"),
        ]);
  }
  return `${lines.map((line) => line.map(csvField).join(",")).join("\n")}\n`;
}

/** The monthly figures from the store's counts, each month with the month before it for the change. */
async function report({ database, months, csv }: Options): Promise<void> {
  const thisMonth = dubaiMonth(Date.now());
  const from = months.from ?? monthFrom(thisMonth, -1);
  const to = months.to ?? (months.from ? from : thisMonth);
  if (from > to) fail(`--from ${from} is after --to ${to}.`, 2);
  const before = monthFrom(from, -1);
  const sql = figuresSql(before, to);
  const counts = await query<CountRow>(sql.counts, database);
  const times = await query<TimeRow>(sql.times, database);
  const figures = monthFigures(before, to, counts, times);
  const reports = figures.slice(1).map((current, index) => ({
    month: current.month,
    report: monthReport(current, figures[index] ?? null, "en", new Map(), daysVar("SPAM_RETENTION_DAYS", 30)),
  }));
  if (csv) process.stdout.write(reportCsv(reports));
  else console.log(reports.map(({ report: shown }) => reportText(shown)).join("\n\n\n"));
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const { command, database, positional } = options;
  if (command === "report" && positional.length === 0) {
    await report(options);
    return;
  }
  if (command === "--help" || command === "-h") {
    console.log(usage.trim());
    return;
  }
  if (command === "list" && positional.length === 0) {
    const rows = await query<Row & { spam_held: number }>(
      `SELECT id, received_at, status, held_since, attempts, last_error, name, company_name, data_sent_at,
              ${SPAM_HELD} AS spam_held
       FROM enquiries WHERE status != 'delivered' OR held_since IS NOT NULL ORDER BY received_at`,
      database,
    );
    if (rows.length === 0) {
      console.log("Every enquiry has been delivered.");
      return;
    }
    for (const row of rows) {
      const state = row.spam_held
        ? "HELD as possible spam (npm run mail:operator -- spam says why)"
        : row.held_since !== null
          ? `HELD since ${receivedInDubai(row.held_since)} at the visitor's request (${STATES[row.status] ?? row.status})`
          : row.status === "failed"
            ? "REFUSED for good"
            : row.data_sent_at !== null
              ? "not confirmed delivered: it may already have arrived (an attempt sent it and got no answer)"
              : row.status === "sending"
                ? "being delivered"
                : "not delivered yet";
      console.log(`${row.id}  ${state}, ${row.attempts} attempt${row.attempts === 1 ? "" : "s"}`);
      console.log(`  received ${receivedInDubai(row.received_at)} from ${row.company_name || row.name || "(no name)"}`);
      if (row.last_error) console.log(`  last error: ${row.last_error}`);
    }
    return;
  }
  if (command === "deliver" && positional.length === 1 && positional[0] === "--all") {
    const rows = await deliverAgain("1 = 1", database);
    console.log(
      rows.length === 0
        ? "No enquiry is waiting: every one has been delivered, or is being delivered right now."
        : `${rows.length} enquir${rows.length === 1 ? "y" : "ies"} will be delivered again: the next sweep queues ${rows.length === 1 ? "it" : "them"}.`,
    );
    return;
  }
  if (command === "deliver" && positional.length === 1) {
    const id = positional[0] ?? "";
    if (!ID.test(id)) fail(`"${id}" is not an enquiry id (the list shows them, e.g. 0f8e2c1a-...).`, 2);
    const now = Date.now();
    const [spam] = await query<{ id: string; newly: number }>(
      `UPDATE enquiries SET release_asked_at = coalesce(release_asked_at, ${now}) WHERE id = '${id}' AND ${SPAM_HELD}
       RETURNING id, release_asked_at = ${now} AS newly`,
      database,
    );
    if (spam) {
      console.log(
        spam.newly
          ? `Enquiry ${id}, held as possible spam, will be delivered: the next sweep (within a minute) lets it go.`
          : `Enquiry ${id} was asked for already: the next sweep delivers it, once.`,
      );
      return;
    }
    const [row] = await deliverAgain(`id = '${id}'`, database);
    if (!row) fail(`No enquiry ${id} is waiting: it was delivered, is being delivered right now, or does not exist.`);
    console.log(`Enquiry ${id} will be delivered again: the next sweep queues it.`);
    return;
  }
  if ((command === "find" || command === "forget") && positional.length === 1) {
    const { where, who } = personOf(positional[0] ?? "");
    if (command === "find") {
      const rows = await query<StoredRow>(
        `SELECT id, received_at, status, held_since, attempts, last_error, page, industry, name, phone, company_name,
                email, message, spam_signals, data_sent_at, delivered_at
         FROM enquiries WHERE ${where} ORDER BY received_at`,
        database,
      );
      if (options.format !== "text") {
        console.log(options.format === "json" ? JSON.stringify(rows.map(copyOf), null, 2) : copiesCsv(rows));
        return;
      }
      if (rows.length === 0) {
        console.log(`No enquiry from ${who} is stored.`);
        return;
      }
      console.log(`${rows.length} enquir${rows.length === 1 ? "y" : "ies"} from ${who} stored:`);
      for (const row of rows) printStored(row);
      return;
    }
    const erased = await query<{
      id: string;
      status: string;
      data_sent_at: number | null;
      received_at: number;
      company_name: string;
      name: string;
      industry: string;
      spam_signals: string;
    }>(
      `DELETE FROM enquiries WHERE ${where}
       RETURNING id, status, data_sent_at, received_at, company_name, name, industry, spam_signals`,
      database,
    );
    if (erased.length === 0) {
      console.log(`No enquiry from ${who} was stored: nothing to erase.`);
      return;
    }
    console.log(
      `Erased ${erased.length} enquir${erased.length === 1 ? "y" : "ies"} from ${who}: ${erased.map((row) => row.id).join(", ")}.`,
    );
    // What the service cannot reach: the e-mails already in the sales inbox, and one on its way now.
    const subject = (row: (typeof erased)[number]) =>
      `"${subjectOf({
        companyName: row.company_name,
        name: row.name,
        industry: row.industry,
        spamSignals: JSON.parse(row.spam_signals) as string[],
      } as StoredEnquiry)}", received ${receivedInDubai(row.received_at)}`;
    const onItsWay = erased.filter((row) => row.status === "sending" && row.data_sent_at !== null);
    const sentEarlier = erased.filter(
      (row) => row.status === "delivered" || (row.status !== "sending" && row.data_sent_at !== null),
    );
    const stopped = erased.filter(
      (row) => row.status === "pending" || (row.status === "sending" && row.data_sent_at === null),
    );
    if (stopped.length > 0)
      console.log(
        `Not delivered: ${stopped.map((row) => row.id).join(", ")}: stopped before its e-mail was sent; none will be.`,
      );
    for (const row of onItsWay)
      console.log(
        `${row.id}: its e-mail is being delivered right now (or has just been): the service can no longer stop it. Delete it from the sales inbox too: ${subject(row)}.`,
      );
    if (sentEarlier.length > 0)
      console.log(
        `Their e-mail${sentEarlier.length === 1 ? " is" : "s are"} in the sales inbox, which the service cannot reach: ask the sales team to delete ${sentEarlier.map(subject).join("; ")}.`,
      );
    console.log(
      `The database's Time Travel can still restore ${erased.length === 1 ? "it" : "them"} for up to ${restoreDays()} days; after that ${erased.length === 1 ? "it is" : "they are"} gone from it too. Do not restore the database to a moment before this erasure.`,
    );
    return;
  }
  if ((command === "hold" || command === "release") && positional.length === 1) {
    const argument = positional[0] ?? "";
    const { where, who } = ID.test(argument)
      ? { where: `id = '${argument}'`, who: `enquiry ${argument}` }
      : personOf(argument);
    if (command === "hold") {
      const now = Date.now();
      const rows = await query<{ id: string; status: string; data_sent_at: number | null; newly: number }>(
        `UPDATE enquiries SET held_since = coalesce(held_since, ${now}) WHERE ${where}
         RETURNING id, status, data_sent_at, held_since = ${now} AS newly`,
        database,
      );
      if (rows.length === 0) fail(`No enquiry from ${who} is stored: nothing to hold.`);
      const held = rows.filter((row) => row.status !== "delivered");
      const delivered = rows.filter((row) => row.status === "delivered");
      if (held.length > 0)
        console.log(
          `Held ${held.length} enquir${held.length === 1 ? "y" : "ies"} from ${who}: ${held.map((row) => row.id).join(", ")}. ${held.length === 1 ? "It is" : "They are"} kept as ${held.length === 1 ? "it is" : "they are"} and not delivered until released (npm run mail:operator -- release).`,
        );
      for (const row of held.filter((one) => one.status === "sending" && one.data_sent_at !== null))
        console.log(
          `${row.id}: its e-mail was being delivered as it was held; it may have arrived in the sales inbox.`,
        );
      if (delivered.length > 0)
        console.log(
          `Already in the sales inbox: ${delivered.map((row) => row.id).join(", ")}. Ask the sales team not to use ${delivered.length === 1 ? "that e-mail" : "those e-mails"} until the request is settled.`,
        );
      return;
    }
    const rows = await query<{ id: string; status: string }>(
      `UPDATE enquiries SET held_since = NULL, next_attempt_at = 0
       WHERE (${where}) AND held_since IS NOT NULL AND NOT ${SPAM_HELD}
       RETURNING id, status`,
      database,
    );
    // A hold of the spam policy's is the staff's to lift (the digest's link, or deliver <id>), never a visitor's.
    const spam = await query<{ id: string }>(`SELECT id FROM enquiries WHERE (${where}) AND ${SPAM_HELD}`, database);
    if (spam.length > 0)
      console.log(
        `Held as possible spam, and left so: ${spam.map((row) => row.id).join(", ")}. Deliver one that is a customer's with npm run mail:operator -- deliver <id>.`,
      );
    if (rows.length === 0) fail(`No enquiry from ${who} is held at a visitor's request: nothing to release.`);
    const waiting = rows.filter((row) => row.status === "pending" || row.status === "sending");
    console.log(
      `Released ${rows.length} enquir${rows.length === 1 ? "y" : "ies"} from ${who}: ${rows.map((row) => row.id).join(", ")}.${waiting.length > 0 ? ` ${waiting.length} waiting will be delivered at the next sweep.` : ""}`,
    );
    return;
  }
  if (command === "spam" && positional.length === 0) {
    await listSpam(database, options.format === "json");
    return;
  }
  if (command === "digest" && positional.length === 0) {
    await digestNow(database);
    return;
  }
  fail(usage.trim(), 2);
}

/** The enquiries held as possible spam, whole, with why: as text, or as JSON. */
async function listSpam(database: Database, json: boolean): Promise<void> {
  const rows = await query<StoredRow & { spam_reasons: string }>(
    `SELECT * FROM enquiries WHERE ${SPAM_HELD} ORDER BY received_at`,
    database,
  );
  const held = rows.map((row) => ({
    id: row.id,
    received: new Date(row.received_at).toISOString(),
    industry: row.industry,
    name: row.name,
    phone: row.phone,
    companyName: row.company_name,
    email: row.email,
    message: row.message,
    reasons: (JSON.parse(row.spam_reasons) as SpamReason[]).map((reason) => ({
      code: reason.code,
      weight: reason.weight,
      words: reasonWords(reason, "en"),
    })),
  }));
  if (json) {
    console.log(JSON.stringify(held, null, 2));
    return;
  }
  if (held.length === 0) {
    console.log("No enquiry is held as possible spam.");
    return;
  }
  console.log(
    `${held.length} enquir${held.length === 1 ? "y is" : "ies are"} held as possible spam, oldest first. Deliver one that is a customer's with npm run mail:operator -- deliver <id>.`,
  );
  for (const [index, one] of held.entries()) {
    console.log("");
    console.log(`${one.id}  received ${receivedInDubai(rows[index]?.received_at ?? 0)}`);
    console.log(`  held because: ${one.reasons.map((reason) => `${reason.words} (${reason.weight})`).join("; ")}`);
    for (const [label, value] of [
      ["industry", one.industry],
      ["name", one.name],
      ["e-mail", one.email],
      ["mobile number", one.phone],
      ["company name", one.companyName],
    ])
      console.log(`  ${label}: ${value || "(left empty)"}`);
    console.log(`  message:\n${(one.message || "(left empty)").replace(/^/gm, "    ")}`);
  }
}

/**
 * Asks the service to send the digest of every held enquiry now (POST /api/v1/digest with the health token): the
 * deployed one at SERVICE_URL with HEALTH_TOKEN from the environment, or the local run of the state folder.
 */
async function digestNow(database: Database): Promise<void> {
  const local = !database.remote;
  const serviceUrl = local
    ? readIfThere(localAddressFile(database.state))
    : String((readWranglerConfig().vars as Record<string, unknown> | undefined)?.SERVICE_URL ?? "");
  const token = local ? readIfThere(path.join(database.state, "health-token")) : (process.env.HEALTH_TOKEN ?? "");
  if (!serviceUrl)
    fail(
      local
        ? `No local mail service has run with ${database.state}: start it (npm start) and run this again.`
        : "SERVICE_URL is not set in mail-service/wrangler.jsonc: set it to the service's address (npm run deploy writes it).",
    );
  if (!token)
    fail(
      "The digest is asked for with the health token: run HEALTH_TOKEN=<the token> npm run mail:operator -- digest --remote.",
    );
  let response: Response;
  try {
    response = await fetch(`${serviceUrl}${DIGEST_PATH}?all=1`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
  } catch (error) {
    return fail(`The mail service at ${serviceUrl} could not be reached: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => ({}))) as { listed?: number; error?: string };
  if (!response.ok) fail(`The mail service answered ${response.status}: ${body.error ?? "no reason given"}`);
  console.log(
    body.listed
      ? `The digest of ${body.listed} held enquir${body.listed === 1 ? "y" : "ies"} went to the sales address.`
      : "No enquiry is held as possible spam: no digest was sent.",
  );
}

const readIfThere = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : "");

runCommand(main);
