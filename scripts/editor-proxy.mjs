/**
 * The content editor's local proxy for `npm run edit`: Decap's own file-system
 * middleware (decap-server), which writes the editor's changes into data/,
 * behind a guard of ours. decap-server alone answers any Host and any
 * localhost origin, so while the editor runs, a page on another site could
 * write into the repository (through DNS rebinding, or a simple POST from
 * another local server's page). Here only requests addressed to this proxy
 * by name (127.0.0.1 or localhost and its port) and sent from the editor's own
 * page are let through; anything else is refused with 403 before its body is
 * read, and nothing is written.
 */
import http from "node:http";
import * as decapServer from "decap-server/dist/middlewares.js";
import express from "express";
import { answerMalformedRequests, listen } from "./http-basics.mjs";

// A CommonJS bundle: Node hands its exports over as the default export, Babel (the unit tests) as named ones.
const { registerLocalFs } = "registerLocalFs" in decapServer ? decapServer : decapServer.default;

const securityHeaders = { "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" };

/**
 * @param {object} options
 * @param {number} options.port 0 takes a free port.
 * @param {string} options.repository the folder the editor's paths (data/...) are relative to
 * @param {string[]} options.editorOrigins the origins of the editor's page, e.g. http://127.0.0.1:8000
 * @param {string} [options.host]
 * @param {string} [options.logLevel] decap-server's log level
 */
export async function startEditorProxy({ port, repository, editorOrigins, host = "127.0.0.1", logLevel = "warn" }) {
  // decap-server reads where to write from its environment.
  process.env.GIT_REPO_DIRECTORY = repository;
  const app = express();
  const server = http.createServer(app);
  let allowedHosts = new Set();

  app.use((request, response, next) => {
    const hostAllowed = allowedHosts.has(request.headers.host ?? "");
    const originAllowed = editorOrigins.includes(request.headers.origin ?? "");
    if (hostAllowed && originAllowed) {
      next();
      return;
    }
    response
      .status(403)
      .set({ ...securityHeaders, Connection: "close" })
      .json({ error: `Refused: the editor's proxy only answers the editor's page (${editorOrigins.join(", ")}).` });
  });
  await registerLocalFs(app, { logLevel });

  answerMalformedRequests(server, securityHeaders);
  const address = await listen(server, port, host);
  allowedHosts = new Set([`127.0.0.1:${address.port}`, `localhost:${address.port}`]);
  return { ...address, url: `${address.url}/api/v1` };
}
