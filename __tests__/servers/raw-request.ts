import net from "node:net";

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The answer in what was received so far, once it is whole: headers, then the body its length or chunking says. */
function wholeAnswer(received: string): RawAnswer | undefined {
  const end = received.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [statusLine = "", ...lines] = received.slice(0, end).split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  const body = received.slice(end + 4);
  const status = Number(statusLine.split(" ")[1]);
  if (headers["content-length"] !== undefined)
    return Buffer.byteLength(body, "latin1") >= Number(headers["content-length"])
      ? { status, headers, body }
      : undefined;
  if (/chunked/i.test(headers["transfer-encoding"] ?? ""))
    return body.endsWith("0\r\n\r\n") ? { status, headers, body } : undefined;
  return undefined;
}

/**
 * Sends bytes as they are to a server and returns its answer: for requests
 * no HTTP client would send (a malformed target, a broken request line, dots
 * that a URL parser would resolve away). Resolves once the answer is whole,
 * or when the server closes the connection.
 */
export function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const answer = wholeAnswer(received);
      if (answer) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const end = received.indexOf("\r\n\r\n");
      const [statusLine = "", ...lines] = received.slice(0, end < 0 ? undefined : end).split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: end < 0 ? "" : received.slice(end + 4) });
    });
    socket.setTimeout(5_000, () => socket.destroy(new Error(`No answer to ${JSON.stringify(request)}`)));
  });
}

/** The same, for a GET of a target written as it is, closing the connection after the answer. */
export const rawGet = (port: number, target: string) =>
  rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
