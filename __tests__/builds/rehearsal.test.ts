/**
 * @jest-environment node
 *
 * `npm run deploy -- --rehearse` in a copy of the project with a company's values, as the company runs it before
 * its launch: with no Cloudflare or GitHub setting in its shell, it runs the whole deploy against the stand-ins of
 * both APIs in a copy of its own, passes the live check against what it uploaded, served in Cloudflare's
 * runtimes, and prints what the real run will create and what the company does by hand, with its values; the
 * checkout it was run in is as it was.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PAGES_SECRETS, readSettings, workerSecrets } from "../../scripts/deploy/settings";
import { deploySteps } from "../../scripts/deploy/steps/list";
import { readDeployPlan } from "../../scripts/deploy/steps/plan";
import { WORKER_CONFIG } from "../../scripts/deploy/worker-config";
import { COMPANY, COMPANY_ZONE, deployProject, runDeploy } from "../support/deploy-project";

jest.setTimeout(900_000);

let project: string;

beforeAll(() => {
  project = deployProject("rehearsal");
});

afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

test("a rehearsal runs the whole deploy here, passes the live check, and lists what the real run makes and what to do by hand", async () => {
  const config = fs.readFileSync(path.join(project, WORKER_CONFIG), "utf8");
  const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: project, encoding: "utf8" }).trim();
  // A clone of the project's own repository, with a note not committed: what the real run refuses, the rehearsal
  // warns of, and rehearses on.
  const git = (...args: string[]) => execFileSync("git", args, { cwd: project, encoding: "utf8" });
  git("remote", "set-url", "origin", "https://github.com/studio/it-support-site.git");
  fs.writeFileSync(path.join(project, "launch-notes.txt"), "Ask the printer for the brand guide.\n");
  const { status, output } = await runDeploy(project, ["--rehearse"], {}).finally(() =>
    git("remote", "set-url", "origin", `https://github.com/${COMPANY.editorRepository}.git`),
  );
  expect(output).toContain("Nothing is deployed and nothing leaves this computer");
  const warning = output.slice(output.indexOf("Warning: the real run would refuse this checkout"));
  expect(warning).toContain("changes that are not committed (launch-notes.txt)");
  expect(warning).toContain(
    `origin is https://github.com/studio/it-support-site.git, not the company's repository ${COMPANY.editorRepository}`,
  );
  // Both runs of the real command, every step of the second ending well, the live check left to the rehearsal.
  const steps = deploySteps(readDeployPlan(project, { check: false }));
  expect(output).toContain("Rehearsed run 1: npm run deploy");
  expect(output).toContain("Missing secrets.");
  const second = output.slice(output.indexOf("Rehearsed run 2"));
  for (const [index, { title }] of steps.entries()) expect(second).toContain(`[${index + 1}/${steps.length}] ${title}`);
  expect(second).toContain(`Live: https://${COMPANY.siteHost}`);
  // The live check against the site and the mail service as they will be, every check passed.
  expect(output).toMatch(/Rehearsed: all \d+ live checks passed/);
  expect(output).not.toMatch(/^\s*FAIL\s/m);
  expect(output).toMatch(/ok\s+Editor's sign-in\s/);
  expect(status).toBe(0);

  // What the real run will create, with the company's values.
  const created = output.slice(output.indexOf("The real run will create"), output.indexOf("What to do by hand"));
  expect(created).toContain(`the D1 database "enquiries" in ${COMPANY.databaseLocation}`);
  expect(created).toContain(
    `the Pages project "${COMPANY.pagesProject}" (the site and the editor's sign-in) on ${COMPANY.siteHost}`,
  );
  expect(created).toContain(`on ${COMPANY.mailHost}`);
  expect(created).toContain(`CNAME ${COMPANY.siteHost} → ${COMPANY.pagesProject}.pages.dev, proxied`);

  // What the company does by hand, numbered, the secrets named with the commands that set them.
  const byHand = output.slice(output.indexOf("What to do by hand"));
  expect(byHand).toContain(`  1. Make the company's repository on GitHub, ${COMPANY.editorRepository}`);
  expect(byHand).toContain(`git push -u origin main`);
  expect(byHand).toContain(`  2. Add ${COMPANY_ZONE} to the Cloudflare account`);
  const settings = readSettings(project);
  for (const { name } of [...workerSecrets(settings), ...PAGES_SECRETS]) expect(byHand).toContain(`put ${name} `);
  expect(byHand).toContain(`authorization callback URL https://${COMPANY.siteHost}/api/callback`);
  expect(byHand).toContain(`verify ${COMPANY.salesAddress}`);
  expect(byHand).toContain('docs/editing.md, "Before going live"');

  // The checkout rehearsed is as it was: its settings, no build, no commit.
  expect(fs.readFileSync(path.join(project, WORKER_CONFIG), "utf8")).toBe(config);
  expect(fs.existsSync(path.join(project, "public"))).toBe(false);
  expect(execFileSync("git", ["rev-parse", "HEAD"], { cwd: project, encoding: "utf8" }).trim()).toBe(head);
  expect(git("status", "--porcelain")).toBe("?? launch-notes.txt\n");
});

test("--rehearse runs alone: with another option it says so and does nothing", async () => {
  const { status, output } = await runDeploy(project, ["--rehearse", "--force"], {});
  expect(output).toContain("--rehearse runs the whole deploy and takes no other option.");
  expect(status).toBe(2);
});
