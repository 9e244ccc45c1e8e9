/**
 * Protocol version 3's views: a `PlayerView` whose `legal` lists the actions' ids
 * (`actionId(action, players)`, the engine's stable numbers) instead of the action objects. The
 * mover's legal list is most of what changes from one view to the next (about 1,150 of the 1,400
 * bytes of patches an action sends to four seats), and as ids it is a fraction of that, cheaper to
 * write, parse and digest. Everything else in the view is as in versions 1 and 2.
 * @module
 */
import { type Action, actionFromId, actionId, type PlayerView } from '../index.js';
import { HostError } from './errors.js';

/** A view as version 3 sends it: `legal` holds action ids (see {@link compactView}). */
export type CompactView = Omit<PlayerView, 'legal'> & {
  /** The viewer's legal actions as ids, in the order of `PlayerView.legal` (`actionFromId(id, players)` gives each back). */
  readonly legal: readonly number[];
};

/** A view on the wire: whole actions (versions 1 and 2) or action ids (version 3). */
export type WireView = PlayerView | CompactView;

/** The ids of frozen legal lists (the engine keeps and hands out the same list while it holds): each list converted once. */
const idsOf = new WeakMap<readonly Action[], readonly number[]>();

function ids(view: PlayerView): readonly number[] {
  const legal = view.legal;
  const known = idsOf.get(legal);
  if (known !== undefined) return known;
  const made = Object.freeze(legal.map((a) => actionId(a, view.players)));
  if (Object.isFrozen(legal)) idsOf.set(legal, made);
  return made;
}

/**
 * `view` as protocol version 3 sends it: `legal` as action ids. A view with no legal actions (every
 * seat but the mover's, and every spectator's) is returned as it is: its `[]` reads the same both
 * ways.
 *
 * @example
 * ```ts
 * const wire = compactView(view(state, 0)); // wire.legal: e.g. [0, 1, 2] for the three placements
 * expandView(wire);                         // the view again, with the actions
 * ```
 */
export function compactView(view: PlayerView): CompactView {
  if (view.legal.length === 0) return view as unknown as CompactView;
  return { ...view, legal: ids(view) };
}

/**
 * A version 3 view back as a `PlayerView`: each id in `legal` as its action (the engine's shared,
 * frozen action objects, as `legalActions` lists them). Reads `legal` as untrusted input.
 *
 * @throws {@link HostError} `BAD_MESSAGE` when `legal` is not a list of action ids of a game of
 * `players` players.
 */
export function expandView(view: CompactView): PlayerView {
  const legal: unknown = view.legal;
  if (!Array.isArray(legal)) throw new HostError('BAD_MESSAGE', 'a version 3 view lists its legal actions as an array of ids');
  if (legal.length === 0) return view as unknown as PlayerView;
  const actions: Action[] = [];
  for (const id of legal) {
    try {
      actions.push(actionFromId(id as number, view.players));
    } catch (e) {
      throw new HostError('BAD_MESSAGE', `a version 3 view's legal actions: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return { ...view, legal: actions };
}

/** @internal `view` in the form protocol version `v` sends: a {@link CompactView} from version 3 on, else as it is. */
export function viewForVersion(view: PlayerView, v: number): WireView {
  return v >= 3 ? compactView(view) : view;
}
