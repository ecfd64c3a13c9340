import { checkSiteContent } from "../site";
import type { LocalStep } from "./plan";

/** Every file of data/ checked as the build checks it, before the build's minutes. */
export const contentCheck = (): LocalStep => ({
  title: "Content check",
  plan: "check every file of data/ as the build does",
  run: checkSiteContent,
});
