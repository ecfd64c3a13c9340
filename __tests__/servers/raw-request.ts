import net from "node:net";

/**
 * Sends bytes as they are to a server and returns its answer's status line
 * and headers: for requests no HTTP client would send (a malformed target, a
 * broken request line).
 */
export function rawRequest(
  port: number,
  request: string,
): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = ""] = received.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers });
    });
    socket.setTimeout(5_000, () => socket.destroy(new Error(`No answer to ${JSON.stringify(request)}`)));
  });
}

/** The same, for a GET of a target written as it is, closing the connection after the answer. */
export const rawGet = (port: number, target: string) =>
  rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
