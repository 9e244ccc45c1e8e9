/**
 * The host's bot thread: a searching bot's move (`ismcts`, `ismcts:N`) is chosen on a worker
 * thread, so that while it thinks every other match goes on; quick bots (`random`,
 * `heuristic`, and the timer's heuristic move) are chosen here, where a message to a thread
 * would cost more than the move. The move is the same wherever it is chosen (the generator is
 * seeded by the request). Where worker threads cannot start, every move is chosen here.
 * @module
 */
import type { Worker } from 'node:worker_threads';
import { botFromId, botRandom } from '../../bots/index.js';
import type { Action, PlayerView } from '../../index.js';
import type { BotReply, BotRequest } from './bot-worker.js';

/** Whether a bot id names a bot that searches (slow enough to need its own thread). */
function searches(bot: string): boolean {
  return bot.startsWith('ismcts');
}

/** Chooses bot moves, searching ones on a worker thread started on first use. */
export class BotThread {
  private worker: Worker | null = null;
  private starting: Promise<Worker | null> | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, { done: (a: Action) => void; fail: (e: Error) => void }>();
  private closed = false;

  constructor(private readonly log: (message: string) => void) {}

  /** The move `bot` makes in `view`, with a generator seeded by `seed`; rejects once the thread is closed. */
  async choose(bot: string, view: PlayerView, seed: string): Promise<Action> {
    const worker = searches(bot) ? await this.start() : null;
    // Closed meanwhile (or before): no move is made for a host that is shutting down.
    if (this.closed) throw new Error('the host is closing');
    if (worker === null) return botFromId(bot)(view, botRandom(seed));
    const id = this.nextId++;
    return new Promise<Action>((done, fail) => {
      // Busy, the thread keeps the process alive until the move is back (idle, it does not).
      if (this.waiting.size === 0) worker.ref();
      this.waiting.set(id, { done, fail });
      worker.postMessage({ id, bot, view, seed } satisfies BotRequest);
    });
  }

  private start(): Promise<Worker | null> {
    if (this.closed) return Promise.resolve(null);
    this.starting ??= (async () => {
      try {
        const { Worker } = await import('node:worker_threads');
        const here = import.meta.url;
        let w: Worker;
        if (!here.endsWith('.ts')) w = new Worker(new URL('./server-bot-worker.js', here));
        else {
          // From the TypeScript sources (tests): load the worker through tsx.
          const source = new URL('./bot-worker.ts', here).href;
          w = new Worker(`import('tsx/esm/api').then((m) => m.tsImport(${JSON.stringify(source)}, ${JSON.stringify(here)}))`, {
            eval: true,
          });
        }
        w.on('message', (r: BotReply) => {
          const waiter = this.waiting.get(r.id);
          if (waiter === undefined) return;
          this.waiting.delete(r.id);
          if (this.waiting.size === 0) w.unref();
          if ('action' in r) waiter.done(r.action);
          else waiter.fail(new Error(r.error));
        });
        // Each handler acts for its own thread only: a dead thread's late 'exit' must not stop its replacement.
        w.on('error', (e) => this.stopped(w, e));
        w.on('exit', (code) => this.stopped(w, new Error(`the bot thread stopped with exit code ${code}`)));
        // After the listeners (adding a 'message' listener refs the thread again): an idle bot
        // thread must not keep the process alive.
        w.unref();
        if (this.closed) {
          // close() ran while the thread was starting and could not see it: stop it here.
          void w.terminate();
          return null;
        }
        this.worker = w;
        return w;
      } catch (e) {
        this.log(`the bot thread could not start (bots move on the main thread): ${String(e)}`);
        return null;
      }
    })();
    return this.starting;
  }

  /** The thread `w` died: fail what it was asked, and start a new one for the next move. */
  private stopped(w: Worker, e: Error): void {
    if (this.worker !== w) return;
    this.worker = null;
    this.starting = null;
    for (const x of this.waiting.values()) x.fail(e);
    this.waiting.clear();
    // An 'error' comes before the thread is gone: make sure it goes.
    void w.terminate();
    if (!this.closed) this.log(`the bot thread stopped: ${e.message}`);
  }

  /** Stops the thread. */
  async close(): Promise<void> {
    this.closed = true;
    const w = this.worker;
    this.worker = null;
    for (const x of this.waiting.values()) x.fail(new Error('the host is closing'));
    this.waiting.clear();
    if (w !== null) await w.terminate();
  }
}
