/**
 * What the tests of games between friends share: each scenario runs on every store (memory, the
 * embedded file store, and PostgreSQL when `FTK_PG_URL` is set: `bash test/helpers/postgres.sh run
 * -- npx vitest run test/server`), on a real server on loopback with real WebSocket clients.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { WebSocket } from 'ws';
import { connectMatch, type MatchClient } from '../../src/client/index.js';
import type { Action } from '../../src/index.js';
import { type RunningServer, type ServerOptions, startServer } from '../../src/server/serve.js';
import { FileStore } from '../../src/server/store/file.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { createPostgresStore } from '../../src/server/store/postgres.js';
import type { Store } from '../../src/server/store/store.js';
import { WIDE_LIMITS } from './limits.js';
import { freshDatabase, PG_URL } from './pg.js';

/** Makes a fresh store of one kind (closed by the caller). */
export type MakeStore = () => Promise<Store>;

/**
 * Runs `body` once per store kind, each in its own `describe`: `'memory'`, `'file'`, and
 * `'postgres'` when `FTK_PG_URL` is set (a fresh database for the file, a schema per store).
 */
export function forEachStore(name: string, body: (makeStore: MakeStore, kind: string) => void): void {
  describe(`${name} (memory store)`, () => body(async () => new MemoryStore(), 'memory'));
  describe(`${name} (file store)`, () => {
    const root = mkdtempSync(join(tmpdir(), 'ftk-friends-'));
    let n = 0;
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    body(async () => FileStore.open(join(root, `s${n++}`)), 'file');
  });
  if (PG_URL !== undefined) {
    const url = PG_URL;
    describe(`${name} (PostgreSQL store)`, () => {
      let db: Promise<{ url: string; drop: () => Promise<void> }> | undefined;
      afterAll(async () => {
        await (await db)?.drop();
      });
      body(async () => {
        db ??= freshDatabase(url, 'friends');
        return createPostgresStore({ connectionString: (await db).url, schema: `f_${randomBytes(5).toString('hex')}`, onError: () => {} });
      }, 'postgres');
    });
  }
}

/** A server on loopback and what its tests need of it. */
export interface Served {
  readonly server: RunningServer;
  readonly store: Store;
  /** `http://127.0.0.1:<port>`. */
  readonly base: string;
  /** `ws://127.0.0.1:<port>/ws`. */
  readonly ws: string;
  /** Stops the server and closes the store. */
  readonly close: () => Promise<void>;
}

/** Starts a server on port 0 with wide limits and a fast poll, on a store (a fresh one of `make` unless one is given). */
export async function serve(make: MakeStore, options: Partial<ServerOptions> = {}, given?: Store): Promise<Served> {
  const store = given ?? (await make());
  const server = await startServer({ store, port: 0, pollMs: 20, limits: WIDE_LIMITS, ...options });
  return {
    server,
    store,
    base: server.url,
    ws: `${server.url.replace('http', 'ws')}/ws`,
    close: async () => {
      await server.close();
      if (given === undefined) await store.close();
    },
  };
}

/** A client connected to `match` with `token` (Node's WebSocket from `ws`). */
export function connect(ws: string, match: string, token: string | null): MatchClient {
  return connectMatch({ url: ws, match, token, WebSocket: WebSocket as never, minDelayMs: 20, maxDelayMs: 200 });
}

/** Resolves once `cond()` holds (polling); rejects after `ms`, naming `what`. */
export async function until(cond: () => boolean, ms = 30_000, what = 'a condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Plays `pick`'s choice of the client's legal actions whenever it may (default: passes and small
 * bids first, so games end fast); returns a function that stops it.
 */
export function autoPlay(client: MatchClient, pick: (legal: readonly Action[]) => Action = quick): () => void {
  let busy = false;
  let stopped = false;
  const go = (): void => {
    const v = client.view;
    if (stopped || busy || v === null || v.legal.length === 0 || client.status !== 'open') return;
    busy = true;
    client.send(pick(v.legal)).then(
      () => {
        busy = false;
        setTimeout(go, 1);
      },
      () => {
        busy = false;
        setTimeout(go, 30);
      },
    );
  };
  const offs = [client.on('view', () => setTimeout(go, 1)), client.on('status', () => setTimeout(go, 1))];
  go();
  return () => {
    stopped = true;
    for (const off of offs) off();
  };
}

/** A pass when there is one, else the first legal action: games end sooner. */
export function quick(legal: readonly Action[]): Action {
  return legal.find((a) => a.type === 'pass') ?? (legal[0] as Action);
}
