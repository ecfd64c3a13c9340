/**
 * How every command of the project ends when it fails: its message on
 * stderr, without a stack trace (a command's errors are written for whoever
 * ran it), and exit code 1. The mail service's own, so that it needs nothing
 * from the site's scripts; they take it from here (scripts/cli.ts).
 */
export function runCommand(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
