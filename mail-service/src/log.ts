/** One JSON line per event, for Workers Logs and `wrangler tail`; errors are the operator's to act on. */
export function log(level: "info" | "warn" | "error", event: string, details: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, event, ...details });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
