/**
 * Events as one seat may see them (RULES H), and the events of a game's opening.
 * @module
 */
import type { StepResult } from '../rules/apply.js';
import { setup } from '../rules/setup.js';
import { RulesError, unreadable } from '../state/errors.js';
import { showValue } from '../state/show.js';
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
 * @throws {@link RulesError} `INVALID_VIEWER` for a viewer that is neither a non-negative
 * integer nor `'spectator'`; `INVALID_EVENTS` when `events` is not an array of objects, or a
 * getter or proxy in it throws when read.
 * @example
 * ```ts
 * const { state: next, events } = step(state, action);
 * for (let p = 0; p < next.players; p++) send(p, { view: view(next, p), events: eventsFor(events, p) });
 * ```
 * @category Views and events
 */
export function eventsFor(events: readonly GameEvent[], viewer: Viewer): GameEvent[] {
  if (viewer !== 'spectator' && !(typeof viewer === 'number' && Number.isInteger(viewer) && viewer >= 0)) {
    throw new RulesError('INVALID_VIEWER', `viewer must be a player index or "spectator", got ${showValue(viewer)}`);
  }
  try {
    if (!Array.isArray(events)) throw new RulesError('INVALID_EVENTS', `events must be an array from step(), got ${showValue(events)}`);
    const n = events.length;
    const out: GameEvent[] = new Array<GameEvent>(n);
    for (let i = 0; i < n; i++) {
      const e: unknown = events[i];
      if (typeof e !== 'object' || e === null)
        throw new RulesError('INVALID_EVENTS', `events[${i}] must be an event object, got ${showValue(e)}`);
      out[i] = forViewer(e as GameEvent, viewer);
    }
    return out;
  } catch (e) {
    unreadable(e, 'INVALID_EVENTS', 'the events could not be read (a getter or proxy in them threw)');
  }
}

/** One event as `viewer` may see it: each field read once. */
function forViewer(e: GameEvent, viewer: Viewer): GameEvent {
  const type = e.type;
  if (type !== 'drawn' && type !== 'placed') return e;
  const { player, card } = e;
  if (card === null || player === viewer) return e;
  if (type === 'drawn') return { type, player, card: null };
  const area = (e as Extract<GameEvent, { type: 'placed' }>).area;
  return area === 'middle' ? e : { type, player, area, card: null };
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
 * @category Views and events
 */
export function createGameWithEvents(options: GameOptions): StepResult {
  const events: GameEvent[] = [{ type: 'phase', phase: 'influence' }];
  const state = setup(options, events);
  return { state, events };
}
