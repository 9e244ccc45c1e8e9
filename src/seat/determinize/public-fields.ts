/**
 * @internal The public fields of the state, read from the view once (after it was checked), and
 * step 6 of a deal: the state rebuilt from them, what the view shows and the dealt cards.
 * @module
 */
import type { Draft } from '../../rules/draft.js';
import { copyInto, copyLists } from '../../state/copy-into.js';
import type { GameState } from '../../state/types.js';
import type { Frame } from './frame.js';
import { otherThan } from './piles.js';
import type { Shown } from './shown.js';

/** The public fields of the state, read from the view once per dealer (step 6 copies them into every deal). */
export type Public = Pick<
  GameState,
  | 'players'
  | 'variants'
  | 'step'
  | 'toMove'
  | 'firstPlayer'
  | 'advisor'
  | 'selfUsed'
  | 'favorUsed'
  | 'highBid'
  | 'highBidder'
  | 'out'
  | 'defaulted'
  | 'payMode'
  | 'paid'
  | 'primary'
  | 'secondary'
  | 'forfeits'
  | 'lotsDiscarded'
  | 'moveCount'
> & {
  /** The viewer, or -1 for a spectator: who did not place the hidden favor cards and the lot. */
  readonly viewer: number;
};

/** The public fields of the view, as step 1 read and checked them once: what every deal shares. */
export function readPublic(f: Frame, s: Shown): Public {
  const { n, fields: v } = f;
  // Players out of the auction and defaulted ones exist only while a lot is on the table.
  const lotOn = s.lot >= 0;
  const payment = v.payment;
  return {
    players: n,
    variants: v.variants,
    step: f.step,
    toMove: f.toMove,
    firstPlayer: v.firstPlayer,
    advisor: f.advisor,
    selfUsed: v.selfUsed,
    favorUsed: v.favorUsed,
    highBid: v.highBid,
    highBidder: v.highBidder,
    out: lotOn ? ((1 << n) - 1) & ~v.stillIn : 0,
    defaulted: lotOn ? v.defaulted : 0,
    payMode: payment === null ? null : payment.mode,
    paid: payment === null ? 0 : payment.paid,
    primary: v.primary,
    secondary: v.secondary,
    forfeits: v.forfeits,
    lotsDiscarded: v.lotsDiscarded,
    moveCount: v.moveCount,
    viewer: f.me,
  };
}

/**
 * A state in the field order of every state, for a deal to fill: the public fields and the
 * shown cards already in place ({@link rebuild} writes them again, as into any state), the arrays
 * fresh and empty, the dealt numbers 0 until dealt.
 */
export function emptyDraft(pub: Public, s: Shown): Draft {
  return {
    players: pub.players,
    variants: pub.variants,
    seed: 0,
    rng: [],
    step: pub.step,
    toMove: pub.toMove,
    firstPlayer: pub.firstPlayer,
    advisor: pub.advisor,
    deck: [],
    deckTop: 0,
    removed: [],
    drawn: s.drawn,
    selfUsed: pub.selfUsed,
    favorUsed: pub.favorUsed,
    hands: [],
    known: [],
    middle: [],
    favor: [],
    favorBy: [],
    lot: s.lot,
    lotBy: 0,
    highBid: pub.highBid,
    highBidder: pub.highBidder,
    out: pub.out,
    defaulted: pub.defaulted,
    payMode: pub.payMode,
    paid: pub.paid,
    king: s.king,
    primary: [],
    secondary: [],
    discard: [],
    forfeits: pub.forfeits,
    lotsDiscarded: pub.lotsDiscarded,
    moveCount: pub.moveCount,
  };
}

/**
 * Step 6, rebuild the state in `d` (after steps 4 and 5 dealt its hands and piles): the public
 * fields read once, what the view shows, and the sample's generator. Who placed the lot is drawn
 * last (after the favor pile's placers).
 */
export function rebuild(d: Draft, pub: Public, s: Shown, seed: number | string, rng: number[]): void {
  d.players = pub.players;
  d.variants = pub.variants;
  d.seed = seed;
  d.rng = rng;
  d.step = pub.step;
  d.toMove = pub.toMove;
  d.firstPlayer = pub.firstPlayer;
  d.advisor = pub.advisor;
  d.selfUsed = pub.selfUsed;
  d.favorUsed = pub.favorUsed;
  d.known = copyLists(d.known as number[][], s.known);
  d.middle = copyInto(d.middle as number[], s.middle);
  d.lot = s.lot;
  d.lotBy = s.lot >= 0 ? otherThan(rng, pub.players, pub.viewer) : -1;
  d.highBid = pub.highBid;
  d.highBidder = pub.highBidder;
  d.out = pub.out;
  d.defaulted = pub.defaulted;
  d.payMode = pub.payMode;
  d.paid = pub.paid;
  d.king = s.king;
  d.primary = copyInto(d.primary as number[], pub.primary);
  d.secondary = copyInto(d.secondary as number[], pub.secondary);
  d.discard = copyInto(d.discard as number[], s.discard);
  d.forfeits = pub.forfeits;
  d.lotsDiscarded = pub.lotsDiscarded;
  d.moveCount = pub.moveCount;
}
