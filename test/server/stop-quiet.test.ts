/**
 * A host stopped as `serve` stops it (the server closed, then the store) while a seat's action is
 * on its way to the store: the action is not acknowledged, and the stop writes no fault line
 * ("websocket act failed: Error: the store is closed" was logged on most ordinary SIGTERMs).
 * A store that fails for another reason while the host runs is still logged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectMatch, createMatch, joinMatch } from '../../src/client/index.js';
import type { Action } from '../../src/index.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import type { Store } from '../../src/server/store/store.js';
import { until } from '../helpers/play.js';

/** A store whose appends wait for `release()` once `hold` is set; `fail` makes them throw. */
class HeldStore extends MemoryStore {
  hold = false;
  fail = false;
  waiting = 0;
  private gate: Promise<void> = Promise.resolve();
  private opener: () => void = () => undefined;
  holdAppends(): void {
    this.hold = true;
    this.gate = new Promise((resolve) => {
      this.opener = resolve;
    });
  }
  release(): void {
    this.opener();
  }
  override async append(...args: Parameters<Store['append']>) {
    if (this.fail) throw new Error('the disk is full');
    if (this.hold) {
      this.waiting++;
      await this.gate;
    }
    return super.append(...args);
  }
}

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close().catch(() => undefined);
});

async function seated(store: HeldStore, lines: string[]) {
  const server = await startServer({ store, port: 0, hostname: '127.0.0.1', log: (line) => lines.push(line) });
  servers.push(server);
  const { match } = await createMatch(server.url, {
    visibility: 'public',
    seed: 'quiet',
    players: 2,
    firstPlayer: 0,
    bots: [null, 'heuristic'],
  });
  const { token } = await joinMatch(server.url, match.id, { name: 'Ada' });
  const client = connectMatch({ url: `${server.url.replace('http', 'ws')}/ws`, match: match.id, token, WebSocket: WebSocket as never });
  await until(() => client.view !== null && client.view.legal.length > 0);
  return { server, client };
}

describe('stopping the host while an action is on its way to the store', () => {
  it('logs no fault, and the action is not acknowledged', async () => {
    const store = new HeldStore();
    const lines: string[] = [];
    const { server, client } = await seated(store, lines);
    store.holdAppends();
    const sent = client.send(client.view?.legal[0] as Action).then(
      () => 'acknowledged',
      (e: unknown) => e,
    );
    await until(() => store.waiting > 0);
    await server.close();
    await store.close();
    store.release();
    expect(await sent).not.toBe('acknowledged');
    await new Promise((r) => setTimeout(r, 100));
    client.close();
    expect(lines.filter((l) => /store is closed/.test(l))).toEqual([]);
  });

  it('still logs a store that fails while the host runs', async () => {
    const store = new HeldStore();
    const lines: string[] = [];
    const { client } = await seated(store, lines);
    store.fail = true;
    await expect(client.send(client.view?.legal[0] as Action)).rejects.toBeDefined();
    await until(() => lines.some((l) => /the disk is full/.test(l)));
    client.close();
  });
});
