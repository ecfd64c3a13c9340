import { checkLive, printChecks } from "../../check-live";
import { StepFailure } from "../run-steps";
import type { DeployPlan, DeployStep } from "./plan";

/** The live site and its mail service checked as a visitor's browser meets them (npm run check:live), unless --no-check. */
export const liveCheck = ({ check, siteUrl, settings, mailApi }: DeployPlan): DeployStep | null =>
  check
    ? {
        title: "Live check",
        plan: `check ${siteUrl} and its mail service (npm run check:live)`,
        run: async () => {
          const checks = await checkLive(siteUrl, { repository: settings.editorRepository, mailApi });
          printChecks(checks);
          const failed = checks.filter(({ ok }) => !ok).length;
          if (failed > 0) {
            throw new StepFailure(
              `${failed} check(s) failed. A new custom domain can take a few minutes; run npm run check:live -- ${siteUrl} again.`,
            );
          }
          return "every check passed";
        },
      }
    : null;
