// The demo's opponents: the library's heuristic bot. Each bot sees only its own view and draws
// from its own seeded generator (`botRandom`), so a seed and the human's choices replay the same
// game.
import { botRandom, heuristicBot } from './lib/bots.js';

/** The bots' name, shown while they play. */
export const BOT_NAME = 'heuristic';

/** A bot for one seat: `(view) => action`, seeded by `seed`. */
export function botFor(seed) {
  const rng = botRandom(String(seed));
  return (view) => heuristicBot(view, rng);
}
