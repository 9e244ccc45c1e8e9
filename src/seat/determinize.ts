/**
 * Determinization for bots: a full game state that a seat cannot tell from the real one.
 * @module
 */
import type { Card } from '../data/cards.js';
import { CARDS, cardIndex, GOLD, KIND, KING, MAX_BID, officesInPlay, RANDOM_REMOVALS, usedCards, VALUE } from '../data/cards.js';
import type { Draft } from '../rules/draft.js';
import { tableProblem } from '../rules/reachable.js';
import { copyInto, copyLists, copyWords, rowsFor, truncate } from '../state/copy-into.js';
import { isRulesError, RulesError } from '../state/errors.js';
import { nextInt, pickInPlace, seedState, shuffleInPlace } from '../state/rng.js';
import { showValue } from '../state/show.js';
import type { GameState, PlayerCount, Step } from '../state/types.js';
import type { PlayerView } from './view.js';

const STEPS: readonly Step[] = ['place', 'take', 'king', 'bid', 'pay', 'over'];

/** Scratch marks per catalogue index, reused by every call (the engine is single-threaded per realm). */
const mark = new Int8Array(CARDS.length);
const UNUSED = 0;
const HIDDEN = 1;
const SEEN = 2;
/** Marks 10 + p: in player p's hand. */
const IN_HAND = 10;

/** Words of 32 bits that hold one bit per catalogue card. */
const WORDS = (CARDS.length + 31) >> 5;
/** Scratch bits of the cards drawn so far, for each deal. */
const drawnBits = new Int32Array(WORDS);

/** Per player count, the starting marks: `HIDDEN` for the cards used with that count, else `UNUSED`. */
const TEMPLATES: Int8Array[] = [];

function templateFor(n: number): Int8Array {
  let t = TEMPLATES[n];
  if (t === undefined) {
    t = new Int8Array(CARDS.length);
    for (const c of usedCards(n)) t[c] = HIDDEN;
    TEMPLATES[n] = t;
  }
  return t;
}

/** How many random picks to try before building a payer's hand greedily. */
const PAYER_TRIES = 64;

function invalid(message: string): RulesError {
  return new RulesError('INVALID_VIEW', message);
}

function isInt(x: unknown, lo: number, hi: number): x is number {
  // `Number.isInteger` is false for anything but a number.
  return Number.isInteger(x) && (x as number) >= lo && (x as number) <= hi;
}

function list(x: unknown, what: string): readonly unknown[] {
  if (!Array.isArray(x)) throw invalid(`${what} must be an array`);
  return x;
}

/** Catalogue objects to their indexes: views from `view` hold these very objects. */
const BY_OBJECT: ReadonlyMap<unknown, number> = new Map(CARDS.map((c, i) => [c, i]));

function indexOfCard(c: unknown, what: string): number {
  const known = BY_OBJECT.get(c);
  if (known !== undefined) return known;
  // A view that went through JSON: look the card up by its id.
  const id = typeof c === 'object' && c !== null ? (c as { id?: unknown }).id : undefined;
  const i = typeof id === 'string' ? cardIndex(id) : -1;
  if (i < 0) throw invalid(`${what} holds something that is not a card`);
  return i;
}

/** Marks a visible card as placed (it must be a hidden, used card so far) and returns its index. */
function see(c: unknown, what: string, as: number): number {
  const i = indexOfCard(c, what);
  const m = mark[i] as number;
  if (m === UNUSED) throw invalid(`${what} holds ${(CARDS[i] as Card).id}, which is not used with this player count`);
  if (m !== HIDDEN) throw invalid(`${(CARDS[i] as Card).id} is shown twice (again in ${what})`);
  mark[i] = as;
  return i;
}

function cardsOf(x: unknown, what: string, as: number): number[] {
  const l = list(x, what);
  const out = new Array<number>(l.length);
  for (let i = 0; i < l.length; i++) out[i] = see(l[i], what, as);
  return out;
}

/** Swaps `a[i]` and `a[j]`. */
function swap(a: number[], i: number, j: number): void {
  const t = a[i] as number;
  a[i] = a[j] as number;
  a[j] = t;
}

/** Moves the cards of `a` that pass `keep` to its front; returns how many. */
function partition(a: number[], keep: (c: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (keep(a[i] as number)) swap(a, n++, i);
  return n;
}

function coins(c: number): number {
  return KIND[c] === GOLD ? (VALUE[c] as number) : 0;
}

function goldOf(a: readonly number[], from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += coins(a[i] as number);
  return sum;
}

interface Payer {
  readonly player: number;
  /** Gold still needed from the hidden cards, or -1 for "no gold allowed". */
  readonly gold: number;
}

/**
 * Deals the payer's hidden cards into `nk[0 … slots)` so that the payment in progress can be
 * completed (RULES A5): enough gold, or no gold at all for a winner paying by discarding.
 */
function dealPayer(rng: number[], nk: number[], slots: number, payer: Payer): void {
  if (payer.gold < 0) {
    const eligible = partition(nk, (c) => KIND[c] !== GOLD);
    if (eligible < slots) throw invalid(`player ${payer.player} pays by discarding but too few cards without gold remain hidden`);
    pickInPlace(rng, nk, 0, eligible, slots);
    return;
  }
  for (let t = 0; t < PAYER_TRIES; t++) {
    pickInPlace(rng, nk, 0, nk.length, slots);
    if (goldOf(nk, 0, slots) >= payer.gold) return;
  }
  // Rare: the payer needs most of the hidden gold. Take the highest coins until enough, then pick the rest at random.
  nk.sort((a, b) => coins(b) - coins(a));
  let k = 0;
  let sum = 0;
  while (k < slots && sum < payer.gold) sum += coins(nk[k++] as number);
  if (sum < payer.gold) throw invalid(`player ${payer.player} cannot complete the payment with the hidden gold`);
  pickInPlace(rng, nk, k, nk.length, slots - k);
}

/**
 * A full {@link GameState} consistent with a view (RULES H), for bots that search over the
 * hidden information (determinized or information-set Monte Carlo search).
 *
 * Every card the viewer cannot place is dealt at random from the cards of the game that the view
 * does not show: into other players' hands (beside the cards known to be there), the rest of the
 * deck, the favor pile (beside the viewer's own favor cards, in a random order), another Advisor's
 * drawn card, and the cards removed at random at setup. The deal respects what the rules imply:
 * nobody keeps a King (RULES K1), and a payment in progress can be completed (RULES A5). Apart
 * from that it is uniform; a history-aware bot may reject samples that contradict what it saw
 * (the view holds no history). Who placed the other favor cards and the lot, which no view
 * shows and no rule uses, is drawn at random among the other players; the deck's drawn part
 * (history, never read again) is listed in catalogue order.
 *
 * Guarantees: `view(result, view.viewer)` deep-equals `view`; the result holds exactly the cards
 * of the game (each used card once); the same view and seed give the same result. The result's
 * generator state is derived from `seed`, so future chance (the favor pile's shuffle, forfeits)
 * differs from sample to sample; its `seed` field is `seed`. A spectator's view works too (every
 * hand is then dealt). Fast enough to call a thousand times per decision.
 *
 * @param view - a view from `view(state, viewer)`, as is or after a JSON round trip.
 * @param seed - any number or string; each seed gives one sample.
 * @throws {@link RulesError} `INVALID_VIEW` when the view is not consistent (cheap checks: every
 * field's type and range, counts, cards shown twice or not used with the player count, a King
 * shown in a hand, too many or too few hidden cards for the hidden places, a payment that cannot
 * be completed, a table the rules cannot reach: the turn order, the bidding, counters), or when
 * reading it throws (a getter or proxy); `INVALID_OPTIONS` for a seed that is neither a finite
 * number nor a string. It never returns a state the engine cannot continue.
 * @example
 * ```ts
 * const seen = view(state, me);
 * for (let i = 0; i < 1000; i++) {
 *   const world = determinize(seen, i);
 *   // play out from `world`, for example with random legal actions, and score the outcome
 * }
 * ```
 * @category Views and events
 */
export function determinize(view: PlayerView, seed: number | string): GameState {
  // The seed first: a bad seed is refused before the view is read.
  checkSeed(seed);
  return dealerOf(view).deal(seed);
}

/**
 * @internal A view read and checked once, then dealt many times: `deal(seed)` is exactly
 * `determinize(view, seed)`, without reading the view again (a search deals once per iteration).
 * The view must not change while the dealer is in use.
 */
export interface Dealer {
  /** The sample of `seed`: equal to `determinize(view, seed)`. */
  deal(seed: number | string): GameState;
  /**
   * Writes the sample of `seed` into `into`, reusing its arrays (which `into` must own, as the
   * simulator's state does): afterwards `into` equals `deal(seed)`. Every error comes before
   * anything is written: a bad seed, and the dealer's first sample, which is judged (step 7) as a
   * whole state; once one sample passed, later ones cannot fail.
   */
  dealTo(into: Draft, seed: number | string): void;
}

/** A getter or proxy in the view that throws: still bad input, never a TypeError. */
function unreadable(e: unknown): never {
  if (isRulesError(e)) throw e;
  throw invalid('the view could not be read (a getter or proxy in it threw)');
}

/** A seed is a finite number or a string (`Number.isFinite` is false for anything but a number). */
function checkSeed(seed: unknown): void {
  if (!(typeof seed === 'string' || Number.isFinite(seed))) {
    throw new RulesError('INVALID_OPTIONS', `seed must be a finite number or a string, got ${showValue(seed)}`);
  }
}

/**
 * A state in the field order of every state, for `deal` to fill: the public fields and the
 * shown cards already in place (`fill` writes them again, as into any state), the arrays fresh
 * and empty, the dealt numbers 0 until dealt.
 */
function emptyDraft(pub: Public, s: Shown): Draft {
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

/** @internal Reads and checks `view` once (steps 1–3) and returns its {@link Dealer}. */
export function dealerOf(view: PlayerView): Dealer {
  let frame: Frame;
  let shown: Shown;
  let hidden: Unseen;
  let pub: Public;
  let payer: PayerDeal | null;
  try {
    frame = checkView(view);
    shown = readShown(view, frame);
    hidden = listUnseen(view, frame, shown);
    pub = readPublic(view, frame, shown);
    payer = readPayer(view, frame, shown);
  } catch (e) {
    unreadable(e);
  }
  // Step 7 judges the table: its public fields, read once above and the same in every deal, and
  // what the deal builds to fit them (a payer able to pay, the drawn card on top of the drawn
  // deck). One deal that passes it shows that every deal does, so it runs until one passes.
  let judged = false;
  // Steps 4 and 5 reorder the unseen cards: each deal starts again from step 3's order.
  const start = hidden.nk;
  const nk = start.slice();
  const rest: number[] = [];
  const fill = (d: Draft, seed: number | string): void => {
    copyInto(nk, start);
    // The generator of the sample: derived from the seed, it deals every hidden place in turn.
    const rng = copyWords(d.rng as number[], seedState(seed));
    dealHands(rng, frame, shown, hidden, nk, payer, rowsFor(d.hands as number[][], frame.n));
    dealPiles(rng, frame, shown, hidden, nk, rest, d);
    rebuild(d, pub, shown, seed, rng);
  };
  const dealer: Dealer = {
    deal(seed: number | string): GameState {
      checkSeed(seed);
      const d = emptyDraft(pub, shown);
      try {
        fill(d, seed);
      } catch (e) {
        unreadable(e);
      }
      // Step 7: the deal put every card right; the public fields come from the view as they are,
      // so they must make a table the rules can reach (the turn order, the bidding, counters).
      if (!judged) {
        const problem = tableProblem(d);
        if (problem !== null) throw invalid(`the view is not of a game the rules can reach: ${problem}`);
        judged = true;
      }
      return d;
    },
    dealTo(into: Draft, seed: number | string): void {
      checkSeed(seed);
      if (!judged) dealer.deal(seed);
      fill(into, seed);
    },
  };
  return dealer;
}

/** The view's frame: the fields every later step relies on, checked. */
interface Frame {
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

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
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
function checkView(view: PlayerView): Frame {
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

/** What the view shows, as catalogue indexes, each card marked where it is seen. */
interface Shown {
  /** Whole hands the view shows (the viewer's; every hand at the end); `undefined` where hidden. */
  readonly hands: (number[] | undefined)[];
  readonly known: number[][];
  readonly middle: number[];
  readonly discard: number[];
  readonly myFavor: number[];
  readonly lot: number;
  readonly king: number;
  readonly holds: boolean;
  /** The drawn card if the view shows it, else -1. */
  readonly drawn: number;
}

/** Step 2, read what the view shows: every visible card, once, in a place that fits the step. */
function readShown(v: PlayerView, f: Frame): Shown {
  const { n, me, over, advisor } = f;
  mark.set(templateFor(n));
  const allHands = over ? list(v.hands, 'hands') : null;
  if (allHands !== null && allHands.length !== n) throw invalid(`hands must list ${n} hands at the end`);
  const hands: (number[] | undefined)[] = new Array<number[] | undefined>(n);
  for (let p = 0; p < n; p++) {
    const shown = allHands !== null ? allHands[p] : p === me ? v.hand : null;
    if (shown !== null) hands[p] = cardsOf(shown, `hands[${p}]`, IN_HAND + p);
  }
  const known: number[][] = new Array<number[]>(n);
  for (let p = 0; p < n; p++) {
    const k = list(f.knownIn[p], `known[${p}]`);
    const out = new Array<number>(k.length);
    for (let i = 0; i < k.length; i++) {
      const c = indexOfCard(k[i], `known[${p}]`);
      if (hands[p] !== undefined) {
        if (mark[c] !== IN_HAND + p) throw invalid(`known[${p}] lists ${(CARDS[c] as Card).id}, which is not in that hand`);
        if (out.includes(c)) throw invalid(`known[${p}] lists ${(CARDS[c] as Card).id} twice`);
      } else see(k[i], `known[${p}]`, IN_HAND + p);
      out[i] = c;
    }
    known[p] = out;
  }
  const middle = cardsOf(v.middle, 'middle', SEEN);
  const discard = cardsOf(v.discard, 'discard', SEEN);
  const myFavor = cardsOf(v.myFavor, 'myFavor', SEEN);
  const lot = v.lot === null ? -1 : see(v.lot, 'lot', SEEN);
  const king = v.king === null ? -1 : see(v.king.card, 'king', SEEN);
  if (king >= 0 && KIND[king] !== KING) throw invalid('king holds a card that is not a King');
  for (let p = 0; p < n; p++) {
    for (const c of hands[p] ?? (known[p] as number[]))
      if (KIND[c] === KING) throw invalid(`player ${p} is shown holding a King: nobody keeps one (RULES K1)`);
  }
  const holds = v.advisorHoldsCard === true;
  if (v.drawn !== null && (me < 0 || advisor !== me || !holds))
    throw invalid('drawn is shown but the viewer is not the Advisor holding a card');
  if (holds && advisor < 0) throw invalid('advisorHoldsCard without an Advisor');
  const drawn = v.drawn === null ? -1 : see(v.drawn, 'drawn', SEEN);
  if (holds && advisor === me && drawn < 0) throw invalid('the viewer is the Advisor holding a card, but drawn is null');
  if (me < 0 && myFavor.length > 0) throw invalid('a spectator has no favor cards');
  if (lot >= 0 && advisor >= 0) throw invalid('a lot is on the table while there is an Advisor');
  return { hands, known, middle, discard, myFavor, lot, king, holds, drawn };
}

/** The hidden places and the unseen cards to deal into them. */
interface Unseen {
  readonly handSlots: number;
  readonly favorSlots: number;
  readonly drawnSlot: 0 | 1;
  /** Unseen cards that are not Kings (hands may hold only these, RULES K1). */
  readonly nk: number[];
  readonly kings: number[];
  /** The cards in play (seen or not), as bits: card `c` is bit `c & 31` of word `c >> 5`. */
  readonly inPlay: Int32Array;
}

/** Step 3, list the unseen cards: exactly as many as the hidden places (hands, favor pile, drawn card, deck, removals). */
function listUnseen(v: PlayerView, f: Frame, s: Shown): Unseen {
  let handSlots = 0;
  for (let p = 0; p < f.n; p++) {
    const size = f.handSizes[p];
    if (!isInt(size, 0, f.used.length)) throw invalid(`handSizes[${p}] must be a count`);
    const hand = s.hands[p];
    const have = hand !== undefined ? hand.length : (s.known[p] as number[]).length;
    if (hand !== undefined ? have !== size : have > size)
      throw invalid(`handSizes[${p}] is ${size} but the view shows ${have} cards there`);
    handSlots += size - have; // 0 for a shown hand
  }
  const favorSlots = v.favorSize - s.myFavor.length;
  if (favorSlots < 0) throw invalid('myFavor holds more cards than the favor pile');
  const drawnSlot = s.holds && s.drawn < 0 ? 1 : 0;
  const nk: number[] = [];
  const kings: number[] = [];
  const inPlay = new Int32Array(WORDS);
  for (let c = 0; c < mark.length; c++) {
    if (mark[c] === HIDDEN) (KIND[c] === KING ? kings : nk).push(c);
    if (mark[c] !== UNUSED) inPlay[c >> 5] = (inPlay[c >> 5] as number) | (1 << (c & 31));
  }
  const hidden = nk.length + kings.length;
  const slots = handSlots + favorSlots + drawnSlot + f.deckLeft + f.removals;
  if (hidden !== slots) throw invalid(`the view leaves ${hidden} cards unseen but has ${slots} hidden places for them`);
  if (nk.length < handSlots) throw invalid('too many hidden hand cards: nobody keeps a King (RULES K1)');
  return { handSlots, favorSlots, drawnSlot, nk, kings, inPlay };
}

/** The payment in progress, read once: the payer's hidden cards and what they must allow. */
interface PayerDeal {
  readonly player: number;
  /** The payer's hidden hand cards. */
  readonly slots: number;
  /** Whether the deal must be steered (enough gold, or none): else any cards do. */
  readonly steered: boolean;
  /** For {@link dealPayer}: gold still needed from the hidden cards, or -1 for none allowed. */
  readonly gold: number;
}

/**
 * The payment in progress (RULES A5), read and checked once per dealer: `null` when there is
 * none, or when the payer's whole hand is shown (nothing to deal for it).
 */
function readPayer(v: PlayerView, f: Frame, s: Shown): PayerDeal | null {
  const payment = v.payment;
  if (payment === null || f.over) return null;
  const p = payment.player;
  const due = payment.due;
  const paid = payment.paid;
  const mode = payment.mode;
  if (!isInt(p, 0, f.n - 1) || !isInt(due, 1, 108) || !isInt(paid, 0, due - 1)) throw invalid('payment is out of range');
  const size = f.handSizes[p] as number;
  if (mode === 'discard' && size < due - paid) throw invalid(`player ${p} cannot discard the ${due - paid} cards due`);
  if (s.hands[p] !== undefined) return null;
  const known = s.known[p] as number[];
  const noGold = mode === 'discard' && v.variants.payment === 'gold-or-discard';
  if (noGold && known.some((c) => KIND[c] === GOLD)) throw invalid(`player ${p} pays by discarding but is known to hold gold`);
  const need = due - paid - goldOf(known, 0, known.length);
  const steered = noGold || (mode === 'gold' && need > 0);
  return { player: p, slots: size - known.length, steered, gold: noGold ? -1 : need };
}

/**
 * Step 4, deal the hands into `out` (one owned row per player): the payer's first (so the
 * payment in progress can be completed, RULES A5), then every other hidden hand, from the unseen
 * cards that are not Kings. Leaves the cards not dealt at `nk[u.handSlots …]`.
 */
function dealHands(rng: number[], f: Frame, s: Shown, u: Unseen, nk: number[], payer: PayerDeal | null, out: number[][]): void {
  const { n, handSizes } = f;
  const { known } = s;
  let dealt = 0;
  if (payer !== null) {
    const slots = payer.slots;
    if (payer.steered) dealPayer(rng, nk, slots, payer);
    else pickInPlace(rng, nk, 0, nk.length, slots);
    const hand = copyInto(out[payer.player] as number[], known[payer.player] as number[]);
    for (let i = 0; i < slots; i++) hand.push(nk[i] as number);
    dealt = slots;
  }
  pickInPlace(rng, nk, dealt, nk.length, u.handSlots - dealt);
  for (let p = 0; p < n; p++) {
    if (payer !== null && p === payer.player) continue;
    const shown = s.hands[p];
    if (shown !== undefined) {
      copyInto(out[p] as number[], shown);
      continue;
    }
    const k = known[p] as number[];
    const size = handSizes[p] as number;
    const hand = copyInto(out[p] as number[], k);
    for (let i = k.length; i < size; i++) hand.push(nk[dealt++] as number);
  }
}

/** A player other than the viewer `me`, at random (who placed a hidden favor card or the lot). */
function otherThan(rng: number[], n: number, me: number): number {
  if (me < 0) return nextInt(rng, n);
  const q = nextInt(rng, n - 1);
  return q >= me ? q + 1 : q;
}

/**
 * Step 5, deal the piles into `d`: the rest of the unseen cards (Kings included), shuffled in the
 * scratch list `rest`, to the drawn card, the favor pile (then shuffled with the viewer's own
 * favor cards), the deck's rest and the random removals; the deck's drawn part is listed in
 * catalogue order.
 */
function dealPiles(rng: number[], f: Frame, s: Shown, u: Unseen, nk: number[], rest: number[], d: Draft): void {
  const { n, me } = f;
  // Every list is written from its start by index and then cut to length: the deck, the
  // removals and `rest` have the same length in every deal, so nothing is emptied or grown.
  let k = 0;
  for (let i = u.handSlots; i < nk.length; i++) rest[k++] = nk[i] as number;
  for (const c of u.kings) rest[k++] = c;
  truncate(rest, k);
  shuffleInPlace(rng, rest);
  let r = 0;
  let drawn = s.drawn;
  if (u.drawnSlot === 1) drawn = rest[r++] as number;
  const favor = d.favor as number[];
  const favorBy = d.favorBy as number[];
  const mine = s.myFavor;
  k = 0;
  for (; k < mine.length; k++) {
    favor[k] = mine[k] as number;
    favorBy[k] = me;
  }
  for (let i = 0; i < u.favorSlots; i++, k++) {
    favor[k] = rest[r++] as number;
    favorBy[k] = otherThan(rng, n, me);
  }
  truncate(favor, k);
  truncate(favorBy, k);
  shuffleInPlace(rng, favor, favorBy);
  // The deck: the cards drawn so far (any order: catalogue order; the drawn card last), then the
  // rest. Drawn so far is every card in play but the drawn card, the deck's rest and the removals
  // (`rest` from `r` on), found as bits and listed lowest first.
  const bits = drawnBits;
  bits.set(u.inPlay);
  for (let i = r; i < rest.length; i++) {
    const c = rest[i] as number;
    bits[c >> 5] = (bits[c >> 5] as number) & ~(1 << (c & 31));
  }
  if (drawn >= 0) bits[drawn >> 5] = (bits[drawn >> 5] as number) & ~(1 << (drawn & 31));
  const deck = d.deck as number[];
  k = 0;
  for (let w = 0; w < WORDS; w++) {
    let word = bits[w] as number;
    while (word !== 0) {
      const low = word & -word;
      deck[k++] = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  if (drawn >= 0) deck[k++] = drawn;
  d.deckTop = k;
  const removedFrom = r + f.deckLeft;
  for (let i = r; i < removedFrom; i++) deck[k++] = rest[i] as number;
  truncate(deck, k);
  const removed = d.removed as number[];
  k = 0;
  for (let i = removedFrom; i < rest.length; i++) removed[k++] = rest[i] as number;
  truncate(removed, k);
  d.drawn = drawn;
}

/** The public fields of the state, read from the view once per dealer (step 6 copies them into every deal). */
type Public = Pick<
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

/** Reads the public fields of the view once (after steps 1–3 checked them): what every deal shares. */
function readPublic(v: PlayerView, f: Frame, s: Shown): Public {
  const { n } = f;
  const offices = officesInPlay(n);
  const primary = new Array<number>(offices.length);
  const secondary = new Array<number>(offices.length);
  for (let o = 0; o < offices.length; o++) {
    const t: unknown = v.titles[offices[o] as keyof typeof v.titles];
    if (!isRecord(t) || !isInt(t.primary, 1, 6) || (n === 2 ? t.secondary !== null : !isInt(t.secondary, 0, 6))) {
      throw invalid(`titles.${offices[o]} is missing or out of range`);
    }
    primary[o] = t.primary;
    secondary[o] = (t.secondary as number | null) ?? 0;
  }
  let out = 0;
  let defaulted = 0;
  if (s.lot >= 0) {
    out = (1 << n) - 1;
    for (const p of v.stillIn) out &= ~(1 << p);
    for (const p of v.defaulted) defaulted |= 1 << p;
  }
  const payment = v.payment;
  return {
    players: n,
    variants: { payment: v.variants.payment, secondaryTitle: v.variants.secondaryTitle, middle: v.variants.middle },
    step: f.step,
    toMove: f.toMove,
    firstPlayer: v.firstPlayer,
    advisor: f.advisor,
    selfUsed: v.selfUsed,
    favorUsed: v.favorUsed,
    highBid: v.highBid,
    highBidder: v.highBidder === null ? -1 : v.highBidder,
    out,
    defaulted,
    payMode: payment === null ? null : payment.mode,
    paid: payment === null ? 0 : payment.paid,
    primary,
    secondary,
    forfeits: v.forfeits,
    lotsDiscarded: v.lotsDiscarded,
    moveCount: v.moveCount,
    viewer: f.me,
  };
}

/**
 * Step 6, rebuild the state in `d` (after steps 4 and 5 dealt its hands and piles): the public
 * fields read once, what the view shows, and the sample's generator. Who placed the lot is drawn
 * last (after the favor pile's placers).
 */
function rebuild(d: Draft, pub: Public, s: Shown, seed: number | string, rng: number[]): void {
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
