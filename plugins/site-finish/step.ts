import type { BuildArgs, Reporter } from "gatsby";

/** What a step may tell the person building: a warning, or the reason the build stops. */
export type StepReporter = Pick<Reporter, "warn" | "panic">;

/** Gatsby's GraphQL query function, as a step that reads the site's data receives it. */
export type GraphqlRunner = BuildArgs["graphql"];

/** One job on the built site: what it reads, what it writes, and the work. */
export interface FinishingStep {
  name: string;
  reads: string;
  writes: string;
  run(tools: { reporter: StepReporter; graphql: GraphqlRunner }): void | Promise<void>;
}
