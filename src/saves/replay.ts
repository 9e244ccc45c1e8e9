/**
 * Replay: a game rebuilt exactly from its options and its list of actions (RULES S5).
 * @module
 */
import { apply, step } from '../rules/apply.js';
import { normalizeOptions, setupFrom } from '../rules/setup.js';
import { RulesError } from '../state/errors.js';
import { readAction } from '../state/shape.js';
import type { Action, GameEvent, GameOptions, GameState } from '../state/types.js';

/**
 * Called by {@link replay} after each action: the action's position in the list (from 0), the
 * action as it was checked and applied (a plain copy of the list's entry, or the engine's own
 * legal-action object), the state after it, and the events it caused.
 * @category Saves
 */
export type ReplayStep = (index: number, action: Action, state: GameState, events: readonly GameEvent[]) => void;

/**
 * Rebuilds a game from its options and the actions played, in order: the same seed and the same
 * actions give the identical state (RULES S5). The state holds no history, so the caller keeps
 * the list of actions (for example next to a save, or in a server's log).
 *
 * Every action is checked exactly as `apply` checks it. With `onStep`, each action goes through
 * `step` and the callback sees every intermediate state and its events (to check that a replay
 * matches the live game at every step, or to animate a finished game).
 *
 * @param options - the game's options; `seed` is required (a game without one cannot be replayed).
 * @param actions - the actions played since `createGame(options)`.
 * @param onStep - optional, called after each action.
 * @throws {@link RulesError} `INVALID_OPTIONS` without a seed or for options `createGame` rejects;
 * an action that does not apply throws the `apply` error with its code, its message prefixed by
 * the action's position (`action 12: …`).
 * @example
 * ```ts
 * const options = { players: 4, seed: 'table-7' } as const;
 * const log: Action[] = [];
 * let live = createGame(options);
 * for (const action of moves) { live = apply(live, action); log.push(action); }
 * replay(options, log); // deep-equals live
 * ```
 * @category Saves
 */
export function replay(options: GameOptions, actions: readonly Action[], onStep?: ReplayStep): GameState {
  const needed = 'replay needs the options the game was created with, including its seed';
  if (typeof options !== 'object' || options === null) throw new RulesError('INVALID_OPTIONS', needed);
  // The options are read once: the seed checked here is the seed the game is created with.
  const checked = normalizeOptions(options);
  if (checked.seed === undefined) throw new RulesError('INVALID_OPTIONS', needed);
  if (!Array.isArray(actions)) throw new RulesError('MALFORMED_ACTION', 'replay needs an array of actions');
  let state = setupFrom(checked, null);
  // The list is read once: its length, then each entry once (a getter or proxy cannot answer
  // one thing to the check and another to the callback).
  const count = actions.length;
  for (let i = 0; i < count; i++) {
    let action = actions[i] as Action;
    let events: readonly GameEvent[] | null = null;
    try {
      if (onStep) {
        action = readAction(action, state.players);
        const r = step(state, action);
        state = r.state;
        events = r.events;
      } else state = apply(state, action);
    } catch (e) {
      if (e instanceof RulesError) throw new RulesError(e.code, `action ${i}: ${e.message}`);
      throw e;
    }
    if (onStep && events) onStep(i, action, state, events);
  }
  return state;
}
