/**
 * What our own local server (the editor's) does with requests it cannot
 * take: answer them, with its usual headers, and keep serving.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * The decoded path of a request's target, or null when the target cannot be
 * a path of ours: not a URL, malformed escapes (/%, /%c0%ae), a NUL byte.
 * Accepts the absolute form (GET http://host/path) as HTTP asks servers to.
 */
export function requestPath(target: string | undefined): string | null {
  if (!target) return null;
  let pathname: string;
  try {
    pathname = target.startsWith("/") ? new URL(target, "http://localhost").pathname : new URL(target).pathname;
    pathname = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return pathname.startsWith("/") && !pathname.includes("\0") ? pathname : null;
}

function rawAnswer(status: number, headers: Record<string, string>): string {
  const body = `${http.STATUS_CODES[status]}\n`;
  const lines = Object.entries({
    ...headers,
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
  }).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.join("\r\n")}\r\n\r\n${body}`;
}

/**
 * Answers, with the given headers, what Node's HTTP layer would otherwise
 * answer bare or not at all: a request its parser refuses (400, 431, 408),
 * CONNECT (405) and an Expect other than 100-continue (417).
 *
 * A refused request may arrive pipelined behind one whose answer is still
 * being sent; its answer waits for that one to finish instead of landing in
 * the middle of its body.
 */
export function answerEveryRequest(server: http.Server, headers: Record<string, string>): void {
  const sending = new WeakMap<Socket, Promise<void>>();
  server.on("request", (request: http.IncomingMessage, response: http.ServerResponse) => {
    sending.set(request.socket, new Promise((done) => response.once("close", done)));
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    void (sending.get(socket) ?? Promise.resolve()).then(() => {
      if (socket.writable) socket.end(rawAnswer(status, headers));
    });
  });
  server.on("connect", (_request: http.IncomingMessage, socket: Socket) => {
    socket.end(rawAnswer(405, { ...headers, Allow: "GET, HEAD, POST, PUT, DELETE, OPTIONS" }));
  });
  server.on("checkExpectation", (_request: http.IncomingMessage, response: http.ServerResponse) => {
    const body = "Only Expect: 100-continue is understood here.\n";
    response.writeHead(417, { ...headers, "Content-Type": "text/plain; charset=utf-8", Connection: "close" }).end(body);
  });
}

export interface Listening {
  url: string;
  port: number;
  /** Stops listening and ends keep-alive connections, so tests and scripts stop at once. */
  close: () => Promise<void>;
}

/** Listens (port 0 takes a free port) and resolves with the address. */
export function listen(server: http.Server, port: number, host: string): Promise<Listening> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const { port: taken } = server.address() as AddressInfo;
      resolve({
        url: `http://${host.includes(":") ? `[${host}]` : host}:${taken}`,
        port: taken,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
