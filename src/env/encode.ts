/**
 * The observation of one seat, computed from that seat's view only (RULES H): it cannot hold
 * anything the view does not, so it cannot leak a hidden card.
 * @module
 */
import type { PlayerCount, PlayerView } from '../index.js';
import { deckSize, LETTERS, OFFICES, officesInPlay, RulesError } from '../index.js';
import { addSlot, slotOfCard } from './cards.js';
import { cardBlockSize, OBSERVATION_SIZE, offsetOf } from './layout.js';

const STEPS = ['place', 'take', 'king', 'bid', 'pay', 'over'] as const;
const PHASES = ['influence', 'esteem', 'over'] as const;

/** @internal Offsets of every group for one player count, looked up once. */
export interface Offsets {
  readonly n: PlayerCount;
  readonly block: number;
  readonly govCells: number;
  readonly offices: number;
  readonly maxBid: number;
  readonly size: number;
  readonly hand: number;
  readonly gold: number;
  readonly drawn: number;
  readonly myFavor: number;
  readonly known: number;
  readonly middle: number;
  readonly lot: number;
  readonly discard: number;
  readonly primary: number;
  readonly secondary: number;
  readonly step: number;
  readonly phase: number;
  readonly toMove: number;
  readonly advisor: number;
  readonly seatFromFirst: number;
  readonly turn: number;
  readonly highBid: number;
  readonly highBidder: number;
  readonly stillIn: number;
  readonly defaulted: number;
  readonly payment: number;
  readonly handSizes: number;
  readonly deckSize: number;
  readonly favorSize: number;
  readonly variants: number;
}

const OFFSETS: Offsets[] = [];

/** @internal The offsets for a player count. */
export function offsetsFor(n: PlayerCount): Offsets {
  let o = OFFSETS[n];
  if (o === undefined) {
    const at = (name: string): number => offsetOf(n, name);
    o = Object.freeze({
      n,
      block: cardBlockSize(n),
      govCells: officesInPlay(n).length * LETTERS.length,
      offices: officesInPlay(n).length,
      maxBid: deckSize(n),
      size: OBSERVATION_SIZE[n],
      hand: at('hand'),
      gold: at('gold'),
      drawn: at('drawn'),
      myFavor: at('my-favor'),
      known: at('known'),
      middle: at('middle'),
      lot: at('lot'),
      discard: at('discard'),
      primary: at('primary'),
      secondary: at('secondary'),
      step: at('step'),
      phase: at('phase'),
      toMove: at('to-move'),
      advisor: at('advisor'),
      seatFromFirst: at('seat-from-first'),
      turn: at('turn'),
      highBid: at('high-bid'),
      highBidder: at('high-bidder'),
      stillIn: at('still-in'),
      defaulted: at('defaulted'),
      payment: at('payment'),
      handSizes: at('hand-sizes'),
      deckSize: at('deck-size'),
      favorSize: at('favor-size'),
      variants: at('variants'),
    });
    OFFSETS[n] = o;
  }
  return o;
}

function addCards(out: Float32Array, base: number, govCells: number, cards: readonly unknown[]): void {
  for (const c of cards) addSlot(out, base, govCells, slotOfCard(c));
}

/**
 * Writes the observation of `view`'s seat into `out` (from `offset`), and returns `out`. The
 * numbers are documented group by group in `docs/env.md` ({@link observationLayout} gives the
 * offsets); every seat-indexed group is rotated so that index 0 is the viewer, 1 the player on
 * their left, and so on.
 *
 * It reads the view only. Two states a seat cannot tell apart (the real one and
 * `determinize(view(state, seat), seed)`) give that seat the same observation.
 *
 * @param view - a seat's view from `view(state, seat)` (or the same view after a JSON round trip).
 * @param out - where to write; a new `Float32Array(OBSERVATION_SIZE[players])` when omitted.
 * @throws `RulesError` `INVALID_VIEW` for a spectator's view (it has no seat).
 * @example
 * ```ts
 * import { createGame, view } from 'for-the-king-and-me';
 * import { encodeView } from 'for-the-king-and-me/env';
 *
 * const state = createGame({ players: 4, seed: 1 });
 * const observation = encodeView(view(state, 0)); // Float32Array(OBSERVATION_SIZE[4])
 * ```
 */
export function encodeView(view: PlayerView, out?: Float32Array, offset = 0): Float32Array {
  const me = view.viewer;
  if (me === 'spectator') throw new RulesError('INVALID_VIEW', 'an observation belongs to a seat: a spectator view has none');
  const k = offsetsFor(view.players);
  const n = k.n;
  const target = out ?? new Float32Array(k.size);
  target.fill(0, offset, offset + k.size);
  const at = (group: number): number => offset + group;
  const rel = (p: number): number => (p - me + n) % n;
  const g = k.govCells;

  addCards(target, at(k.hand), g, view.hand);
  let coins = 0;
  for (const c of view.hand) if (c.kind === 'gold') coins += c.value;
  target[at(k.gold)] = coins / k.maxBid;
  if (view.drawn !== null) addCards(target, at(k.drawn), g, [view.drawn]);
  addCards(target, at(k.myFavor), g, view.myFavor);
  for (let p = 0; p < n; p++) {
    if (p === me) continue;
    addCards(target, at(k.known) + (rel(p) - 1) * k.block, g, view.known[p] ?? []);
  }
  addCards(target, at(k.middle), g, view.middle);
  if (view.lot !== null) addCards(target, at(k.lot), g, [view.lot]);
  addCards(target, at(k.discard), g, view.discard);

  for (let o = 0; o < k.offices; o++) {
    const t = view.titles[OFFICES[o] as (typeof OFFICES)[number]];
    target[at(k.primary) + o] = (t?.primary ?? 0) / 6;
    target[at(k.secondary) + o] = (t?.secondary ?? 0) / 6;
  }
  target[at(k.step) + STEPS.indexOf(view.step)] = 1;
  target[at(k.phase) + PHASES.indexOf(view.phase)] = 1;
  if (view.currentPlayer !== null) target[at(k.toMove) + rel(view.currentPlayer)] = 1;
  if (view.advisor !== null) target[at(k.advisor) + rel(view.advisor)] = 1;
  target[at(k.seatFromFirst) + ((me - view.firstPlayer + n) % n)] = 1;
  target[at(k.turn)] = view.advisorHoldsCard ? 1 : 0;
  target[at(k.turn) + 1] = view.selfUsed ? 1 : 0;
  target[at(k.turn) + 2] = view.favorUsed ? 1 : 0;

  target[at(k.highBid)] = view.highBid / k.maxBid;
  if (view.highBidder !== null) target[at(k.highBidder) + rel(view.highBidder)] = 1;
  for (const p of view.stillIn) target[at(k.stillIn) + rel(p)] = 1;
  for (const p of view.defaulted) target[at(k.defaulted) + rel(p)] = 1;
  const pay = view.payment;
  if (pay !== null) {
    target[at(k.payment) + (pay.mode === 'gold' ? 0 : 1)] = 1;
    target[at(k.payment) + 2] = pay.due / k.maxBid;
    target[at(k.payment) + 3] = pay.paid / k.maxBid;
  }
  for (let p = 0; p < n; p++) target[at(k.handSizes) + rel(p)] = (view.handSizes[p] ?? 0) / k.maxBid;
  target[at(k.deckSize)] = view.deckSize / k.maxBid;
  target[at(k.favorSize)] = view.favorSize / k.maxBid;
  target[at(k.variants)] = view.variants.payment === 'by-lot' ? 1 : 0;
  target[at(k.variants) + 1] = view.variants.secondaryTitle === 'tile' ? 1 : 0;
  target[at(k.variants) + 2] = view.variants.middle === 'one-per-opponent' ? 1 : 0;
  return target;
}
