/**
 * `npm run deploy`'s steps, in the order they run: the one list that the run's progress lines ("[n/N] title"),
 * --dry-run and the deploy's tests all read. A step that does not apply to the company's values is left out.
 */
import { progressLabel } from "../run-steps";
import { apiToken } from "./api-token";
import { bareDomain } from "./bare-domain";
import { contentCheck } from "./content-check";
import { database } from "./database";
import { emailRouting } from "./email-routing";
import { liveCheck } from "./live-check";
import { mailService } from "./mail-service";
import { migrations } from "./migrations";
import { pagesProject } from "./pages-project";
import type { DeployPlan, DeployStep } from "./plan";
import { publishingWorkflow } from "./publishing-workflow";
import { queues } from "./queues";
import { secrets } from "./secrets";
import { siteBuild } from "./site-build";
import { siteDomain } from "./site-domain";
import { siteUpload } from "./site-upload";

const STEPS: readonly ((plan: DeployPlan) => DeployStep | null)[] = [
  apiToken,
  database,
  queues,
  migrations,
  pagesProject,
  siteDomain,
  bareDomain,
  emailRouting,
  secrets,
  mailService,
  contentCheck,
  siteBuild,
  siteUpload,
  publishingWorkflow,
  liveCheck,
];

export function deploySteps(plan: DeployPlan): DeployStep[] {
  return STEPS.flatMap((step) => step(plan) ?? []);
}

/** How the run's progress names a step: "[n/N] title". */
export function stepLabel(steps: readonly DeployStep[], title: string): string {
  const index = steps.findIndex((step) => step.title === title);
  if (index < 0) throw new Error(`No deploy step is called "${title}".`);
  return progressLabel(index, steps.length, title);
}
