/**
 * A build made in one job and uploaded by another (.github/workflows/): the
 * job that checks and builds holds no Cloudflare token, the one that uploads
 * runs none of the build's code. The folder holds public/ and functions/ as
 * the build left them, and build.json says which commit was built and whether
 * its content check and build passed, with the line the editor is shown when
 * not, so that the job that uploads can tell the editor either way.
 */
import fs from "node:fs";
import path from "node:path";

/** Where `npm run deploy:site -- --build-only` leaves its build, and what the workflows pass between jobs. */
export const BUILD_FOLDER = "site-build";

export interface BuildReport {
  /** The commit built, when the build was made in a checkout. */
  commit?: string;
  ok: boolean;
  /** What the build's checks said: one line, as a commit status holds it. */
  summary: string;
}

const REPORT = "build.json";

/** Writes the report, and with a build that passed the site itself, into a fresh folder. */
export function writeBuildFolder(root: string, folder: string, report: BuildReport): void {
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  if (report.ok) {
    for (const part of ["public", "functions"]) {
      fs.cpSync(path.join(root, part), path.join(folder, part), { recursive: true });
    }
  }
  fs.writeFileSync(path.join(folder, REPORT), `${JSON.stringify(report, null, 2)}\n`);
}

/** The report of the build in `folder`; a folder without one, or with one that does not read, is a failed build. */
export function readBuildFolder(folder: string): BuildReport {
  const file = path.join(folder, REPORT);
  if (!fs.existsSync(file)) {
    return { ok: false, summary: `Stopped: the build left no report in ${path.basename(folder)}/ (its job did not finish).` };
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<BuildReport>;
  const complete = ["public", "functions"].every((part) => fs.existsSync(path.join(folder, part)));
  if (report.ok === true && !complete) {
    return { ...report, ok: false, summary: `Stopped: ${path.basename(folder)}/ holds no site to upload.` } as BuildReport;
  }
  return {
    ...(typeof report.commit === "string" && { commit: report.commit }),
    ok: report.ok === true,
    summary: typeof report.summary === "string" ? report.summary.slice(0, 300) : "Stopped: the build's report is unreadable.",
  };
}
