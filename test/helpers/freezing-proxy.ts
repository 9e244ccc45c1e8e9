/**
 * A TCP proxy on loopback that can freeze: it then stops carrying bytes either way, without
 * closing anything, as a network does when a phone enters a tunnel (no FIN, no RST: both ends
 * still see the connection open). What was sent meanwhile waits in the sockets' buffers, and
 * goes through when the proxy thaws. Connections made while frozen wait too.
 */
import net from 'node:net';

/** What a {@link startFreezingProxy} gives the test. */
export interface FreezingProxy {
  /** The port it listens on (127.0.0.1). */
  readonly port: number;
  /** Stops carrying bytes on every connection, open or new. */
  freeze(): void;
  /** Carries them again (what waited goes through). */
  thaw(): void;
  /** How many connections it has accepted. */
  connections(): number;
  close(): Promise<void>;
}

/** Starts a proxy to 127.0.0.1:`target` on a free port. */
export async function startFreezingProxy(target: number): Promise<FreezingProxy> {
  let frozen = false;
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    connections++;
    const upstream = net.connect(target, '127.0.0.1');
    const pair = [client, upstream] as const;
    const end = (): void => {
      for (const s of pair) {
        s.destroy();
        sockets.delete(s);
      }
    };
    for (const [from, to] of [pair, [upstream, client]] as const) {
      sockets.add(from);
      // Paused sockets read nothing: the bytes stay in the kernel's buffers until `thaw`.
      if (frozen) from.pause();
      from.on('data', (d: Buffer) => to.write(d));
      from.on('close', end);
      from.on('error', end);
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze() {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw() {
      frozen = false;
      for (const s of sockets) s.resume();
    },
    connections: () => connections,
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
