/**
 * What every local server of the project (the static site server, the mail
 * stand-in, the editor's proxy) does the same way with requests it cannot
 * take: it answers them, with its usual headers, and keeps serving.
 */
import http from "node:http";

/**
 * The decoded path of a request's target, or null when the target cannot be
 * a path of ours: not a URL, malformed escapes (/%, /%c0%ae), a NUL byte.
 * Accepts the absolute form (GET http://host/path) as HTTP asks servers to.
 * @param {string | undefined} target the request line's target (request.url)
 * @returns {string | null}
 */
export function requestPath(target) {
  if (!target) return null;
  let pathname;
  try {
    pathname = target.startsWith("/") ? new URL(target, "http://localhost").pathname : new URL(target).pathname;
    pathname = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return pathname.startsWith("/") && !pathname.includes("\0") ? pathname : null;
}

/**
 * Answers what Node's HTTP parser refuses before any handler sees it (a
 * malformed request line, headers too large) with the right status and the
 * given headers, instead of dropping the connection without a word.
 * @param {http.Server} server
 * @param {Record<string, string>} headers
 */
export function answerMalformedRequests(server, headers) {
  server.on("clientError", (error, socket) => {
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const lines = Object.entries({ ...headers, "Content-Type": "text/plain; charset=utf-8", Connection: "close" }).map(
      ([name, value]) => `${name}: ${value}`,
    );
    const body = `${http.STATUS_CODES[status]}\n`;
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.join("\r\n")}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
  });
}

/**
 * Listens and resolves with the address and a close() that also ends
 * keep-alive connections, so tests and scripts stop at once.
 * @param {http.Server} server
 * @param {number} port 0 takes a free port
 * @param {string} host
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = /** @type {import("node:net").AddressInfo} */ (server.address());
      resolve({
        url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`,
        port: address.port,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
