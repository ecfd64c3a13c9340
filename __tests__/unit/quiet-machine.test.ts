/**
 * @jest-environment node
 *
 * The audit's Lighthouse rounds take the machine to themselves: one audit at a time holds the lock, a lock left
 * by a process that died is taken over, and the runs wait while other work keeps the cores busy.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { busyCores, lockMachine, waitUntilQuiet } from "../../scripts/audit/quiet-machine";

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "quiet-machine-"));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

test("a second audit waits until the first gives the machine back, then takes it", async () => {
  const file = path.join(folder, "lock");
  const lines: string[] = [];
  const releaseFirst = await lockMachine(file);
  let secondHolds = false;
  const second = lockMachine(file, { pollMs: 20, log: (line) => lines.push(line) }).then((release) => {
    secondHolds = true;
    return release;
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(secondHolds).toBe(false);
  expect(lines.join("\n")).toContain(`waiting for the audit of process ${process.pid}`);

  releaseFirst();
  const releaseSecond = await second;
  expect(fs.readFileSync(file, "utf8")).toBe(String(process.pid));
  releaseSecond();
  expect(fs.existsSync(file)).toBe(false);
});

test("a lock left by a process that no longer runs is taken over at once", async () => {
  const file = path.join(folder, "lock");
  const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  fs.writeFileSync(file, gone.stdout);
  const release = await lockMachine(file, { pollMs: 10_000 });
  expect(fs.readFileSync(file, "utf8")).toBe(String(process.pid));
  release();
});

test("a lock file that holds no process id is taken over too", async () => {
  const file = path.join(folder, "lock");
  fs.writeFileSync(file, "not a process");
  const release = await lockMachine(file, { pollMs: 10_000 });
  expect(fs.readFileSync(file, "utf8")).toBe(String(process.pid));
  release();
});

test("a busy core is measured as busy", async () => {
  const spinner = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await busyCores(1000)).toBeGreaterThan(0.7);
  } finally {
    spinner.kill();
  }
});

test("the runs wait while the machine is busy and go ahead once it is quiet", async () => {
  const samples = [1.9, 1.2, 0.1];
  const lines: string[] = [];
  await waitUntilQuiet({ measure: async () => samples.shift() ?? 0, log: (line) => lines.push(line) });
  expect(samples).toEqual([]);
  expect(lines).toEqual([expect.stringContaining("1.9 of")]);
});

test("a machine that stays busy is measured anyway once the patience is spent, with a warning", async () => {
  const lines: string[] = [];
  let sampled = 0;
  const measure = async () => {
    sampled += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return 2;
  };
  const waited = await waitUntilQuiet({ measure, giveUpAfterMs: 100, log: (line) => lines.push(line) });
  expect(waited).toBeGreaterThanOrEqual(100);
  expect(sampled).toBeGreaterThan(1);
  expect(lines.at(-1)).toContain("measuring anyway");
});
