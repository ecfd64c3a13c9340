/**
 * A copy of the project made ready for `npm run deploy`: the company's values
 * in deploy/cloudflare.jsonc, and the site's address in data/site.yaml to
 * match. The deploy tests run it there, against the Cloudflare API stand-in.
 */
import fs from "node:fs";
import path from "node:path";
import { copyProject, editContent, runScript } from "./project-copy";

export const COMPANY = {
  siteHost: "www.acme-it.ae",
  mailHost: "mail.acme-it.ae",
  pagesProject: "acme-it-site",
  salesAddress: "sales@acme-it.ae",
  fromAddress: "website@acme-it.ae",
  mailTransport: "send_email",
  editorRepository: "acme-it/website",
};
export const COMPANY_ZONE = "acme-it.ae";

export function deployProject(prefix: string, settings: Record<string, unknown> = COMPANY): string {
  const project = copyProject(prefix, path.resolve(__dirname, "../.."));
  fs.writeFileSync(path.join(project, "deploy", "cloudflare.jsonc"), JSON.stringify(settings, null, 2));
  editContent(project, "site.yaml", (text) =>
    text.replace(/siteUrl: \S+/, `siteUrl: https://${String(settings.siteHost)}`),
  );
  return project;
}

/** Runs `npm run deploy` in a project, with no Cloudflare settings but those given. */
export function runDeploy(project: string, args: string[], env: NodeJS.ProcessEnv) {
  return runScript(project, "scripts/deploy.ts", args, {
    CLOUDFLARE_API_TOKEN: "",
    CLOUDFLARE_ACCOUNT_ID: "",
    ...env,
  });
}
