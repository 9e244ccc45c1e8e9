/**
 * @internal Step 1 of reading a view: its frame (players, viewer, step, counts) and its other
 * public fields, each of the right type and range.
 * @module
 */
import { MAX_BID, RANDOM_REMOVALS, usedCards } from '../../data/cards.js';
import type { PlayerCount, Step } from '../../state/types.js';
import type { PlayerView } from '../view.js';
import { invalid, isInt, isRecord, list } from './checks.js';

const STEPS: readonly Step[] = ['place', 'take', 'king', 'bid', 'pay', 'over'];

/** The view's frame: the fields every later step relies on, checked. */
export interface Frame {
  readonly n: PlayerCount;
  /** The viewer, or -1 for a spectator. */
  readonly me: number;
  readonly step: Step;
  readonly over: boolean;
  readonly toMove: number;
  readonly advisor: number;
  readonly handSizes: readonly unknown[];
  readonly knownIn: readonly unknown[];
  readonly deckLeft: number;
  readonly removals: number;
  readonly used: readonly number[];
}

/** A list of distinct players of an `n`-player game. */
function players(x: unknown, what: string, n: number): readonly number[] {
  const l = list(x, what);
  let seen = 0;
  for (const p of l) {
    if (!isInt(p, 0, n - 1) || (seen & (1 << p)) !== 0) throw invalid(`${what} must list distinct players 0 to ${n - 1}`);
    seen |= 1 << p;
  }
  return l as readonly number[];
}

/**
 * Step 1b, the view's other public fields: of the right types and ranges (variants, first
 * player, used slots, bids, players still in and defaulted, titles, payment, King, counters),
 * so that the state rebuilt from them is one the engine can continue.
 */
function checkFields(v: PlayerView, n: PlayerCount, over: boolean): void {
  const variants: unknown = v.variants;
  if (!isRecord(variants)) throw invalid('variants must be an object');
  if (variants.payment !== 'gold-or-discard' && variants.payment !== 'by-lot') throw invalid('variants.payment is not a payment variant');
  if (variants.secondaryTitle !== 'half' && variants.secondaryTitle !== 'tile')
    throw invalid('variants.secondaryTitle is not a title variant');
  if (variants.middle !== 'advisor-keeps-last' && variants.middle !== 'one-per-opponent')
    throw invalid('variants.middle is not a middle variant');
  if (!isInt(v.firstPlayer, 0, n - 1)) throw invalid(`firstPlayer must be a player 0 to ${n - 1}`);
  if (typeof v.selfUsed !== 'boolean' || typeof v.favorUsed !== 'boolean' || typeof v.advisorHoldsCard !== 'boolean')
    throw invalid('selfUsed, favorUsed and advisorHoldsCard must be true or false');
  if (!isInt(v.highBid, 0, MAX_BID[n] as number)) throw invalid(`highBid must be 0 to ${MAX_BID[n]}`);
  if (!(v.highBidder === null || isInt(v.highBidder, 0, n - 1))) throw invalid('highBidder must be a player or null');
  if ((v.highBid === 0) !== (v.highBidder === null)) throw invalid('highBid and highBidder disagree');
  players(v.stillIn, 'stillIn', n);
  players(v.defaulted, 'defaulted', n);
  const titles: unknown = v.titles;
  if (!isRecord(titles)) throw invalid('titles must be an object of title values per office');
  const payment: unknown = v.payment;
  if (payment !== null) {
    if (!isRecord(payment) || (payment.mode !== 'gold' && payment.mode !== 'discard')) throw invalid('payment must be null or a payment');
    if (over) throw invalid('a game that is over has no payment');
  }
  const king: unknown = v.king;
  if (king !== null && !(isRecord(king) && isInt(king.player, 0, n - 1))) throw invalid('king must be null or { player, card }');
  for (const [name, x] of [
    ['forfeits', v.forfeits],
    ['lotsDiscarded', v.lotsDiscarded],
    ['moveCount', v.moveCount],
  ] as const) {
    if (!isInt(x, 0, Number.MAX_SAFE_INTEGER)) throw invalid(`${name} must be a count`);
  }
}

/** Step 1, check the view: its frame (players, viewer, step, counts) and its other public fields are of the right types and ranges. */
export function checkView(view: PlayerView): Frame {
  if (!isRecord(view)) throw invalid('a view must be an object from view(state, viewer)');
  const v = view;
  const n = v.players;
  if (n !== 2 && n !== 3 && n !== 4 && n !== 5) throw invalid('players must be 2 to 5');
  const me = v.viewer === 'spectator' ? -1 : v.viewer;
  if (!(me === -1 ? v.viewer === 'spectator' : isInt(me, 0, n - 1))) throw invalid(`viewer must be a player 0 to ${n - 1} or "spectator"`);
  const step = v.step;
  if (!STEPS.includes(step)) throw invalid('step is not a step of the game');
  const over = step === 'over';
  const toMove = v.currentPlayer === null ? -1 : v.currentPlayer;
  if (!isInt(toMove, over ? -1 : 0, over ? -1 : n - 1)) throw invalid('currentPlayer does not fit the step');
  const advisor = v.advisor === null ? -1 : v.advisor;
  if (!isInt(advisor, -1, n - 1)) throw invalid('advisor must be a player or null');
  const handSizes = list(v.handSizes, 'handSizes');
  const knownIn = list(v.known, 'known');
  if (handSizes.length !== n || knownIn.length !== n) throw invalid(`handSizes and known must list ${n} players`);
  const deckLeft = v.deckSize;
  const removals = RANDOM_REMOVALS[n as PlayerCount];
  const used = usedCards(n);
  if (!isInt(deckLeft, 0, used.length - removals)) throw invalid('deckSize is out of range');
  if (!isInt(v.favorSize, 0, used.length)) throw invalid('favorSize is out of range');
  checkFields(v, n, over);
  return { n, me, step, over, toMove, advisor, handSizes, knownIn, deckLeft, removals, used };
}
