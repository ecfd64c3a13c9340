import { checkSiteContent } from "../site";
import type { DeployStep } from "./plan";

/** Every file of data/ checked as the build checks it, before the build's minutes. */
export const contentCheck = (): DeployStep => ({
  title: "Content check",
  plan: "check every file of data/ as the build does",
  run: checkSiteContent,
});
