import type { Reporter } from "gatsby";

/** What a step may tell the person building: a warning, or the reason the build stops. */
export type StepReporter = Pick<Reporter, "warn" | "panic">;

/** What the build knows of the site that a step needs (read once, in gatsby-node.ts). */
export interface BuiltSite {
  /** The site's address, from data/site.yaml. */
  siteUrl: string;
  /** Every page Gatsby made, as visitors address it. */
  pagePaths: string[];
}

/** One job on the built site: what it reads, what it writes, and the work. */
export interface FinishingStep {
  name: string;
  reads: string;
  writes: string;
  run(tools: { reporter: StepReporter; site: BuiltSite }): void | Promise<void>;
}
