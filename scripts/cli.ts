/** Runs a command's main, ending it on a failure as every command does: the message, exit code 1. */
export { runCommand } from "mail-service/command";

/**
 * The arguments of our npm commands (start, serve, edit): they take none, as
 * their settings are environment variables. --help prints what the command
 * does; anything else is refused with the same text, instead of a stack trace.
 */
export function takeNoArguments(usage: string): void {
  const given = process.argv.slice(2);
  if (given.length === 0) return;
  const help = given.every((argument) => argument === "--help" || argument === "-h");
  (help ? console.log : console.error)(
    `${help ? "" : `Unknown argument: ${given.join(" ")}. This command takes no arguments.\n\n`}${usage.trim()}`,
  );
  process.exit(help ? 0 : 2);
}
