/**
 * A TCP proxy on loopback in front of PostgreSQL that breaks one connection at a chosen
 * statement: `after` lets the statement through and drops the connection when the server's answer
 * comes (the commit done, its answer lost), `before` drops it without sending the statement (not
 * written). `refuse` makes every later connection fail at once, as a server that stays down.
 * Which statement is decided by a pattern on the bytes the client sends, so the break is
 * deterministic: no timing is involved.
 */
import net from 'node:net';

/** What a {@link startPgProxy} gives the test. */
export interface PgProxy {
  /** The connection string through the proxy. */
  readonly url: string;
  /** Breaks the next connection that sends a statement matching `pattern` (once). */
  arm(pattern: RegExp, when: 'before' | 'after', options?: { readonly thenRefuse?: boolean }): void;
  /** How many connections were broken so far. */
  drops(): number;
  close(): Promise<void>;
}

/** Starts a proxy to the server of `target` (a connection string) on 127.0.0.1, on a free port. */
export async function startPgProxy(target: string): Promise<PgProxy> {
  const to = new URL(target);
  let armed: { pattern: RegExp; when: 'before' | 'after'; thenRefuse: boolean } | null = null;
  let refuse = false;
  let drops = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (refuse) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(to.port || 5432), to.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    let dropOnAnswer = false;
    const drop = (thenRefuse: boolean): void => {
      drops++;
      if (thenRefuse) refuse = true;
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (d: Buffer) => {
      const a = armed;
      if (a?.pattern.test(d.toString('latin1'))) {
        armed = null;
        if (a.when === 'before') {
          drop(a.thenRefuse);
          return;
        }
        dropOnAnswer = true;
        if (a.thenRefuse) refuse = true;
      }
      upstream.write(d);
    });
    upstream.on('data', (d: Buffer) => {
      if (dropOnAnswer) drop(false);
      else client.write(d);
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    arm: (pattern, when, options = {}) => {
      armed = { pattern, when, thenRefuse: options.thenRefuse ?? false };
    },
    drops: () => drops,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
