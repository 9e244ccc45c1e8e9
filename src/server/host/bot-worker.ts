/**
 * @internal The script of the host's bot thread: it plays the moves of searching bots
 * (`ismcts…`) that would hold the event loop, and with it every other match, for as long as they
 * think. A request names the bot, the seat's view and the seed of its generator; the reply is the
 * action (or an error), matched by `id`.
 * @module
 */
import { parentPort } from 'node:worker_threads';
import { botFromId, botRandom } from '../../bots/index.js';
import type { Action, PlayerView } from '../../index.js';

/** @internal A move to choose. */
export interface BotRequest {
  readonly id: number;
  readonly bot: string;
  readonly view: PlayerView;
  readonly seed: string;
}

/** @internal The chosen move, or why there is none. */
export type BotReply = { readonly id: number; readonly action: Action } | { readonly id: number; readonly error: string };

const port = parentPort;
if (port === null) throw new Error('the bot worker must run in a worker thread');
port.on('message', (r: BotRequest) => {
  try {
    port.postMessage({ id: r.id, action: botFromId(r.bot)(r.view, botRandom(r.seed)) } satisfies BotReply);
  } catch (e) {
    port.postMessage({ id: r.id, error: e instanceof Error ? e.message : String(e) } satisfies BotReply);
  }
});
