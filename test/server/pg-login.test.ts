/**
 * The PostgreSQL store's start when the database asks for a password that was not given: on a
 * loopback server that speaks the start of PostgreSQL's protocol (it asks for SCRAM-SHA-256, as a
 * server with `scram-sha-256` in `pg_hba.conf` does), the store refuses at once with a message
 * that says where the password goes, and leaves no connection open (it used to keep one until the
 * server's `authentication_timeout`, a minute, and `serve` with it).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../src/server/store/postgres.js';

/** A server that asks every client for SCRAM-SHA-256 (as far as the server's first message), and closes on Terminate. */
function scramServer(): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.once('data', () => {
      const mechanism = Buffer.from('SCRAM-SHA-256\0\0', 'latin1');
      const body = Buffer.alloc(4 + 4 + mechanism.length);
      body.writeInt32BE(4 + 4 + mechanism.length, 0);
      body.writeInt32BE(10, 4); // AuthenticationSASL
      mechanism.copy(body, 8);
      socket.write(Buffer.concat([Buffer.from('R', 'latin1'), body]));
      socket.on('data', (d: Buffer) => {
        // A Terminate message ('X') ends the connection, as PostgreSQL does.
        if (d[0] === 0x58) socket.end();
        // The client's first SCRAM message ('p': the mechanism, then "n,,n=*,r=<nonce>"): the
        // server's first message answers it, and a client without a password fails there.
        if (d[0] === 0x70) {
          const nonce = /r=([^,\0]+)/.exec(d.toString('latin1'))?.[1] ?? '';
          const first = Buffer.from(`r=${nonce}server,s=c2FsdHNhbHQ=,i=4096`, 'latin1');
          const reply = Buffer.alloc(1 + 8 + first.length);
          reply.write('R', 0, 'latin1');
          reply.writeInt32BE(8 + first.length, 1);
          reply.writeInt32BE(11, 5); // AuthenticationSASLContinue
          first.copy(reply, 9);
          socket.write(reply);
        }
      });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, sockets })),
  );
}

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

describe('PostgreSQL store: a login without the password the database asks for', () => {
  it('is refused at once, names PGPASSWORD, and leaves no connection open', async () => {
    const { server, port, sockets } = await scramServer();
    servers.push(server);
    const saved = process.env.PGPASSWORD;
    delete process.env.PGPASSWORD;
    try {
      await expect(createPostgresStore({ connectionString: `postgres://ftk@127.0.0.1:${port}/ftk` })).rejects.toThrow(
        /password must be a string: the database asks for a password; give it in the URL or in PGPASSWORD/,
      );
    } finally {
      if (saved !== undefined) process.env.PGPASSWORD = saved;
    }
    const deadline = Date.now() + 3000;
    while (sockets.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(sockets.size).toBe(0);
  });
});
