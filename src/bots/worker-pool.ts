/**
 * @internal The worker-thread side of {@link simulate} (Node only; loaded on demand). Games are
 * handed out in small chunks of consecutive indexes to whichever worker is free.
 * @module
 */

import type { Worker } from 'node:worker_threads';
import type { GameOutcome, SimulationTask } from './outcome.js';
import type { ErrorReply } from './worker-error.js';
import { errorFromReply } from './worker-error.js';

/** @internal A message from a worker: finished records, or a failure. */
export type WorkerReply = { readonly records: readonly GameOutcome[] } | ErrorReply;

/** @internal A message to a worker: a chunk of game indexes `[from, to)`, or `null` to stop. */
export type WorkerRequest = { readonly from: number; readonly to: number } | null;

/**
 * Node's worker threads, named in a variable and loaded when a run starts: `for-the-king-and-me/bots`
 * reaches this file by a dynamic import, which a bundler for the browser follows, and a specifier it
 * can read would have to resolve there (esbuild refuses `node:worker_threads` for the browser).
 * The comments tell webpack and Vite to leave the import alone too.
 */
const WORKER_THREADS = 'node:worker_threads';

/** The worker to start: the built script, or, from the TypeScript sources (tests), a loader for it. */
function startWorker(Thread: typeof Worker, task: SimulationTask): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Thread(new URL('./simulate-worker.js', here), { workerData: task });
  const source = new URL('./worker.ts', here).href;
  const boot = `import('tsx/esm/api').then((m) => m.tsImport(${JSON.stringify(source)}, ${JSON.stringify(here)}))`;
  return new Thread(boot, { eval: true, workerData: task });
}

/** Games `from … to-1` as words. */
function gamesOf(from: number, to: number): string {
  return to - from === 1 ? `game ${from}` : `games ${from}–${to - 1}`;
}

/**
 * @internal Plays games `from … to-1` of `task` on `count` worker threads. It resolves once every
 * game's record is in, and ends every worker then (a bot module may keep a thread alive, with a
 * timer say). It rejects, and ends every worker, on the first failure: a bot's error, a throwing
 * `onRecord`, or a worker that stops while it holds games, whatever its exit code (a bot that
 * calls `process.exit(0)`): no game is ever dropped silently.
 */
export async function runInWorkers(
  task: SimulationTask,
  from: number,
  to: number,
  count: number,
  onRecord: (r: GameOutcome) => void,
): Promise<void> {
  const { Worker: Thread } = (await import(
    /* webpackIgnore: true */ /* @vite-ignore */ WORKER_THREADS
  )) as typeof import('node:worker_threads');
  const chunk = Math.max(1, Math.min(25, Math.ceil((to - from) / (count * 8))));
  let next = from;
  let received = 0;
  return new Promise<void>((resolve, reject) => {
    let running = 0;
    let settled = false;
    const workers: Worker[] = [];
    /** The chunk each worker was sent and has not answered yet. */
    const holding = new Map<Worker, { readonly from: number; readonly to: number }>();
    const settle = (): void => {
      settled = true;
      for (const w of workers) void w.terminate();
    };
    const fail = (error: unknown): void => {
      if (settled) return;
      settle();
      reject(error);
    };
    const feed = (w: Worker): void => {
      if (next >= to) {
        w.postMessage(null satisfies WorkerRequest);
        return;
      }
      const start = next;
      next = Math.min(to, next + chunk);
      holding.set(w, { from: start, to: next });
      w.postMessage({ from: start, to: next } satisfies WorkerRequest);
    };
    for (let i = 0; i < count; i++) {
      const w = startWorker(Thread, task);
      workers.push(w);
      running += 1;
      w.on('message', (reply: WorkerReply) => {
        if (settled) return;
        if ('error' in reply) {
          fail(errorFromReply(reply));
          return;
        }
        holding.delete(w);
        try {
          for (const r of reply.records) onRecord(r);
        } catch (e) {
          // The caller's onProgress threw: the run fails with its error, as in one thread.
          fail(e);
          return;
        }
        received += reply.records.length;
        if (received >= to - from) {
          settle();
          resolve();
        } else feed(w);
      });
      w.on('error', fail);
      w.on('exit', (code) => {
        running -= 1;
        if (settled) return;
        const held = holding.get(w);
        if (held !== undefined)
          fail(new Error(`simulate: a worker thread stopped (exit code ${code}) with ${gamesOf(held.from, held.to)} not played`));
        else if (code !== 0) fail(new Error(`simulate: a worker thread stopped with exit code ${code}`));
        else if (running === 0) fail(new Error(`simulate: every worker thread stopped with ${gamesOf(next, to)} not played`));
      });
      feed(w);
    }
  });
}
