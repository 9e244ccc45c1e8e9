/**
 * Events as one seat may see them (RULES H), and the events of a game's opening.
 * @module
 */
import type { StepResult } from '../rules/apply.js';
import { setup } from '../rules/setup.js';
import { RulesError } from '../state/errors.js';
import type { GameEvent, GameOptions } from '../state/types.js';
import type { Viewer } from './view.js';

/**
 * The events of {@link step} as `viewer` may see them (RULES H1–H3): another player's `drawn`
 * card, and another player's `placed` card in *self* or on the favor pile, appear with
 * `card: null`; everything else is public and passes unchanged. A spectator sees every drawn
 * card and every self or favor placement as `null`.
 *
 * Returns a new array; an event is a new object only where something is hidden, so unchanged
 * events are the same objects as in `events`. Pair it with `view` to drive a player's screen.
 *
 * @param viewer - a player index, or `'spectator'`.
 * @throws {@link RulesError} `MALFORMED_ACTION` for a viewer that is neither a non-negative
 * integer nor `'spectator'`.
 * @example
 * ```ts
 * const { state: next, events } = step(state, action);
 * for (let p = 0; p < next.players; p++) send(p, { view: view(next, p), events: eventsFor(events, p) });
 * ```
 */
export function eventsFor(events: readonly GameEvent[], viewer: Viewer): GameEvent[] {
  if (viewer !== 'spectator' && !(typeof viewer === 'number' && Number.isInteger(viewer) && viewer >= 0)) {
    throw new RulesError('MALFORMED_ACTION', 'viewer must be a player index or "spectator"');
  }
  const out: GameEvent[] = new Array<GameEvent>(events.length);
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as GameEvent;
    if (e.type === 'drawn' && e.card !== null && e.player !== viewer) out[i] = { type: 'drawn', player: e.player, card: null };
    else if (e.type === 'placed' && e.area !== 'middle' && e.card !== null && e.player !== viewer) {
      out[i] = { type: 'placed', player: e.player, area: e.area, card: null };
    } else out[i] = e;
  }
  return out;
}

/**
 * Creates a game like `createGame` and also reports its opening events: `phase` (`'influence'`),
 * then the first Advisor's `advisor` and `drawn` events. A UI that animates from events starts
 * from these; pass them through {@link eventsFor} like any others. The state is identical to
 * `createGame(options)`'s.
 *
 * @throws {@link RulesError} `INVALID_OPTIONS`, exactly as `createGame`.
 * @example
 * ```ts
 * const { state, events } = createGameWithEvents({ players: 3, seed: 5 });
 * eventsFor(events, 1); // [{ type: 'phase', … }, { type: 'advisor', … }, { type: 'drawn', player: …, card: null or an id }]
 * ```
 */
export function createGameWithEvents(options: GameOptions): StepResult {
  const events: GameEvent[] = [{ type: 'phase', phase: 'influence' }];
  const state = setup(options, events);
  return { state, events };
}
