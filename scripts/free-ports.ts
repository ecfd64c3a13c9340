/**
 * The local commands (`npm start`, `npm run edit`) each listen on fixed ports.
 * A port already taken would otherwise end them with Node's bare EADDRINUSE,
 * or, for Gatsby, with a question nobody can answer, and for `npm start` only
 * after a minute of building. This checks first and says what to do instead.
 */
import net from "node:net";

/** A port nothing listens on now: the mail service's helper, which stands alone, serves the site's scripts too. */
export { freePortSync } from "mail-service/free-port";

/** Resolves true when nothing on this computer listens on 127.0.0.1:port. */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer().once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * Ends the process with exit code 1 and a message naming the setting to change
 * when any of the ports is taken.
 * @param {{ port: number, setting: string }[]} ports
 */
export async function requireFreePorts(command: string, ports: { port: number; setting: string }[]): Promise<void> {
  for (const { port, setting } of ports) {
    if (!(await isPortFree(port))) {
      console.error(
        `Port ${port} is already in use (perhaps by another \`${command}\`). Stop that program, or choose another port: ${setting}=<port> ${command}`,
      );
      process.exit(1);
    }
  }
}

/**
 * Takes a free port and keeps it until release(), for an address that must be
 * known (a build bakes it in) long before its server can start; release() lets
 * it go just before that server binds it.
 */
export async function holdFreePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const holder = net.createServer();
  await new Promise<void>((resolve, reject) => {
    holder.once("error", reject);
    holder.listen(0, "127.0.0.1", resolve);
  });
  return {
    port: (holder.address() as net.AddressInfo).port,
    release: () => new Promise((resolve) => holder.close(() => resolve())),
  };
}
