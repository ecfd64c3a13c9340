import http from "node:http";
import { createMailStandIn, type MailStandInOptions } from "../../../scripts/mail-stand-in";
import { listen } from "../../../scripts/http-basics";

/** What an enquiry test may ask of the stand-in behind the test address (see createMailStandIn). */
export type { MailStandInOptions as StandInOptions };

/**
 * The mail service the browser tests' site is built for. A build bakes one
 * address into the site, so this one address serves the whole run; behind it,
 * each enquiry test sets up the stand-in it needs (a delay, a failure status,
 * the origins it allows) through a control address that only the tests know.
 * Without a stand-in set up, the address behaves as a service that is not
 * running: it cuts every connection.
 *
 * Control: PUT /stand-in with the stand-in's options as JSON sets one up in
 * place of the last; DELETE /stand-in takes it away.
 */
export async function startTestMailService({ port = 0 }: { port?: number } = {}) {
  let standIn: ReturnType<typeof createMailStandIn> | undefined;

  const mail = http.createServer((request, response) => {
    if (standIn) standIn.handle(request, response);
    else request.socket.destroy();
  });

  const control = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.url !== "/stand-in" || (request.method !== "PUT" && request.method !== "DELETE")) {
      response.writeHead(404).end();
      return;
    }
    standIn = undefined;
    if (request.method === "PUT") {
      try {
        standIn = createMailStandIn(JSON.parse(Buffer.concat(chunks).toString("utf8")) as MailStandInOptions);
      } catch (error) {
        response.writeHead(400, { "Content-Type": "text/plain" }).end(String(error));
        return;
      }
    }
    response.writeHead(204).end();
  });

  const [mailAddress, controlAddress] = await Promise.all([
    listen(mail, port, "127.0.0.1"),
    listen(control, 0, "127.0.0.1"),
  ]);
  return {
    /** The v1 base address the site posts to. */
    apiUrl: `${mailAddress.url}/api/v1`,
    controlUrl: controlAddress.url,
    close: async () => {
      await Promise.all([mailAddress.close(), controlAddress.close()]);
    },
  };
}
