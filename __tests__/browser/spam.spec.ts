/**
 * The spam policy as a robot meets the site's own page: one that fills every field of the form at once, the trap
 * no person sees among them, is thanked like anyone (a robot learns nothing), and its enquiry is held for the
 * staff's review, listed by the operator's spam command with why, and never reaches the sales inbox. A person's
 * enquiry, typed on the same page, is delivered (enquiry.spec.ts).
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { anEnquiry, expectFormReplacedBy, SUCCESS } from "./support/enquiry";
import { expect, openPage, test } from "./support/fixtures";
import { testMailService } from "./support/environment";
import { fixedWords } from "../support/fixed-words";

const project = path.resolve(__dirname, "../..");

/** What the operator's `spam --json` lists for the test's mail service. */
async function heldAsSpam(): Promise<{ message: string; reasons: { code: string }[] }[]> {
  const { stdout } = await promisify(execFile)(
    path.join(project, "node_modules", ".bin", "tsx"),
    ["mail-service/scripts/operator.ts", "spam", "--json", "--state", testMailService.state],
    { cwd: project },
  );
  return JSON.parse(stdout) as { message: string; reasons: { code: string }[] }[];
}

test(
  "a robot that fills every field at once is thanked like anyone, and held: the operator lists it, sales never get it",
  { tag: "@full" },
  async ({ page, salesInbox }) => {
    const enquiry = anEnquiry();
    await openPage(page, "/contact/");
    // As form robots do: every text field of the form filled at once, seen or not, then Send.
    const fields = page.getByRole("main").locator("form input[type=text], form input:not([type]), form textarea");
    for (const field of await fields.all()) await field.fill(enquiry.message, { force: true });
    await page.getByRole("main").getByRole("button", { name: fixedWords.submit }).click();
    await expectFormReplacedBy(page, SUCCESS);

    await expect
      .poll(async () =>
        (await heldAsSpam()).find((held) => held.message === enquiry.message)?.reasons.map((r) => r.code),
      )
      .toContain("trap");
    expect(await salesInbox.countWith(enquiry.message)).toBe(0);
  },
);
