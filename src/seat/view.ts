/**
 * Per-player views (RULES H1–H3): everything one seat may see, and nothing more.
 * @module
 */

import type { Card, Office } from '../data/cards.js';
import { cardAt, officesInPlay } from '../data/cards.js';
import { maxBid } from '../rules/auction.js';
import { legalActions, phaseOf } from '../rules/legal.js';
import { score } from '../rules/scoring.js';
import { RulesError } from '../state/errors.js';
import { showValue } from '../state/show.js';
import type { Action, GameState, Phase, PlayerCount, Score, Step, Variants } from '../state/types.js';

/** Who looks at the game: a player index, or `'spectator'` (public information only). @category Views and events */
export type Viewer = number | 'spectator';

/** A title's current values (RULES S3, V2). `secondary` is `null` with 2 players. @category Views and events */
export interface TitleValues {
  readonly primary: number;
  readonly secondary: number | null;
}

/** A payment in progress (RULES A5): who pays, how, what is due and what is paid so far. @category Views and events */
export interface PaymentView {
  readonly player: number;
  /** `'gold'`: coin value counts; `'discard'`: each card counts 1. */
  readonly mode: 'gold' | 'discard';
  /** The winning bid. */
  readonly due: number;
  /** Paid so far (coin value or cards). */
  readonly paid: number;
}

/**
 * What one seat may see of the game (RULES H): plain JSON, safe to send to that player's
 * client. It holds nothing hidden from everyone (deck order, random removals, favor order,
 * generator state or seed) and nothing private to another player.
 * @category Views and events
 */
export interface PlayerView {
  /** Whose view this is. */
  readonly viewer: Viewer;
  readonly players: PlayerCount;
  readonly variants: Variants;
  readonly phase: Phase;
  /** The decision the game waits for. */
  readonly step: Step;
  /** The player to move, `null` when the game is over. */
  readonly currentPlayer: number | null;
  /** The Advisor in phase 1, `null` in phase 2 and at the end. */
  readonly advisor: number | null;
  readonly firstPlayer: number;
  /** Title values per office in play. */
  readonly titles: Readonly<Partial<Record<Office, TitleValues>>>;
  /** Cards still in the deck (not counting a card the Advisor holds drawn). */
  readonly deckSize: number;
  /** Cards on the favor pile (not counting the lot on the table). */
  readonly favorSize: number;
  /** Face-up middle cards. */
  readonly middle: readonly Card[];
  /** Every player's hand size. */
  readonly handSizes: readonly number[];
  /** The viewer's own hand (empty for a spectator). */
  readonly hand: readonly Card[];
  /** The card the viewer drew as Advisor and has not placed yet, else `null`. */
  readonly drawn: Card | null;
  /** Whether the Advisor holds a drawn card now (public; the card itself is not). */
  readonly advisorHoldsCard: boolean;
  /** Whether this Advisor turn's *self* slot is used (public: placements are seen; RULES I2). `false` in phase 2. */
  readonly selfUsed: boolean;
  /** Whether this Advisor turn's *favor* slot is used (public, like `selfUsed`). `false` in phase 2. */
  readonly favorUsed: boolean;
  /**
   * Cards the viewer put on the favor pile that are still there: the set, not the order (RULES
   * H2, H3), listed in catalogue order so that the list says nothing about the pile's order.
   */
  readonly myFavor: readonly Card[];
  /** Per player, the cards publicly known to be in their hand (taken from the middle or won) and still held. */
  readonly known: readonly (readonly Card[])[];
  /** The lot on the table, else `null`. */
  readonly lot: Card | null;
  /** The high bid on the lot, `0` before the first bid. */
  readonly highBid: number;
  /** The high bidder, `null` before the first bid. */
  readonly highBidder: number | null;
  /**
   * The lowest amount the player to move may bid now (the high bid + 1), `null` unless the game
   * waits for a bid and a higher one is still possible (RULES A3). The same in every seat's view:
   * a UI draws its bid control from `minBid`…`maxBid` instead of scanning `legal`.
   */
  readonly minBid: number | null;
  /** The highest amount a bid may have (the deck's size, RULES A3), `null` exactly when `minBid` is. */
  readonly maxBid: number | null;
  /** Players still bidding on the lot (empty when no lot is on the table). */
  readonly stillIn: readonly number[];
  /** Players who defaulted on this lot (RULES A7). */
  readonly defaulted: readonly number[];
  /** The payment in progress, else `null`. */
  readonly payment: PaymentView | null;
  /** The King being resolved and who resolves it, else `null`. */
  readonly king: { readonly player: number; readonly card: Card } | null;
  /** Cards that left play face up, in order: resolved Kings, payments, forfeits, unsold lots. */
  readonly discard: readonly Card[];
  /** Forfeits so far. */
  readonly forfeits: number;
  /** Lots discarded unsold so far. */
  readonly lotsDiscarded: number;
  /**
   * The number of actions applied so far (`GameState.moveCount`): the same in every seat's view.
   * A cursor for a client: send it with a move so that the server can refuse a move made on a
   * stale view, or ask for the events after it when reconnecting.
   */
  readonly moveCount: number;
  /** The viewer's legal actions (empty unless the viewer is to move). */
  readonly legal: readonly Action[];
  /** At the end only: every player's hand, public for scoring. */
  readonly hands?: readonly (readonly Card[])[];
  /** At the end only: the final score. */
  readonly score?: Score;
}

function cardList(list: readonly number[]): Card[] {
  return list.map(cardAt);
}

/** @internal How {@link buildView} makes the parts of a view that do not depend on the viewer, and the lists (the host's `ViewParts` shares them). */
export interface Parts {
  /** The cards of `list`, a state array; `slot` names which one (the same slot, the same array kind). */
  readonly cards: (list: readonly number[], slot: number) => readonly Card[];
  readonly known: (state: GameState) => readonly (readonly Card[])[];
  readonly variants: (state: GameState) => PlayerView['variants'];
  readonly titles: (state: GameState) => PlayerView['titles'];
  readonly handSizes: (state: GameState) => readonly number[];
  readonly legal: (state: GameState, me: number) => readonly Action[];
}

/** @internal */
export function variantsOf(state: GameState): PlayerView['variants'] {
  return { payment: state.variants.payment, secondaryTitle: state.variants.secondaryTitle, middle: state.variants.middle };
}

/** @internal */
export function titlesOf(state: GameState): Partial<Record<Office, TitleValues>> {
  const n = state.players;
  const titles: Partial<Record<Office, TitleValues>> = {};
  officesInPlay(n).forEach((office, o) => {
    titles[office] = { primary: state.primary[o] as number, secondary: n === 2 ? null : (state.secondary[o] as number) };
  });
  return titles;
}

/** Every part made afresh: what {@link view} returns belongs to its caller. */
const FRESH: Parts = {
  cards: cardList,
  known: (state) => state.known.map(cardList),
  variants: variantsOf,
  titles: titlesOf,
  handSizes: (state) => state.hands.map((h) => h.length),
  legal: (state, me) => legalActions(state, me).slice(),
};

/** @internal The slots of the shared card lists (`Parts.cards`): the middle, the discard, each seat's hand (up to 5 seats), what is known of each hand. */
export const MIDDLE = 0;
/** @internal */
export const DISCARD = 1;
/** @internal */
export const HANDS = 2;
/** @internal */
export const KNOWN = HANDS + 5;

/** @internal Validates a viewer for a state. */
export function checkViewer(state: GameState, viewer: unknown): asserts viewer is Viewer {
  if (viewer === 'spectator') return;
  if (typeof viewer !== 'number' || !Number.isInteger(viewer) || viewer < 0 || viewer >= state.players) {
    throw new RulesError(
      'INVALID_VIEWER',
      `viewer must be a player index from 0 to ${state.players - 1} or "spectator", got ${showValue(viewer)}`,
    );
  }
}

/**
 * What `viewer` may see of the game (RULES H1–H3). Safe to send to that player's client.
 *
 * @param viewer - a player index, or `'spectator'` for public information only.
 * @throws {@link RulesError} `INVALID_VIEWER` for a viewer that is not a seat of this game nor `'spectator'`.
 * @example
 * ```ts
 * const v = view(state, 2);
 * v.hand;  // player 2's cards
 * v.legal; // player 2's legal actions (empty unless it is their turn)
 * ```
 * @category Views and events
 */
export function view(state: GameState, viewer: Viewer): PlayerView {
  return buildView(state, viewer, FRESH);
}

/** @internal {@link view} with the parts made by `parts`. */
export function buildView(state: GameState, viewer: Viewer, parts: Parts): PlayerView {
  checkViewer(state, viewer);
  const n = state.players;
  const me = viewer === 'spectator' ? -1 : viewer;
  const myFavor: number[] = [];
  if (me >= 0) {
    state.favorBy.forEach((by, i) => {
      if (by === me) myFavor.push(state.favor[i] as number);
    });
    // Catalogue order: the pile's order after the shuffle is hidden from everyone (RULES H3).
    myFavor.sort((a, b) => a - b);
  }
  const stillIn: number[] = [];
  const defaulted: number[] = [];
  if (state.lot >= 0) {
    for (let p = 0; p < n; p++) {
      if ((state.out & (1 << p)) === 0) stillIn.push(p);
      if ((state.defaulted & (1 << p)) !== 0) defaulted.push(p);
    }
  }
  const over = state.step === 'over';
  const topBid = maxBid(state);
  const canRaise = state.step === 'bid' && state.highBid < topBid;
  // Computed here, not inside the literal: there, V8 (Node 20) threw the optimized buildView away
  // on view after view whose highBidder was a seat, and compiled it again, which cost a host about
  // a quarter of the game's own work per action (test/seat/view-deopts.test.ts).
  const highBidder = state.highBidder < 0 ? null : state.highBidder;
  const base: PlayerView = {
    viewer,
    players: state.players,
    variants: parts.variants(state),
    phase: phaseOf(state),
    step: state.step,
    currentPlayer: over ? null : state.toMove,
    advisor: state.advisor < 0 ? null : state.advisor,
    firstPlayer: state.firstPlayer,
    titles: parts.titles(state),
    deckSize: state.deck.length - state.deckTop,
    favorSize: state.favor.length,
    middle: parts.cards(state.middle, MIDDLE),
    handSizes: parts.handSizes(state),
    hand: me >= 0 ? parts.cards(state.hands[me] as number[], HANDS + me) : [],
    drawn: me >= 0 && state.drawn >= 0 && state.advisor === me ? cardAt(state.drawn) : null,
    advisorHoldsCard: state.drawn >= 0,
    selfUsed: state.selfUsed,
    favorUsed: state.favorUsed,
    myFavor: cardList(myFavor), // made afresh for each view: nothing to share
    known: parts.known(state),
    lot: state.lot >= 0 ? cardAt(state.lot) : null,
    highBid: state.highBid,
    highBidder,
    minBid: canRaise ? state.highBid + 1 : null,
    maxBid: canRaise ? topBid : null,
    stillIn,
    defaulted,
    payment: state.payMode === null ? null : { player: state.toMove, mode: state.payMode, due: state.highBid, paid: state.paid },
    king: state.king >= 0 ? { player: state.toMove, card: cardAt(state.king) } : null,
    discard: parts.cards(state.discard, DISCARD),
    forfeits: state.forfeits,
    lotsDiscarded: state.lotsDiscarded,
    moveCount: state.moveCount,
    legal: me >= 0 ? parts.legal(state, me) : [],
  };
  if (!over) return base;
  return { ...base, hands: state.hands.map(cardList), score: score(state) };
}
