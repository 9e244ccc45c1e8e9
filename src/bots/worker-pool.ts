/**
 * @internal The worker-thread side of {@link simulate} (Node only; loaded on demand). Games are
 * handed out in small chunks of consecutive indexes to whichever worker is free.
 * @module
 */

import { Worker } from 'node:worker_threads';
import type { RulesErrorCode } from '../index.js';
import { RulesError } from '../index.js';
import type { GameOutcome, SimulationTask } from './outcome.js';

/** @internal A message from a worker: finished records, or a failure. */
export type WorkerReply = { readonly records: readonly GameOutcome[] } | { readonly error: string; readonly code?: RulesErrorCode };

/** @internal A message to a worker: a chunk of game indexes `[from, to)`, or `null` to stop. */
export type WorkerRequest = { readonly from: number; readonly to: number } | null;

/** The worker to start: the built script, or, from the TypeScript sources (tests), a loader for it. */
function startWorker(task: SimulationTask): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./simulate-worker.js', here), { workerData: task });
  const source = new URL('./worker.ts', here).href;
  const boot = `import('tsx/esm/api').then((m) => m.tsImport(${JSON.stringify(source)}, ${JSON.stringify(here)}))`;
  return new Worker(boot, { eval: true, workerData: task });
}

/** @internal Plays games `from … to-1` of `task` on `count` worker threads. */
export function runInWorkers(
  task: SimulationTask,
  from: number,
  to: number,
  count: number,
  onRecord: (r: GameOutcome) => void,
): Promise<void> {
  const games = to;
  const chunk = Math.max(1, Math.min(25, Math.ceil((to - from) / (count * 8))));
  let next = from;
  return new Promise<void>((resolve, reject) => {
    let running = 0;
    let failed = false;
    const workers: Worker[] = [];
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      for (const w of workers) void w.terminate();
      reject(error);
    };
    const feed = (w: Worker): void => {
      if (next >= games) {
        w.postMessage(null satisfies WorkerRequest);
        return;
      }
      const start = next;
      next = Math.min(games, next + chunk);
      w.postMessage({ from: start, to: next } satisfies WorkerRequest);
    };
    for (let i = 0; i < count; i++) {
      const w = startWorker(task);
      workers.push(w);
      running += 1;
      w.on('message', (reply: WorkerReply) => {
        if ('error' in reply) {
          fail(reply.code === undefined ? new Error(reply.error) : new RulesError(reply.code, reply.error));
          return;
        }
        for (const r of reply.records) onRecord(r);
        feed(w);
      });
      w.on('error', fail);
      w.on('exit', (code) => {
        running -= 1;
        if (code !== 0 && !failed) fail(new Error(`a simulation worker stopped with exit code ${code}`));
        else if (running === 0 && !failed) resolve();
      });
      feed(w);
    }
  });
}
