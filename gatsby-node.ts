/**
 * The site's own build settings: where the enquiry form posts, and the
 * deployment's settings the privacy notice repeats. Each other job
 * of the build has its plugin under plugins/ (content, editor, sitemap,
 * response headers), listed in gatsby-config.ts.
 */
import type { GatsbyNode } from "gatsby";
import { userError } from "./plugins/user-error";
import {
  MAIL_API_VARIABLE,
  mailApiUrlProblem,
  readMailServiceFacts,
  settingsProblemsMessage,
} from "./plugins/build-settings";

export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => userError.register(reporter);

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  // Without these the privacy notice would be wrong, in development too; gatsby-config.ts reads them quietly.
  const { problems } = readMailServiceFacts();
  if (problems.length > 0) userError.stop(reporter, settingsProblemsMessage(problems));
  // A production site must never ship a form that posts nowhere; in development a warning is enough.
  const mailProblem = mailApiUrlProblem(process.env[MAIL_API_VARIABLE]);
  if (mailProblem && process.env.gatsby_executing_command === "build") {
    userError.stop(reporter, mailProblem);
  } else if (mailProblem) {
    reporter.warn(`${mailProblem} Until then, the enquiry form shows its failure message.`);
  }
};
