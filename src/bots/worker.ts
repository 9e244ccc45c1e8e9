/**
 * @internal The script each simulation worker thread runs: it rebuilds the bots from their ids
 * and plays the chunks of games it is sent.
 * @module
 */

import { parentPort, workerData } from 'node:worker_threads';
import { loadModuleBot } from './module.js';
import type { GameOutcome, SimulationTask } from './outcome.js';
import { playRecorded } from './outcome.js';
import { botFromId } from './registry.js';
import type { Bot } from './types.js';
import { errorReply } from './worker-error.js';
import type { WorkerReply, WorkerRequest } from './worker-pool.js';

const task = workerData as SimulationTask;
const port = parentPort;
if (port === null) throw new Error('the simulation worker must run in a worker thread');
/** Each entry's bot: from its id, or imported from its module. */
const ready: Promise<Bot[]> = Promise.all(
  (task.sources ?? task.bots).map((s) => (typeof s === 'string' ? Promise.resolve(botFromId(s)) : loadModuleBot(s))),
);
port.on('message', (request: WorkerRequest) => {
  ready.then(
    (bots) => answer(request, bots),
    (e: unknown) => port.postMessage(errorReply(e) satisfies WorkerReply),
  );
});

function answer(request: WorkerRequest, bots: readonly Bot[]): void {
  if (port === null) return;
  if (request === null) {
    // Node and Bun end the thread when its port closes; Deno's port has no close(), and its
    // worker ends with the web worker's own close().
    if (typeof port.close === 'function') port.close();
    else (globalThis as { close?: () => void }).close?.();
    return;
  }
  try {
    const records: GameOutcome[] = [];
    for (let g = request.from; g < request.to; g++) records.push(playRecorded(task, bots, g));
    port.postMessage({ records } satisfies WorkerReply);
  } catch (e) {
    // Its class, code and stack too, so the parent throws the error this thread would.
    port.postMessage(errorReply(e) satisfies WorkerReply);
  }
}
