/**
 * @internal Filling the seats of a game with bots from a `--bots` list.
 * @module
 */
import { botIdProblem } from '../bots/index.js';
import { UsageError } from './args.js';

/**
 * @internal Splits and checks a comma-separated list of bot ids. With `seats` (the bot seats it
 * fills), a longer list is refused: its last bots would never play.
 */
export function botList(raw: string | undefined, fallback: readonly string[], seats?: number): string[] {
  if (raw === undefined) return fallback.slice();
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (ids.length === 0)
    throw new UsageError('--bots needs at least one bot id (random, heuristic, ismcts, ismcts:N, net, ismcts-net or ismcts-net:N)');
  for (const id of ids) {
    const problem = botIdProblem(id);
    if (problem !== null) throw new UsageError(problem);
  }
  if (seats !== undefined && ids.length > seats)
    throw new UsageError(`--bots lists ${ids.length} bots for ${seats} bot seat${seats === 1 ? '' : 's'} (a shorter list repeats)`);
  return ids;
}

/**
 * @internal Bot id per seat: `"human"` at `seat` (if any), the listed bots in turn elsewhere
 * (the list repeats when it is shorter than the seats to fill).
 */
export function fillSeats(players: number, seat: number | null, ids: readonly string[]): string[] {
  const out: string[] = [];
  let k = 0;
  for (let p = 0; p < players; p++) {
    if (p === seat) out.push('human');
    else out.push(ids[k++ % ids.length] as string);
  }
  return out;
}
