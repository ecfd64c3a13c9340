#!/usr/bin/env node
/**
 * `npm run edit`: the content editor on this computer, at
 * http://127.0.0.1:8080/admin/ (EDIT_PORT sets the port; 0 takes a free one).
 * Every change saved there is written to data/*.yaml in the working tree; run
 * `npm run develop` beside it to see the whole site follow each save.
 */
import { runCommand, takeNoArguments } from "./cli";
import { requireFreePorts } from "./free-ports";
import { startEditorServer } from "./editor-server";

takeNoArguments(`
npm run edit: the content editor on this computer, at http://127.0.0.1:8080/admin/; changes are saved to data/.
  EDIT_PORT  the port (default 8080; 0 takes a free one)`);

async function main() {
  const port = Number(process.env.EDIT_PORT ?? 8080);
  if (port !== 0) await requireFreePorts("npm run edit", [{ port, setting: "EDIT_PORT" }]);
  const editor = await startEditorServer({ port, repository: process.cwd() });
  // decap-server moves renamed files in a callback nobody awaits; one failed request must not end the editor.
  process.on("unhandledRejection", (reason) => console.error("The editor server kept running after an error:", reason));
  console.log(`Content editor: ${editor.editorUrl} (changes are saved to data/). Press Ctrl+C to stop.`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, async () => {
      await editor.close();
      process.exit(0);
    });
  }
}

runCommand(main);
