/**
 * Lighthouse's performance score measures the machine as much as the page: on a machine that is also building
 * or testing something else, the same page loses 10-20 points. So the audit's Lighthouse rounds take the machine
 * to themselves: a lock file in the system's temporary folder makes two audits on one machine (two clones
 * testing at once) measure one after the other, and before each run the audit waits until the rest of the
 * machine is quiet (another clone's build or browser tests). This lock is the one piece of state two clones
 * share, on purpose.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const machineLockFile = path.join(os.tmpdir(), "site-audit-lighthouse.lock");

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Waits until no other live process holds the lock file, takes it, and returns the function that gives it back
 * (also given back when this process exits; a lock left by a killed process is taken over).
 */
export async function lockMachine(
  file = machineLockFile,
  { pollMs = 1000, log = console.log }: { pollMs?: number; log?: (line: string) => void } = {},
): Promise<() => void> {
  let announced = false;
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => {
        process.off("exit", release);
        if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === String(process.pid)) fs.rmSync(file);
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder: number;
    try {
      holder = Number(fs.readFileSync(file, "utf8"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue; // given back meanwhile
      throw error;
    }
    // An empty file (0) is a lock being written this instant; anything but a live process's id is left over.
    if (holder !== 0 && !(Number.isInteger(holder) && holder > 0 && alive(holder))) {
      fs.rmSync(file, { force: true });
      continue;
    }
    if (!announced) log(`  lighthouse: waiting for the audit of process ${holder} to finish its rounds (${file})`);
    announced = true;
    await sleep(pollMs);
  }
}

/** How many of the machine's cores were busy, on average, over the next `ms` milliseconds. */
export async function busyCores(ms = 500): Promise<number> {
  const times = () =>
    os.cpus().reduce(
      (sum, { times: { user, nice, sys, irq, idle } }) => ({
        busy: sum.busy + user + nice + sys + irq,
        all: sum.all + user + nice + sys + irq + idle,
      }),
      { busy: 0, all: 0 },
    );
  const before = times();
  await sleep(ms);
  const after = times();
  const all = after.all - before.all;
  return all > 0 ? ((after.busy - before.busy) / all) * os.cpus().length : 0;
}

export type QuietWait = {
  measure?: () => Promise<number>;
  threshold?: number;
  giveUpAfterMs?: number;
  log?: (line: string) => void;
};

/**
 * Waits until less than `threshold` cores are busy, or `giveUpAfterMs` has passed, saying once a minute what it
 * waits for. Resolves to the milliseconds it waited.
 */
export async function waitUntilQuiet({
  measure = () => busyCores(500),
  threshold = 0.5,
  giveUpAfterMs = Infinity,
  log = console.log,
}: QuietWait = {}): Promise<number> {
  const started = Date.now();
  let lastSaid = -Infinity;
  for (;;) {
    const busy = await measure();
    const waited = Date.now() - started;
    if (busy < threshold) return waited;
    if (waited >= giveUpAfterMs) {
      log(
        `  lighthouse: the machine is still busy (${busy.toFixed(1)} cores); measuring anyway, lower scores are likely`,
      );
      return waited;
    }
    if (Date.now() - lastSaid >= 60_000) {
      log(
        `  lighthouse: ${busy.toFixed(1)} of ${os.cpus().length} cores are busy with other work; ` +
          "waiting for the machine to be quiet, since a busy machine lowers the performance scores",
      );
      lastSaid = Date.now();
    }
  }
}
