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
 *   find <e-mail>   every enquiry stored from that address, whole (a visitor's request for a copy)
 *   forget <e-mail> erases them all (a visitor's request for erasure), and says how many
 */
import path from "node:path";
import { receivedInDubai } from "../src/core/message";
import { LOCAL_STATE, queryDatabase, type Database } from "./database";

const usage = `
npm run mail:operator -- list [--remote | --state <folder>]
    Lists the enquiries not delivered yet and those the mail server refused for good, oldest first.
npm run mail:operator -- deliver <enquiry id> [--remote | --state <folder>]
    Delivers that enquiry again: the next sweep (every minute) queues it. For one the mail server refused, mend
    the cause first (see its last error).
npm run mail:operator -- deliver --all [--remote | --state <folder>]
    Delivers every enquiry not delivered yet, the refused ones included, at the next sweep, without waiting for
    their pauses: after mending a setting, or the cause of a refusal.
npm run mail:operator -- find <e-mail address> [--remote | --state <folder>]
    Prints every enquiry stored from that address, with all it holds: what to send a visitor who asks for a copy.
npm run mail:operator -- forget <e-mail address> [--remote | --state <folder>]
    Erases every enquiry stored from that address, delivered or not, and says how many: a visitor's request for
    erasure. Their e-mails in the sales inbox are the sales team's to delete.

  --remote          the deployed service's database (needs \`npx wrangler login\` first)
  --state <folder>  a local service's state folder (default: npm start's, ${path.relative(process.cwd(), LOCAL_STATE)})`;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Row {
  id: string;
  received_at: number;
  status: string;
  attempts: number;
  last_error: string | null;
  name: string;
  company_name: string;
}

interface StoredRow extends Row {
  page: string | null;
  industry: string;
  phone: string;
  email: string;
  message: string;
}

/** An address as the operator typed it: one @, no spaces, quotes or control characters. */
// eslint-disable-next-line no-control-regex -- refusing control characters is what it is for
const ADDRESS = /^[^\s@'"\\\x00-\x1f\x7f]+@[^\s@'"\\\x00-\x1f\x7f]+$/;

/** The same address whatever case or spaces the visitor typed it with. */
const sameAddress = (address: string) => `lower(trim(email)) = '${address.trim().toLowerCase().replaceAll("'", "''")}'`;

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

function parseArguments(argv: string[]): { command?: string; database: Database; positional: string[] } {
  const [command, ...rest] = argv;
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
    } else if (argument === "--all") positional.push(argument);
    else if (argument.startsWith("--")) fail(`Unknown option ${argument}.\n${usage}`, 2);
    else positional.push(argument);
  }
  return { command, database: remote ? { remote: true } : { remote: false, state }, positional };
}

async function query<T>(sql: string, database: Database): Promise<T[]> {
  try {
    return await queryDatabase<T>(sql, database);
  } catch (error) {
    return fail((error as Error).message);
  }
}

async function main() {
  const { command, database, positional } = parseArguments(process.argv.slice(2));
  if (command === "--help" || command === "-h") {
    console.log(usage.trim());
    return;
  }
  if (command === "list" && positional.length === 0) {
    const rows = await query<Row>(
      `SELECT id, received_at, status, attempts, last_error, name, company_name FROM enquiries
       WHERE status != 'delivered' ORDER BY received_at`,
      database,
    );
    if (rows.length === 0) {
      console.log("Every enquiry has been delivered.");
      return;
    }
    for (const row of rows) {
      const state = row.status === "failed" ? "REFUSED for good" : "not delivered yet";
      console.log(`${row.id}  ${state}, ${row.attempts} attempt${row.attempts === 1 ? "" : "s"}`);
      console.log(`  received ${receivedInDubai(row.received_at)} from ${row.company_name || row.name || "(no name)"}`);
      if (row.last_error) console.log(`  last error: ${row.last_error}`);
    }
    return;
  }
  if (command === "deliver" && positional.length === 1 && positional[0] === "--all") {
    const rows = await query<{ id: string }>(
      `UPDATE enquiries SET status = 'pending', next_attempt_at = 0
       WHERE status IN ('pending', 'failed') OR (status = 'sending' AND next_attempt_at <= ${Date.now()})
       RETURNING id`,
      database,
    );
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
    const [row] = await query<{ id: string }>(
      `UPDATE enquiries SET status = 'pending', next_attempt_at = 0
       WHERE id = '${id}' AND (status IN ('pending', 'failed') OR (status = 'sending' AND next_attempt_at <= ${Date.now()}))
       RETURNING id`,
      database,
    );
    if (!row) fail(`No enquiry ${id} is waiting: it was delivered, is being delivered right now, or does not exist.`);
    console.log(`Enquiry ${id} will be delivered again: the next sweep queues it.`);
    return;
  }
  if ((command === "find" || command === "forget") && positional.length === 1) {
    const address = positional[0] ?? "";
    if (!ADDRESS.test(address)) fail(`"${address}" is not an e-mail address (name@example.com).`, 2);
    if (command === "find") {
      const rows = await query<StoredRow>(
        `SELECT id, received_at, status, attempts, last_error, page, industry, name, phone, company_name, email, message
         FROM enquiries WHERE ${sameAddress(address)} ORDER BY received_at`,
        database,
      );
      if (rows.length === 0) {
        console.log(`No enquiry from ${address} is stored.`);
        return;
      }
      console.log(`${rows.length} enquir${rows.length === 1 ? "y" : "ies"} from ${address} stored:`);
      for (const row of rows) {
        console.log("");
        console.log(`${row.id}  ${STATES[row.status] ?? row.status}`);
        console.log(`  received: ${receivedInDubai(row.received_at)}${row.page ? `, from ${row.page}` : ""}`);
        for (const [label, value] of [
          ["industry", row.industry],
          ["name", row.name],
          ["e-mail", row.email],
          ["mobile number", row.phone],
          ["company name", row.company_name],
        ])
          console.log(`  ${label}: ${value || "(left empty)"}`);
        console.log(`  message:\n${(row.message || "(left empty)").replace(/^/gm, "    ")}`);
      }
      return;
    }
    const erased = await query<{ id: string }>(
      `DELETE FROM enquiries WHERE ${sameAddress(address)} RETURNING id`,
      database,
    );
    console.log(
      erased.length === 0
        ? `No enquiry from ${address} was stored: nothing to erase.`
        : `Erased ${erased.length} enquir${erased.length === 1 ? "y" : "ies"} from ${address}: ${erased.map((row) => row.id).join(", ")}.`,
    );
    return;
  }
  fail(usage.trim(), 2);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
