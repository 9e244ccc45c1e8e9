/**
 * Applying actions: validation with clear errors, then the transition. Dispatches on the
 * state's `step`, like `legalActions`, so the two cannot disagree.
 * @module
 */

import { cardIndex } from '../data/cards.js';
import { isEngineAction } from '../state/engine-action.js';
import { RulesError } from '../state/errors.js';
import { readAction } from '../state/shape.js';
import type { Action, Area, GameEvent, GameState } from '../state/types.js';
import { passAction, takeAction } from './actions.js';
import { bid, canPay, maxBid, nextLot, pass, pay } from './auction.js';
import type { Draft, Tx } from './draft.js';
import { draftOf } from './draft.js';
import { advisorTookLast, canPlace, continuePlacement, continueTakes, legalPlace, place, take } from './influence.js';
import { canResolve, resolveKing } from './king.js';
import { officeIndex } from './setup.js';

/** What {@link step} returns: the next state and what happened on the way. @category Game */
export interface StepResult {
  /** The state after the action (the input is unchanged). */
  readonly state: GameState;
  /** Everything that happened, chance included, in order. Filter with `eventsFor` before showing it to a player. */
  readonly events: readonly GameEvent[];
}

/** What the game waits for, by step (a finished game waits for nothing: it is refused first). */
const DECISION: Readonly<Record<Exclude<GameState['step'], 'over'>, string>> = {
  place: 'place the drawn card',
  take: 'take a middle card',
  king: 'resolve a King',
  bid: 'bid or pass',
  pay: 'pay for the lot',
};

function illegal(message: string): RulesError {
  return new RulesError('ILLEGAL_ACTION', message);
}

function unknownCard(id: string): RulesError {
  return new RulesError('UNKNOWN_CARD', `there is no card "${id}"`);
}

/**
 * @internal Reads `action` once and checks that it is an action `s` accepts; returns the plain
 * copy that was checked (pass that one on, never `action`), or throws a `RulesError`. Getters,
 * proxies and inherited fields cannot answer one thing to the checks and another to the rules.
 * Shared by `apply` and the simulator's checked `apply`.
 *
 * The engine's own action objects (the frozen, marked objects `legalActions` lists) are exact
 * data already, so only their legality is asked (`legalAsIs`), and that answer decides: the full
 * checks then only say why one is refused. Every other input is read once and checked in full.
 */
export function checkAction(s: GameState, action: unknown): Action {
  if (legalAsIs(s, action)) return action as Action;
  if (isEngineAction(action)) {
    throw refusal(s, readAction(action, s.players)) ?? illegal(`player ${action.player} cannot ${action.type} now`);
  }
  const a = readAction(action, s.players);
  const e = refusal(s, a);
  if (e !== null) throw e;
  return a;
}

/**
 * Why `s` refuses the well-formed action `a`, or `null` if `s` accepts it: the game is over, it
 * is another player's turn, the game waits for another kind of decision, or the choice is not
 * open (with the rule's reason).
 */
function refusal(s: GameState, a: Action): RulesError | null {
  if (s.step === 'over') return new RulesError('GAME_OVER', 'the game is over: no action applies');
  const p = a.player;
  if (p !== s.toMove)
    return new RulesError('NOT_YOUR_TURN', `player ${p} cannot act: it is player ${s.toMove}'s turn to ${DECISION[s.step]}`);
  // The step an action type answers: a pass is a bidding decision too (a plain comparison: a keyed
  // lookup here showed in profiles).
  if ((a.type === 'pass' ? 'bid' : a.type) !== s.step) {
    return new RulesError('WRONG_STEP', `player ${p} cannot ${a.type} now: the game waits for them to ${DECISION[s.step]}`);
  }
  switch (a.type) {
    case 'place':
      if (!canPlace(s, a.area)) return illegal(`player ${p} cannot place in ${a.area}: ${fullReason(s, a.area)}`);
      break;
    case 'take': {
      const c = cardIndex(a.card);
      if (c < 0) return unknownCard(a.card);
      if (!s.middle.includes(c)) return illegal(`player ${p} cannot take ${a.card}: it is not in the middle`);
      break;
    }
    case 'king': {
      const o = officeIndex(s, a.office);
      if (o < 0) return illegal(`${a.office} is not in play with ${s.players} players`);
      if (!canResolve(s, o, a.value)) {
        return illegal(
          a.value === s.primary[o]
            ? `player ${p} cannot set ${a.office} to ${a.value}: it is already ${a.value}`
            : `player ${p} cannot set ${a.office} to ${a.value}: a title value is 1 to 6`,
        );
      }
      break;
    }
    case 'bid': {
      const max = maxBid(s);
      if (a.amount <= s.highBid) {
        return illegal(
          s.highBid === 0
            ? `player ${p} cannot bid ${a.amount}: a bid is at least 1`
            : `player ${p} cannot bid ${a.amount}: the high bid is ${s.highBid}`,
        );
      }
      if (a.amount > max) return illegal(`player ${p} cannot bid ${a.amount}: the highest bid with ${s.players} players is ${max}`);
      break;
    }
    case 'pay': {
      const c = cardIndex(a.card);
      if (c < 0) return unknownCard(a.card);
      if (!canPay(s, c)) {
        return illegal(
          (s.hands[p] as readonly number[]).includes(c)
            ? `player ${p} cannot pay with ${a.card}: only gold pays for this lot`
            : `player ${p} cannot pay with ${a.card}: it is not in their hand`,
        );
      }
      break;
    }
  }
  return null;
}

/**
 * Whether `a` is one of the engine's own action objects (plain frozen data, so its fields can be
 * read freely) and legal in `s`: true exactly for the objects `legalActions(s)` lists, false for
 * anything else. `checkAction`'s quick path, with no messages.
 */
function legalAsIs(s: GameState, a: unknown): boolean {
  const p = s.toMove;
  const step = s.step;
  // Bidding first: most actions of a game are bids and passes.
  if (step === 'bid') {
    if (a === passAction(p)) return true;
    return isEngineAction(a) && a.type === 'bid' && a.player === p && a.amount > s.highBid && a.amount <= maxBid(s);
  }
  // The place and take actions are shared per player and area or card: legal iff it is the one
  // of an open area, or of a middle card.
  if (step === 'place') return legalPlace(s).includes(a as Action);
  if (step === 'take') {
    for (const c of s.middle) if (takeAction(p, c) === a) return true;
    return false;
  }
  if (step === 'king') return isEngineAction(a) && a.type === 'king' && a.player === p && canResolve(s, officeIndex(s, a.office), a.value);
  if (step === 'pay') return isEngineAction(a) && a.type === 'pay' && a.player === p && canPay(s, cardIndex(a.card));
  return false;
}

/**
 * @internal The transition of an action `checkAction` accepted, made on the draft `d` in place.
 * The pure API calls it on a fresh `draftOf` copy, the simulator on the state it owns.
 */
export function perform(d: Draft, a: Action, tx: Tx): void {
  d.moveCount += 1;
  switch (a.type) {
    case 'place':
      place(d, a.area, tx);
      break;
    case 'take':
      take(d, cardIndex(a.card), tx);
      break;
    case 'king':
      resolveKing(d, officeIndex(d, a.office), a.value, tx);
      resume(d, tx);
      break;
    case 'bid':
      bid(d, a.amount, tx);
      break;
    case 'pass':
      pass(d, tx);
      break;
    case 'pay':
      pay(d, cardIndex(a.card), tx);
      break;
  }
}

/**
 * The transaction of `apply`'s transitions, which want no events: one object reused (a
 * transition runs to its end without calling out, so two never overlap), only its owned arrays
 * reset. Saves an allocation and a write per action; `step` makes its own, with its events.
 */
const QUIET: Tx = { events: null, owned: 0 };

/** @internal Validates `a` against `s` and applies it to a fresh draft. Throws before any change. */
function transition(s: GameState, action: unknown, events: GameEvent[] | null): GameState {
  const a = checkAction(s, action);
  const d = draftOf(s);
  let tx = QUIET;
  if (events === null) tx.owned = 0;
  else tx = { events, owned: 0 };
  perform(d, a, tx);
  return d;
}

function fullReason(s: GameState, area: Area): string {
  if (area === 'middle')
    return `the middle already holds ${s.middle.length} cards, one per ${s.variants.middle === 'one-per-opponent' ? 'opponent' : 'player'} (RULES I2, V3)`;
  return `this turn's ${area} slot is already used`;
}

/** @internal After a King's resolution, the game goes on where the King interrupted it (RULES K1). */
export function resume(d: Draft, tx: Tx): void {
  if (d.advisor < 0) nextLot(d, tx);
  else if (d.toMove === d.advisor && !advisorTookLast(d)) continuePlacement(d, tx);
  else continueTakes(d, d.toMove, tx);
}

/**
 * Applies an action and returns the next state. The input is never changed. An action is
 * accepted if and only if it equals (by value) one of `legalActions(state)`.
 *
 * @throws {@link RulesError} with a code (`MALFORMED_ACTION`, `GAME_OVER`, `NOT_YOUR_TURN`,
 * `WRONG_STEP`, `UNKNOWN_CARD`, `ILLEGAL_ACTION`) and a message a person can act on.
 * @example
 * ```ts
 * let state = createGame({ players: 3, seed: 42 });
 * state = apply(state, { type: 'place', player: currentPlayer(state)!, area: 'middle' });
 * ```
 * @category Game
 */
export function apply(state: GameState, action: Action): GameState {
  return transition(state, action, null);
}

/**
 * Applies an action and reports everything that happened: the player's own move and every
 * chance step and consequence it set off (draws, King gains, lots revealed, forfeits, the end).
 * `apply` is its shorthand without events.
 *
 * @throws {@link RulesError} exactly as {@link apply}.
 * @example
 * ```ts
 * const { state: next, events } = step(state, { type: 'pass', player: 1 });
 * for (const e of eventsFor(events, 0)) console.log(e.type);
 * ```
 * @category Game
 */
export function step(state: GameState, action: Action): StepResult {
  const events: GameEvent[] = [];
  const next = transition(state, action, events);
  return { state: next, events };
}
