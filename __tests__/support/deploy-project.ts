/**
 * A copy of the project made ready for `npm run deploy` and `npm run
 * deploy:site`: the company's values in deploy/cloudflare.jsonc, the site's
 * address in data/site.yaml to match, and a git repository of its own, as a
 * company's clone is. The deploy tests run it there, against the Cloudflare
 * and GitHub API stand-ins; no other address is ever reached.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startCloudflareStandIn, type CloudflareStandIn } from "../../scripts/stand-ins/cloudflare-api";
import { startGitHubApiStandIn, type GitHubApiStandIn } from "../../scripts/stand-ins/github-api";
import { copyProject, runScript } from "./project-copy";
import { isExamplePicture } from "../../scripts/deploy/example-content";

export const COMPANY = {
  siteHost: "www.acme-it.ae",
  mailHost: "mail.acme-it.ae",
  pagesProject: "acme-it-site",
  salesAddress: "sales@acme-it.ae",
  fromAddress: "website@acme-it.ae",
  mailTransport: "send_email",
  editorRepository: "acme-it/website",
  databaseLocation: "weur",
  workersPlan: "paid",
};
export const COMPANY_ZONE = "acme-it.ae";

export function deployProject(prefix: string, settings: Record<string, unknown> = COMPANY): string {
  const project = copyProject(prefix, path.resolve(__dirname, "../.."));
  fs.writeFileSync(path.join(project, "deploy", "cloudflare.jsonc"), JSON.stringify(settings, null, 2));
  asCompany(project, settings);
  execFileSync("git", ["init", "--quiet", "--initial-branch=main"], { cwd: project });
  // A clone of the company's repository, as the deploy asks (never fetched or pushed to: GitHub is the stand-in).
  const repository = String(settings.editorRepository ?? COMPANY.editorRepository);
  execFileSync("git", ["remote", "add", "origin", `https://github.com/${repository}.git`], { cwd: project });
  commitAll(project, "The company's site");
  return project;
}

/**
 * The company's own content where the example company's stands, as a company makes it before going live: its
 * name, its addresses and hosts in place of the example ones, what the example left to fill (the deploy refuses
 * those), the site's address.
 */
export function asCompany(project: string, settings: Record<string, unknown> = COMPANY): void {
  const domain = String(settings.siteHost).replace(/^www\./, "");
  for (const name of fs.readdirSync(path.join(project, "data")).filter((file) => file.endsWith(".yaml"))) {
    const file = path.join(project, "data", name);
    fs.writeFileSync(
      file,
      fs
        .readFileSync(file, "utf8")
        .replace(/siteUrl: \S+/, `siteUrl: https://${String(settings.siteHost)}`)
        .replace(/sales@[\w.-]+\.example\b/g, String(settings.salesAddress))
        .replace(/[\w-]+(?:\.[\w-]+)*\.example\b/g, (host) => host.replace(/[\w-]+\.example$/, domain))
        .replaceAll("Bluepeak", "Acme")
        .replaceAll("بلوبيك", "أكمي")
        // What the example leaves for the company to fill, in [square brackets] (the privacy notice's licence), in
        // the bracket's own language: the build refuses Latin words in Arabic text.
        .replace(/\[[^\]\n]+\]/g, (blank) => (/\p{Script=Arabic}/u.test(blank) ? "الخاص بأكمي" : "Acme's own"))
        // Its own partners, whose names are written alike in both languages.
        .replaceAll("Meshline", "Cedarnet")
        .replaceAll("Northbook", "Dunebook"),
    );
  }
  // Its own pictures where the example's show a made-up name (the sharing card, the partners' logos): a plain
  // picture of the same size and format, drawn by the site's own image library.
  const images = path.join(project, "data", "images");
  for (const name of fs.readdirSync(images)) {
    const file = path.join(images, name);
    if (!isExamplePicture(file)) continue;
    execFileSync(
      process.execPath,
      [
        "-e",
        `const sharp = require("sharp"); const file = process.argv[1];
         sharp(file).metadata()
           .then(({ width, height, format }) => sharp({ create: { width, height, channels: 4, background: "#1d4e89" } }).toFormat(format).toBuffer())
           .then((picture) => require("node:fs").writeFileSync(file, picture));`,
        file,
      ],
      { cwd: project },
    );
  }
}

/** Commits everything in a project's copy, as an editor's Publish or a developer does; returns the commit. */
export function commitAll(project: string, message: string): string {
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Editor", "-c", "user.email=editor@acme-it.ae", ...args], {
      cwd: project,
      encoding: "utf8",
    }).trim();
  git("add", "--all");
  git("commit", "--quiet", "--allow-empty", "--message", message);
  return git("rev-parse", "HEAD");
}

/**
 * The environment of a deploy run by a test: no Cloudflare or GitHub settings of the shell running the tests,
 * GitHub's API on a closed local port (unreachable) unless a test gives its stand-in, and what the test gives.
 */
function deployEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    CLOUDFLARE_API_TOKEN: "",
    CLOUDFLARE_ACCOUNT_ID: "",
    GITHUB_TOKEN: "",
    GITHUB_ACTIONS: "",
    GITHUB_REPOSITORY: "",
    GITHUB_SHA: "",
    GITHUB_RUN_ID: "",
    GITHUB_SERVER_URL: "",
    GITHUB_API_URL: "http://127.0.0.1:9",
    ...env,
  };
}

/** Runs `npm run deploy` in a project. */
export function runDeploy(project: string, args: string[], env: NodeJS.ProcessEnv) {
  return runScript(project, "scripts/deploy-all.ts", args, deployEnvironment(env));
}

/** Runs `npm run deploy:site` in a project. */
export function runDeploySite(project: string, args: string[], env: NodeJS.ProcessEnv) {
  return runScript(project, "scripts/deploy-site.ts", args, deployEnvironment(env));
}

/** The company after its launch, as the publishing tests start from it: both APIs' stand-ins and a project copy. */
export interface LiveCompany {
  api: CloudflareStandIn;
  github: GitHubApiStandIn;
  project: string;
  close(): Promise<void>;
}

/** Starts the stand-ins with the Pages project `npm run deploy` made at launch, and a copy of the project. */
export async function liveCompany(prefix: string): Promise<LiveCompany> {
  const api = await startCloudflareStandIn({ zones: [COMPANY_ZONE] });
  api.state.pages.set(COMPANY.pagesProject, { secrets: new Set(), deployments: [], files: new Set(), domains: [] });
  const github = await startGitHubApiStandIn({ repository: COMPANY.editorRepository });
  const project = deployProject(prefix);
  return {
    api,
    github,
    project,
    async close() {
      await Promise.all([api.close(), github.close()]);
      fs.rmSync(project, { recursive: true, force: true });
    },
  };
}
