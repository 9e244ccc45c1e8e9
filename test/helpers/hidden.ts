/**
 * Checks for hidden information (RULES H), reusable by any test. Everything here reads the true
 * `GameState` directly and never calls `view.ts` or `events.ts`, so it can judge them.
 *
 * - `visibleCardIds(state, viewer)` — the card ids a seat may know about now (RULES H1, H2): its
 *   own hand, every publicly known hand card, the middle, the discard, the lot, the King being
 *   resolved, its own drawn card and its own favor cards; at the end every hand.
 * - `canSee(state, viewer, card)` — the same rule for one card (a catalogue index): cheaper when
 *   only a few cards are in question, as in one step's events.
 * - `hiddenPlaces(state, viewer)` — the complement: every place holding a card the seat cannot
 *   see (`removed`, the deck's rest, another Advisor's drawn card, other players' favor cards,
 *   other players' unknown hand cards), as `{ where, index, card }`.
 * - `cardIdsIn(json)` — every card id that appears as a JSON string in a text. For many small
 *   values, `primitivesAmong(value)` lists the strings and numbers inside without building the
 *   text, and `isCardId(x)` tells the card ids among them.
 * - `secretWords(state)` — the seed and the generator words as text, which no view may contain.
 * - `leaksIn(json, visible, state)` — what a text shows that it should not (ids outside
 *   `visible`, the seed, generator words); `[]` when clean.
 * - `transplant(s, d, viewer, keep)` — `s` with its hidden cards (except those in `keep`)
 *   replaced by the cards `d` holds in its hidden places: Kings onto King places, other cards onto
 *   other places, positions otherwise unchanged. With `d = determinize(view(s, viewer), seed)` it
 *   builds a state that differs from `s` only in what the viewer cannot see.
 * - `testRandom(seed)`, `randomAction(state, rand)` and `playGame(options, rand, onStep)` — a
 *   seeded random player for tests (never `Math.random`) whose bids often pass, sometimes raise a
 *   little and rarely jump high, so games reach payments, discards and forfeits.
 */

import { KIND, KING } from '../../src/data/cards.js';
import type { Action, GameEvent, GameOptions, GameState, PlayerCount, Variants } from '../../src/index.js';
import { CARDS, createGame, legalActions, step } from '../../src/index.js';

/** A seat: a player index or `'spectator'`. */
export type Seat = number | 'spectator';

const idOf = (c: number): string => (CARDS[c] as { id: string }).id;

/** The card ids `viewer` may know about now (RULES H1, H2), from the true state. */
export function visibleCardIds(s: GameState, viewer: Seat): Set<string> {
  const me = viewer === 'spectator' ? -1 : viewer;
  const out: number[] = [...s.middle, ...s.discard];
  for (const k of s.known) out.push(...k);
  if (me >= 0) out.push(...(s.hands[me] ?? []));
  if (s.step === 'over') for (const h of s.hands) out.push(...h);
  if (s.lot >= 0) out.push(s.lot);
  if (s.king >= 0) out.push(s.king);
  if (me >= 0 && s.drawn >= 0 && s.advisor === me) out.push(s.drawn);
  s.favorBy.forEach((by, i) => {
    if (by === me) out.push(s.favor[i] as number);
  });
  return new Set(out.map(idOf));
}

/** Whether `viewer` may see the card with catalogue index `card` now: the same rule as {@link visibleCardIds}, for one card. */
export function canSee(s: GameState, viewer: Seat, card: number): boolean {
  const me = viewer === 'spectator' ? -1 : viewer;
  if (s.middle.includes(card) || s.discard.includes(card) || s.lot === card || s.king === card) return true;
  if (s.known.some((k) => k.includes(card))) return true;
  if (me >= 0 && (s.hands[me] as readonly number[]).includes(card)) return true;
  if (s.step === 'over' && s.hands.some((h) => h.includes(card))) return true;
  if (me >= 0 && s.drawn === card && s.advisor === me) return true;
  const f = s.favor.indexOf(card);
  return me >= 0 && f >= 0 && s.favorBy[f] === me;
}

/** A place holding a card that a seat cannot see. */
export interface HiddenPlace {
  readonly where: 'removed' | 'deck' | 'drawn' | 'favor' | 'hand';
  /** The hand's player for `'hand'`, else -1. */
  readonly player: number;
  /** Index in that list (`deck`: absolute index into `deck`). */
  readonly index: number;
  readonly card: number;
}

/** Every place holding a card `viewer` cannot see, in a fixed order. */
export function hiddenPlaces(s: GameState, viewer: Seat): HiddenPlace[] {
  const me = viewer === 'spectator' ? -1 : viewer;
  const out: HiddenPlace[] = [];
  s.removed.forEach((card, index) => {
    out.push({ where: 'removed', player: -1, index, card });
  });
  for (let i = s.deckTop; i < s.deck.length; i++) out.push({ where: 'deck', player: -1, index: i, card: s.deck[i] as number });
  if (s.drawn >= 0 && s.advisor !== me) out.push({ where: 'drawn', player: -1, index: 0, card: s.drawn });
  s.favor.forEach((card, index) => {
    if (s.favorBy[index] !== me) out.push({ where: 'favor', player: -1, index, card });
  });
  if (s.step !== 'over') {
    s.hands.forEach((hand, p) => {
      if (p === me) return;
      const known = new Set(s.known[p]);
      hand.forEach((card, i) => {
        if (!known.has(card)) out.push({ where: 'hand', player: p, index: i, card });
      });
    });
  }
  return out;
}

const ALL_IDS: ReadonlySet<string> = new Set(CARDS.map((c) => c.id));
const QUOTED_WORD = /"([a-z]+-[0-9A-I][0-9-]*)"/g;

/** Every card id that appears as a JSON string in `json`. */
export function cardIdsIn(json: string): string[] {
  const out: string[] = [];
  for (const m of json.matchAll(QUOTED_WORD)) if (ALL_IDS.has(m[1] as string)) out.push(m[1] as string);
  return out;
}

/**
 * Every string and number inside a plain-data value (walked like `JSON.stringify` would, without
 * building the text): the fast way to scan many small values such as events.
 */
export function primitivesAmong(value: unknown, out: (string | number)[] = []): (string | number)[] {
  if (typeof value === 'string' || typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const x of value) primitivesAmong(x, out);
  else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) primitivesAmong((value as Record<string, unknown>)[key], out);
  }
  return out;
}

/** Whether a string is a card id. */
export function isCardId(x: unknown): x is string {
  return typeof x === 'string' && ALL_IDS.has(x);
}

/**
 * The seed (a string seed of 6+ characters) and the generator's words of 7+ digits, as text: no
 * view may contain them. (Shorter ones could appear by chance among a view's small numbers.)
 */
export function secretWords(s: GameState): string[] {
  const out = s.rng.filter((w) => Math.abs(w) >= 1_000_000).map(String);
  if (typeof s.seed === 'string' && s.seed.length >= 6) out.push(s.seed);
  return out;
}

/** What `json` shows that its seat should not: ids outside `visible`, the seed or generator words. */
export function leaksIn(json: string, visible: ReadonlySet<string>, s: GameState): string[] {
  const leaks = cardIdsIn(json).filter((id) => !visible.has(id));
  for (const w of secretWords(s)) if (json.includes(w)) leaks.push(`secret ${w}`);
  return leaks;
}

/**
 * `s` with its hidden cards replaced by `d`'s hidden cards (both for `viewer`), except the cards
 * in `keep`, which stay where `s` has them. Kings go onto places where `s` has a King (never into
 * a hand), other cards onto the other places. `s` and `d` must show `viewer` the same view.
 */
export function transplant(s: GameState, d: GameState, viewer: Seat, keep: ReadonlySet<number> = new Set()): GameState {
  const from = hiddenPlaces(d, viewer)
    .map((h) => h.card)
    .filter((c) => !keep.has(c));
  const kings = from.filter((c) => KIND[c] === KING);
  const others = from.filter((c) => KIND[c] !== KING);
  const removed = s.removed.slice();
  const deck = s.deck.slice();
  const favor = s.favor.slice();
  const hands = s.hands.map((h) => h.slice());
  let drawn = s.drawn;
  for (const h of hiddenPlaces(s, viewer)) {
    if (keep.has(h.card)) continue;
    const c = (KIND[h.card] === KING ? kings : others).shift();
    if (c === undefined) throw new Error('transplant: the two states hide different cards');
    if (h.where === 'removed') removed[h.index] = c;
    else if (h.where === 'deck') deck[h.index] = c;
    else if (h.where === 'favor') favor[h.index] = c;
    else if (h.where === 'drawn') drawn = c;
    else (hands[h.player] as number[])[h.index] = c;
  }
  if (kings.length + others.length > 0) throw new Error('transplant: the two states hide different cards');
  // The deck's drawn part is history: keep it a permutation of the cards not in removed or the rest.
  const live = new Set([...removed, ...deck.slice(s.deckTop)]);
  const prefix = [...s.removed, ...s.deck].filter((c) => !live.has(c) && c !== drawn);
  if (drawn >= 0) prefix.push(drawn);
  const fullDeck = [...prefix, ...deck.slice(s.deckTop)];
  return { ...s, removed, deck: fullDeck, favor, hands, drawn };
}

/** A small seeded generator for tests (mulberry32): a function returning floats in [0, 1). */
export function testRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random legal action: bids mostly pass or raise by 1–3, rarely jump anywhere up to the maximum. */
export function randomAction(s: GameState, rand: () => number): Action {
  const legal = legalActions(s);
  if (s.step === 'bid') {
    const r = rand();
    const pass = legal[legal.length - 1] as Action;
    const bids = legal.length - 1;
    if (r < 0.45 || bids === 0) return pass;
    if (r < 0.97) return legal[Math.min(bids - 1, Math.floor(rand() * 3))] as Action;
    return legal[Math.floor(rand() * bids)] as Action;
  }
  return legal[Math.floor(rand() * legal.length)] as Action;
}

/** One step of a played game: the state before, the action, and what `step` returned. */
export interface PlayedStep {
  readonly before: GameState;
  readonly action: Action;
  readonly after: GameState;
  readonly events: readonly GameEvent[];
}

/** Plays a whole game with {@link randomAction}, calling `onStep` after each action; returns the actions. */
export function playGame(options: GameOptions, rand: () => number, onStep?: (s: PlayedStep) => void): Action[] {
  let state = createGame(options);
  const actions: Action[] = [];
  while (state.step !== 'over') {
    const action = randomAction(state, rand);
    const r = step(state, action);
    onStep?.({ before: state, action, after: r.state, events: r.events });
    actions.push(action);
    state = r.state;
  }
  return actions;
}

/** The player counts, for loops. */
export const PLAYER_COUNTS: readonly PlayerCount[] = [2, 3, 4, 5];

/**
 * Every state of random games (before each action, and the final state): one game per
 * `[players, g]` pair, seeded `${prefix}-${g}` and played with `testRandom(g)`, under `variants`
 * (the defaults unless given).
 */
export function recordStates(
  prefix: string,
  games: readonly (readonly [PlayerCount, number])[],
  variants: Partial<Variants> = {},
): GameState[] {
  const states: GameState[] = [];
  for (const [players, g] of games) {
    playGame({ players, seed: `${prefix}-${g}`, variants }, testRandom(g), ({ before, after }) => {
      states.push(before);
      if (after.step === 'over') states.push(after);
    });
  }
  return states;
}

/** The first of `states` that fits `ok`; throws when none does (the test's setup is wrong). */
export function firstState(states: readonly GameState[], ok: (s: GameState) => boolean): GameState {
  const s = states.find(ok);
  if (s === undefined) throw new Error('test setup: no recorded state fits');
  return s;
}
