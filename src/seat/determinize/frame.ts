/**
 * @internal Step 1 of reading a view: its frame (players, viewer, step, counts) and its other
 * public fields, each of the right type and range.
 * @module
 */
import { MAX_BID, officesInPlay, RANDOM_REMOVALS, usedCards } from '../../data/cards.js';
import { sharedVariants } from '../../rules/variants.js';
import type { PlayerCount, Step, Variants } from '../../state/types.js';
import type { PlayerView } from '../view.js';
import { invalid, isInt, isRecord, list } from './checks.js';

const STEPS: readonly Step[] = ['place', 'take', 'king', 'bid', 'pay', 'over'];

/** The view's frame: the fields every later step relies on, each read once and checked. */
export interface Frame {
  readonly n: PlayerCount;
  /** The viewer, or -1 for a spectator. */
  readonly me: number;
  readonly step: Step;
  readonly over: boolean;
  readonly toMove: number;
  readonly advisor: number;
  /** The hand sizes, each read once (step 3 checks them). */
  readonly handSizes: readonly unknown[];
  readonly knownIn: readonly unknown[];
  readonly deckLeft: number;
  readonly favorSize: number;
  readonly removals: number;
  readonly used: readonly number[];
  /** The view's other public fields. */
  readonly fields: Fields;
}

/**
 * The view's public fields beside the frame, each read once and checked (step 1b): the later
 * steps read these, never the view again, so a getter or proxy cannot answer a check one thing
 * and the state another.
 */
export interface Fields {
  readonly variants: Variants;
  readonly firstPlayer: number;
  readonly selfUsed: boolean;
  readonly favorUsed: boolean;
  readonly advisorHoldsCard: boolean;
  readonly highBid: number;
  /** The high bidder, or -1. */
  readonly highBidder: number;
  /** The players still in the auction, as bits. */
  readonly stillIn: number;
  /** The players who defaulted on the lot, as bits. */
  readonly defaulted: number;
  /** The title values of the offices in play, in office order (secondary 0 with 2 players). */
  readonly primary: number[];
  readonly secondary: number[];
  readonly payment: PaymentFields | null;
  /** The King on the table, or `null`: its card as the view shows it (step 2 reads it). */
  readonly king: { readonly card: unknown } | null;
  readonly forfeits: number;
  readonly lotsDiscarded: number;
  readonly moveCount: number;
}

/** The payment in progress, read once and checked. */
export interface PaymentFields {
  readonly player: number;
  readonly mode: 'gold' | 'discard';
  readonly due: number;
  readonly paid: number;
}

/** A list of distinct players of an `n`-player game, each read once, as bits. */
function players(x: unknown, what: string, n: number): number {
  const l = list(x, what);
  const length = l.length;
  let seen = 0;
  for (let i = 0; i < length; i++) {
    const p = l[i];
    if (!isInt(p, 0, n - 1) || (seen & (1 << p)) !== 0) throw invalid(`${what} must list distinct players 0 to ${n - 1}`);
    seen |= 1 << p;
  }
  return seen;
}

/** A count from 0 to `Number.MAX_SAFE_INTEGER` (`-0` read as `0`), or `INVALID_VIEW` naming `name`. */
function count(x: unknown, name: string): number {
  if (!isInt(x, 0, Number.MAX_SAFE_INTEGER)) throw invalid(`${name} must be a count`);
  return x + 0;
}

/** The title values of the offices in play, each read once. */
function readTitles(x: unknown, n: PlayerCount): { primary: number[]; secondary: number[] } {
  if (!isRecord(x)) throw invalid('titles must be an object of title values per office');
  const offices = officesInPlay(n);
  const primary = new Array<number>(offices.length);
  const secondary = new Array<number>(offices.length);
  for (let o = 0; o < offices.length; o++) {
    const t: unknown = x[offices[o] as string];
    const p = isRecord(t) ? t.primary : undefined;
    const s = isRecord(t) ? t.secondary : undefined;
    if (!isInt(p, 1, 6) || (n === 2 ? s !== null : !isInt(s, 0, 6))) throw invalid(`titles.${offices[o]} is missing or out of range`);
    primary[o] = p + 0;
    secondary[o] = s === null ? 0 : (s as number) + 0;
  }
  return { primary, secondary };
}

/** The payment in progress, each field read once: `null`, or a payment of a player, due and paid in range. */
function readPayment(x: unknown, n: PlayerCount, over: boolean): PaymentFields | null {
  if (x === null) return null;
  if (!isRecord(x)) throw invalid('payment must be null or a payment');
  const mode = x.mode;
  if (mode !== 'gold' && mode !== 'discard') throw invalid('payment must be null or a payment');
  if (over) throw invalid('a game that is over has no payment');
  const player = x.player;
  const due = x.due;
  const paid = x.paid;
  if (!isInt(player, 0, n - 1) || !isInt(due, 1, 108) || !isInt(paid, 0, due - 1)) throw invalid('payment is out of range');
  return { player: player + 0, mode, due: due + 0, paid: paid + 0 };
}

/**
 * Step 1b, the view's other public fields, each read once: of the right types and ranges
 * (variants, first player, used slots, bids, players still in and defaulted, titles, payment,
 * King, counters), so that the state rebuilt from them is one the engine can continue.
 */
function checkFields(v: PlayerView, n: PlayerCount, over: boolean): Fields {
  const variants: unknown = v.variants;
  if (!isRecord(variants)) throw invalid('variants must be an object');
  const payment = variants.payment;
  if (payment !== 'gold-or-discard' && payment !== 'by-lot') throw invalid('variants.payment is not a payment variant');
  const secondaryTitle = variants.secondaryTitle;
  if (secondaryTitle !== 'half' && secondaryTitle !== 'tile') throw invalid('variants.secondaryTitle is not a title variant');
  const middle = variants.middle;
  if (middle !== 'advisor-keeps-last' && middle !== 'one-per-opponent') throw invalid('variants.middle is not a middle variant');
  const firstPlayer: unknown = v.firstPlayer;
  if (!isInt(firstPlayer, 0, n - 1)) throw invalid(`firstPlayer must be a player 0 to ${n - 1}`);
  const selfUsed: unknown = v.selfUsed;
  const favorUsed: unknown = v.favorUsed;
  const advisorHoldsCard: unknown = v.advisorHoldsCard;
  if (typeof selfUsed !== 'boolean' || typeof favorUsed !== 'boolean' || typeof advisorHoldsCard !== 'boolean')
    throw invalid('selfUsed, favorUsed and advisorHoldsCard must be true or false');
  const highBid: unknown = v.highBid;
  if (!isInt(highBid, 0, MAX_BID[n] as number)) throw invalid(`highBid must be 0 to ${MAX_BID[n]}`);
  const highBidder: unknown = v.highBidder;
  if (!(highBidder === null || isInt(highBidder, 0, n - 1))) throw invalid('highBidder must be a player or null');
  if ((highBid === 0) !== (highBidder === null)) throw invalid('highBid and highBidder disagree');
  const stillIn = players(v.stillIn, 'stillIn', n);
  const defaulted = players(v.defaulted, 'defaulted', n);
  const { primary, secondary } = readTitles(v.titles, n);
  const pay = readPayment(v.payment, n, over);
  const kingIn: unknown = v.king;
  let king: { card: unknown } | null = null;
  if (kingIn !== null) {
    if (!isRecord(kingIn) || !isInt(kingIn.player, 0, n - 1)) throw invalid('king must be null or { player, card }');
    king = { card: kingIn.card };
  }
  return {
    variants: sharedVariants({ payment, secondaryTitle, middle }),
    firstPlayer: firstPlayer + 0,
    selfUsed,
    favorUsed,
    advisorHoldsCard,
    highBid: highBid + 0,
    highBidder: highBidder === null ? -1 : highBidder + 0,
    stillIn,
    defaulted,
    primary,
    secondary,
    payment: pay,
    king,
    forfeits: count(v.forfeits, 'forfeits'),
    lotsDiscarded: count(v.lotsDiscarded, 'lotsDiscarded'),
    moveCount: count(v.moveCount, 'moveCount'),
  };
}

/**
 * Step 1, check the view: its frame (players, viewer, step, counts) and its other public fields,
 * each read once, are of the right types and ranges.
 */
export function checkView(view: PlayerView): Frame {
  if (!isRecord(view)) throw invalid('a view must be an object from view(state, viewer)');
  const v = view;
  const n = v.players;
  if (n !== 2 && n !== 3 && n !== 4 && n !== 5) throw invalid('players must be 2 to 5');
  const viewer: unknown = v.viewer;
  if (!(viewer === 'spectator' || isInt(viewer, 0, n - 1))) throw invalid(`viewer must be a player 0 to ${n - 1} or "spectator"`);
  const me = viewer === 'spectator' ? -1 : viewer + 0;
  const step = v.step;
  if (!STEPS.includes(step)) throw invalid('step is not a step of the game');
  const over = step === 'over';
  const currentPlayer: unknown = v.currentPlayer;
  const toMove = currentPlayer === null ? -1 : currentPlayer;
  if (!isInt(toMove, over ? -1 : 0, over ? -1 : n - 1)) throw invalid('currentPlayer does not fit the step');
  const advisorIn: unknown = v.advisor;
  const advisor = advisorIn === null ? -1 : advisorIn;
  if (!isInt(advisor, -1, n - 1)) throw invalid('advisor must be a player or null');
  const sizes = list(v.handSizes, 'handSizes');
  const knownIn = list(v.known, 'known');
  const sizeCount = sizes.length;
  if (sizeCount !== n || knownIn.length !== n) throw invalid(`handSizes and known must list ${n} players`);
  const handSizes = new Array<unknown>(n);
  for (let p = 0; p < n; p++) handSizes[p] = sizes[p];
  const deckLeft: unknown = v.deckSize;
  const removals = RANDOM_REMOVALS[n as PlayerCount];
  const used = usedCards(n);
  if (!isInt(deckLeft, 0, used.length - removals)) throw invalid('deckSize is out of range');
  const favorSize: unknown = v.favorSize;
  if (!isInt(favorSize, 0, used.length)) throw invalid('favorSize is out of range');
  const fields = checkFields(v, n, over);
  return { n, me, step, over, toMove: toMove + 0, advisor: advisor + 0, handSizes, knownIn, deckLeft, favorSize, removals, used, fields };
}
