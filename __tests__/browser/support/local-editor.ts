/**
 * The content editor as a marketing editor uses it on this computer: `npm run
 * edit` in a copy of the project (so the real data/ and the built site under
 * test stay as they are), driven in Chromium. Shared by the editor's specs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { copyProject } from "../../support/project-copy";
import { expect } from "./fixtures";

export interface LocalEditor {
  /** The copy of the project the editor saves into. */
  project: string;
  /** http://127.0.0.1:<port>/admin/ */
  url: string;
  stop(): Promise<void>;
}

/** Starts `npm run edit` in a fresh copy of the project; what it prints goes to artifacts/<name>.log. */
export async function startLocalEditor(name: string): Promise<LocalEditor> {
  const project = copyProject(name, path.resolve(__dirname, "../../.."));
  const log = path.resolve(__dirname, `../../../artifacts/${name}.log`);
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const file = fs.openSync(log, "w");
  // Port 0: the editor takes a free port and says which.
  const editor: ChildProcess = spawn("npm", ["run", "edit"], {
    cwd: project,
    detached: true,
    stdio: ["ignore", file, file],
    env: { ...process.env, EDIT_PORT: "0" },
  });
  fs.closeSync(file);
  const output = () => fs.readFileSync(log, "utf8");
  await expect
    .poll(
      () => {
        if (editor.exitCode !== null)
          throw new Error(`npm run edit exited with code ${editor.exitCode} before it was ready:\n${output()}`);
        return /Content editor: (\S+)/.exec(output())?.[1];
      },
      { message: `npm run edit did not say where the editor is (its output is in ${log})`, timeout: 60_000 },
    )
    .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/admin\/$/);
  const url = /Content editor: (\S+)/.exec(output())?.[1] ?? "";
  const stop = async () => {
    if (!editor.pid || editor.exitCode !== null) return;
    const exited = new Promise((resolve) => editor.once("exit", resolve));
    try {
      process.kill(-editor.pid, "SIGTERM");
    } catch {
      return; // The group has already ended.
    }
    await exited;
  };
  return { project, url, stop };
}

/**
 * Opens a collection's file in the editor as an editor does: the editor is
 * loaded once (signing in to the local backend if it asks), then each file is
 * reached through its collection's page. Going from one file straight to
 * another by its address can keep the previous file's draft.
 */
export async function openEntry(page: Page, editorUrl: string, collection: string): Promise<void> {
  if (!page.url().startsWith(editorUrl)) {
    await page.goto(editorUrl);
    const login = page.getByRole("button", { name: "Login" });
    const collections = page.getByRole("heading", { name: "Collections" });
    await expect(login.or(collections)).toBeVisible();
    if (await login.isVisible()) await login.click();
    await expect(collections).toBeVisible();
  }
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#/collections/${collection}`);
  await page.locator(`a[href$="#/collections/${collection}/entries/${collection}"]`).click();
  await expect(page.getByRole("button", { name: /^Publish/ })).toBeVisible();
  // Every file's first field has a value: the entry has loaded.
  await expect(page.locator("input, textarea").first()).not.toHaveValue("");
}

export async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}

/**
 * Publishes, then waits until the editor shows the entry as "Published": the
 * backend writes the file before its answer reaches the editor, and until it
 * has, the entry still counts as changed, so leaving it asks "Are you sure you
 * want to leave this page?" (and, the question dismissed, stays). Its "Entry
 * saved" notice would not do: the last one may still be on screen.
 */
export async function publishAndWaitUntilSaved(page: Page): Promise<void> {
  await publish(page);
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
}
