/**
 * Determinization for bots: a full game state that a seat cannot tell from the real one.
 * @module
 */
import type { Card } from './cards.js';
import { CARDS, cardIndex, GOLD, KIND, KING, officesInPlay, RANDOM_REMOVALS, usedCards, VALUE } from './cards.js';
import { RulesError } from './errors.js';
import { nextInt, seedState, shuffleInPlace } from './rng.js';
import type { GameState, PlayerCount, Step } from './types.js';
import type { PlayerView } from './view.js';

const STEPS: readonly Step[] = ['place', 'take', 'king', 'bid', 'pay', 'over'];

/** Scratch marks per catalogue index, reused by every call (the engine is single-threaded per realm). */
const mark = new Int8Array(CARDS.length);
const UNUSED = 0;
const HIDDEN = 1;
const SEEN = 2;
const REST = 3; // a hidden card dealt to the deck's rest or the random removals
/** Marks 10 + p: in player p's hand. */
const IN_HAND = 10;

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
  return typeof x === 'number' && Number.isInteger(x) && x >= lo && x <= hi;
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

/** Moves a uniform random choice of `count` cards of `a[from … to)` to `a[from … from + count)`. */
function pick(rng: number[], a: number[], from: number, to: number, count: number): void {
  for (let k = 0; k < count; k++) swap(a, from + k, from + k + nextInt(rng, to - from - k));
}

/** Moves the cards of `a[from …)` that pass `keep` to the front of that range; returns how many. */
function partition(a: number[], from: number, keep: (c: number) => boolean): number {
  let n = from;
  for (let i = from; i < a.length; i++) if (keep(a[i] as number)) swap(a, n++, i);
  return n - from;
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
    const eligible = partition(nk, 0, (c) => KIND[c] !== GOLD);
    if (eligible < slots) throw invalid(`player ${payer.player} pays by discarding but too few cards without gold remain hidden`);
    pick(rng, nk, 0, eligible, slots);
    return;
  }
  for (let t = 0; t < PAYER_TRIES; t++) {
    pick(rng, nk, 0, nk.length, slots);
    if (goldOf(nk, 0, slots) >= payer.gold) return;
  }
  // Rare: the payer needs most of the hidden gold. Take the highest coins until enough, then pick the rest at random.
  nk.sort((a, b) => coins(b) - coins(a));
  let k = 0;
  let sum = 0;
  while (k < slots && sum < payer.gold) sum += coins(nk[k++] as number);
  if (sum < payer.gold) throw invalid(`player ${payer.player} cannot complete the payment with the hidden gold`);
  pick(rng, nk, k, nk.length, slots - k);
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
 * @throws {@link RulesError} `INVALID_VIEW` when the view is not consistent (cheap checks: field
 * types, counts, cards shown twice or not used with the player count, too many or too few
 * hidden cards for the hidden places, a payment that cannot be completed).
 * @example
 * ```ts
 * const seen = view(state, me);
 * for (let i = 0; i < 1000; i++) {
 *   const world = determinize(seen, i);
 *   // play out from `world`, for example with random legal actions, and score the outcome
 * }
 * ```
 */
export function determinize(view: PlayerView, seed: number | string): GameState {
  if (typeof view !== 'object' || view === null) throw invalid('a view must be an object from view(state, viewer)');
  if (!(typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed)))) {
    throw invalid('seed must be a finite number or a string');
  }
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

  mark.set(templateFor(n));

  // What the view shows.
  const allHands = over ? list(v.hands, 'hands') : null;
  if (allHands !== null && allHands.length !== n) throw invalid(`hands must list ${n} hands at the end`);
  const hands: number[][] = new Array<number[]>(n);
  for (let p = 0; p < n; p++) {
    const shown = allHands !== null ? allHands[p] : p === me ? v.hand : null;
    if (shown !== null) hands[p] = cardsOf(shown, `hands[${p}]`, IN_HAND + p);
  }
  const known: number[][] = new Array<number[]>(n);
  for (let p = 0; p < n; p++) {
    const k = list(knownIn[p], `known[${p}]`);
    const out = new Array<number>(k.length);
    for (let i = 0; i < k.length; i++) {
      const c = indexOfCard(k[i], `known[${p}]`);
      if (hands[p] !== undefined) {
        if (mark[c] !== IN_HAND + p) throw invalid(`known[${p}] lists ${(CARDS[c] as Card).id}, which is not in that hand`);
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
  const holds = v.advisorHoldsCard === true;
  if (v.drawn !== null && (me < 0 || advisor !== me || !holds))
    throw invalid('drawn is shown but the viewer is not the Advisor holding a card');
  if (holds && advisor < 0) throw invalid('advisorHoldsCard without an Advisor');
  let drawn = v.drawn === null ? -1 : see(v.drawn, 'drawn', SEEN);
  if (holds && advisor === me && drawn < 0) throw invalid('the viewer is the Advisor holding a card, but drawn is null');
  if (me < 0 && myFavor.length > 0) throw invalid('a spectator has no favor cards');
  if (lot >= 0 && advisor >= 0) throw invalid('a lot is on the table while there is an Advisor');

  // The hidden places, and the hidden cards to deal into them.
  let handSlots = 0;
  for (let p = 0; p < n; p++) {
    const size = handSizes[p];
    if (!isInt(size, 0, used.length)) throw invalid(`handSizes[${p}] must be a count`);
    const have = hands[p] !== undefined ? (hands[p] as number[]).length : (known[p] as number[]).length;
    if (hands[p] !== undefined ? have !== size : have > size)
      throw invalid(`handSizes[${p}] is ${size} but the view shows ${have} cards there`);
    if (hands[p] === undefined) handSlots += size - have;
  }
  const favorSlots = v.favorSize - myFavor.length;
  if (favorSlots < 0) throw invalid('myFavor holds more cards than the favor pile');
  const drawnSlot = holds && drawn < 0 ? 1 : 0;
  const nk: number[] = [];
  const kings: number[] = [];
  for (let c = 0; c < mark.length; c++) if (mark[c] === HIDDEN) (KIND[c] === KING ? kings : nk).push(c);
  const hidden = nk.length + kings.length;
  const slots = handSlots + favorSlots + drawnSlot + deckLeft + removals;
  if (hidden !== slots) throw invalid(`the view leaves ${hidden} cards unseen but has ${slots} hidden places for them`);
  if (nk.length < handSlots) throw invalid('too many hidden hand cards: nobody keeps a King (RULES K1)');

  const rng = seedState(seed);
  // Hands first (no Kings), the payer's first of all; then everything else from what is left.
  const payment = v.payment;
  let dealt = 0;
  if (payment !== null && !over) {
    const p = payment.player;
    if (!isInt(p, 0, n - 1) || !isInt(payment.due, 1, 108) || !isInt(payment.paid, 0, payment.due - 1))
      throw invalid('payment is out of range');
    const size = handSizes[p] as number;
    if (payment.mode === 'discard' && size < payment.due - payment.paid)
      throw invalid(`player ${p} cannot discard the ${payment.due - payment.paid} cards due`);
    if (hands[p] === undefined) {
      const slotsOfPayer = size - (known[p] as number[]).length;
      const noGold = payment.mode === 'discard' && v.variants.payment === 'gold-or-discard';
      if (noGold && (known[p] as number[]).some((c) => KIND[c] === GOLD))
        throw invalid(`player ${p} pays by discarding but is known to hold gold`);
      const need = payment.due - payment.paid - goldOf(known[p] as number[], 0, (known[p] as number[]).length);
      if (noGold || (payment.mode === 'gold' && need > 0)) {
        dealPayer(rng, nk, slotsOfPayer, { player: p, gold: noGold ? -1 : need });
      } else pick(rng, nk, 0, nk.length, slotsOfPayer);
      hands[p] = (known[p] as number[]).concat(nk.slice(0, slotsOfPayer));
      dealt = slotsOfPayer;
    }
  }
  pick(rng, nk, dealt, nk.length, handSlots - dealt);
  for (let p = 0; p < n; p++) {
    if (hands[p] !== undefined) continue;
    const k = known[p] as number[];
    const size = handSizes[p] as number;
    const hand = k.slice();
    for (let i = k.length; i < size; i++) hand.push(nk[dealt++] as number);
    hands[p] = hand;
  }
  const rest = nk.slice(handSlots).concat(kings);
  shuffleInPlace(rng, rest);
  let r = 0;
  if (drawnSlot === 1) drawn = rest[r++] as number;
  const favor = myFavor.slice();
  const favorBy = new Array<number>(favor.length).fill(me);
  const other = (): number => {
    if (me < 0) return nextInt(rng, n);
    const q = nextInt(rng, n - 1);
    return q >= me ? q + 1 : q;
  };
  for (let i = 0; i < favorSlots; i++) {
    favor.push(rest[r++] as number);
    favorBy.push(other());
  }
  shuffleInPlace(rng, favor, favorBy);
  const deckRest = rest.slice(r, r + deckLeft);
  const removed = rest.slice(r + deckLeft);
  for (const c of rest) mark[c] = REST;
  if (drawn >= 0) mark[drawn] = SEEN;
  for (let i = 0; i < favor.length; i++) mark[favor[i] as number] = SEEN;
  // The deck: the cards drawn so far (any order; the drawn card last), then the rest.
  const deck: number[] = [];
  for (let c = 0; c < mark.length; c++) if (mark[c] !== UNUSED && mark[c] !== REST && c !== drawn) deck.push(c);
  if (drawn >= 0) deck.push(drawn);
  const deckTop = deck.length;
  for (const c of deckRest) deck.push(c);

  const offices = officesInPlay(n);
  const primary = new Array<number>(offices.length);
  const secondary = new Array<number>(offices.length);
  for (let o = 0; o < offices.length; o++) {
    const t = v.titles[offices[o] as keyof typeof v.titles];
    if (t === undefined || !isInt(t.primary, 1, 6) || (n === 2 ? t.secondary !== null : !isInt(t.secondary, 0, 6))) {
      throw invalid(`titles.${offices[o]} is missing or out of range`);
    }
    primary[o] = t.primary;
    secondary[o] = t.secondary ?? 0;
  }
  let out = 0;
  let defaulted = 0;
  if (lot >= 0) {
    out = (1 << n) - 1;
    for (const p of v.stillIn) out &= ~(1 << p);
    for (const p of v.defaulted) defaulted |= 1 << p;
  }
  return {
    players: n,
    variants: { payment: v.variants.payment, secondaryTitle: v.variants.secondaryTitle },
    seed,
    rng,
    step,
    toMove,
    firstPlayer: v.firstPlayer,
    advisor,
    deck,
    deckTop,
    removed,
    drawn,
    selfUsed: v.selfUsed,
    favorUsed: v.favorUsed,
    hands,
    known,
    middle,
    favor,
    favorBy,
    lot,
    lotBy: lot >= 0 ? other() : -1,
    highBid: v.highBid,
    highBidder: v.highBidder === null ? -1 : v.highBidder,
    out,
    defaulted,
    payMode: payment === null ? null : payment.mode,
    paid: payment === null ? 0 : payment.paid,
    king,
    primary,
    secondary,
    discard,
    forfeits: v.forfeits,
    lotsDiscarded: v.lotsDiscarded,
  };
}
