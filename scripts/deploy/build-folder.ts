/**
 * A build made in one job and uploaded by another (.github/workflows/): the
 * job that checks and builds holds no Cloudflare token, the one that uploads
 * runs none of the build's code. The folder holds public/ as the build left
 * it, the site's static files and nothing else, and build.json says which
 * commit was built and whether its content check and build passed, with the
 * line the editor is shown when not, so that the job that uploads can tell
 * the editor either way. The site's server code (functions/) is never in it:
 * the job that uploads bundles its own checkout's, so code a build made (a
 * draft's, or a package's that ran in the build job) never runs beside the
 * token.
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
const SITE = "public";
/** What Cloudflare Pages runs as code when an upload holds it: a Worker of the build's own, and its routes. */
const PAGES_CODE = ["_worker.js", "_routes.json"];

/** Writes the report, and with a build that passed the site's static files, into a fresh folder. */
export function writeBuildFolder(root: string, folder: string, report: BuildReport): void {
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  if (report.ok) fs.cpSync(path.join(root, SITE), path.join(folder, SITE), { recursive: true });
  fs.writeFileSync(path.join(folder, REPORT), `${JSON.stringify(report, null, 2)}\n`);
}

/**
 * What in a site's public/ Cloudflare Pages would run as code, or could read from elsewhere: a Worker of its own
 * (_worker.js) and its routes (_routes.json), and anything that is not a plain file or folder (a link could point
 * the upload at any file of the machine), by its path from the folder above.
 */
export function codeInSite(site: string): string[] {
  const found = PAGES_CODE.filter((name) => fs.existsSync(path.join(site, name))).map((name) => `${SITE}/${name}`);
  const walk = (at: string, shown: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const inner = `${shown}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(at, entry.name), inner);
      else if (!entry.isFile()) found.push(inner);
    }
  };
  walk(site, SITE);
  return [...new Set(found)].sort();
}

/** What in a build folder is not the site's static files and its report: functions/ above all, and codeInSite's. */
export function notStaticFiles(folder: string): string[] {
  const beside = fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => !(entry.name === SITE && entry.isDirectory()) && !(entry.name === REPORT && entry.isFile()))
    .map((entry) => `${entry.name}${entry.isDirectory() ? "/" : ""}`);
  const site = path.join(folder, SITE);
  return [...beside, ...(fs.existsSync(site) ? codeInSite(site) : [])].sort();
}

/** The report of the build in `folder`; a folder without one, or with one that does not read, is a failed build. */
export function readBuildFolder(folder: string): BuildReport {
  const file = path.join(folder, REPORT);
  if (!fs.existsSync(file)) {
    return { ok: false, summary: `Stopped: the build left no report in ${path.basename(folder)}/ (its job did not finish).` };
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<BuildReport>;
  if (report.ok === true && !fs.existsSync(path.join(folder, SITE))) {
    return { ...report, ok: false, summary: `Stopped: ${path.basename(folder)}/ holds no site to upload.` } as BuildReport;
  }
  return {
    ...(typeof report.commit === "string" && { commit: report.commit }),
    ok: report.ok === true,
    summary: typeof report.summary === "string" ? report.summary.slice(0, 300) : "Stopped: the build's report is unreadable.",
  };
}
