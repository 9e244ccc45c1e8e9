/**
 * Save and load: a versioned JSON text, and a loader that trusts nothing in it.
 * @module
 */
import { cardIndex, idOf } from '../data/cards.js';
import { fewestActions } from '../rules/reachable.js';
import { sharedVariants } from '../rules/variants.js';
import { RulesError, unreadable } from '../state/errors.js';
import { isRngState } from '../state/rng.js';
import { showValue } from '../state/show.js';
import type { GameState, Step } from '../state/types.js';
import { stateProblem } from './validate.js';

/** The `format` field of a save. @category Saves */
export const SAVE_FORMAT = 'for-the-king-and-me/save';

/**
 * The save format version this library writes. Version 2 added `moveCount`. A version 1 save
 * (written before) still loads: it has no `moveCount`, and its count is taken as the fewest
 * actions the table shows (every placement, take, won lot, forfeit and resolved King or unsold
 * lot); bids and passes leave no trace in a state, so it can be lower than the true count. From
 * there on it counts every action, which is all a cursor needs. Its `variants` lack `middle` too,
 * so it plays the retail middle it was played with (RULES V3).
 * @category Saves
 */
export const SAVE_VERSION = 2;

const ENVELOPE_KEYS = ['format', 'version', 'state'] as const;

/** The keys of a saved state, in order. Card fields hold card ids (`null` for "no card"). */
const STATE_KEYS = [
  'players',
  'variants',
  'seed',
  'rng',
  'step',
  'toMove',
  'firstPlayer',
  'advisor',
  'deck',
  'deckTop',
  'removed',
  'drawn',
  'selfUsed',
  'favorUsed',
  'hands',
  'known',
  'middle',
  'favor',
  'favorBy',
  'lot',
  'lotBy',
  'highBid',
  'highBidder',
  'out',
  'defaulted',
  'payMode',
  'paid',
  'king',
  'primary',
  'secondary',
  'discard',
  'forfeits',
  'lotsDiscarded',
  'moveCount',
] as const;

const STEPS: readonly Step[] = ['place', 'take', 'king', 'bid', 'pay', 'over'];

const ids = (list: readonly number[]): string[] => list.map(idOf);
const idOrNull = (c: number): string | null => (c < 0 ? null : idOf(c));

/**
 * A saved state: the fields of {@link GameState}, with every card written as its id
 * (`"diplomacy-A"`) and "no card" as `null`. Plain JSON data.
 * @category Saves
 */
export interface SavedState {
  readonly players: GameState['players'];
  readonly variants: GameState['variants'];
  readonly seed: number | string;
  readonly rng: readonly number[];
  readonly step: Step;
  readonly toMove: number;
  readonly firstPlayer: number;
  readonly advisor: number;
  readonly deck: readonly string[];
  readonly deckTop: number;
  readonly removed: readonly string[];
  readonly drawn: string | null;
  readonly selfUsed: boolean;
  readonly favorUsed: boolean;
  readonly hands: readonly (readonly string[])[];
  readonly known: readonly (readonly string[])[];
  readonly middle: readonly string[];
  readonly favor: readonly string[];
  readonly favorBy: readonly number[];
  readonly lot: string | null;
  readonly lotBy: number;
  readonly highBid: number;
  readonly highBidder: number;
  readonly out: number;
  readonly defaulted: number;
  readonly payMode: GameState['payMode'];
  readonly paid: number;
  readonly king: string | null;
  readonly primary: readonly number[];
  readonly secondary: readonly number[];
  readonly discard: readonly string[];
  readonly forfeits: number;
  readonly lotsDiscarded: number;
  readonly moveCount: number;
}

/**
 * A save as a plain object: what {@link serialize} writes as JSON text. Store it as it is in a
 * document database or a JSON column next to other fields (no JSON text inside JSON).
 * @category Saves
 */
export interface GameSave {
  /** Always {@link SAVE_FORMAT}. */
  readonly format: typeof SAVE_FORMAT;
  /** Always {@link SAVE_VERSION}. */
  readonly version: typeof SAVE_VERSION;
  readonly state: SavedState;
}

/**
 * Writes a game state as a versioned JSON text: `{ format, version, state }`. Cards are written
 * as their ids (`"diplomacy-A"`), "no card" as `null`; every other field as in {@link GameState}.
 * It is `JSON.stringify(toSave(state))`.
 *
 * A save holds the whole game, hidden parts included (deck order, hands, seed): keep it on the
 * server or with the owner of the game, and send players {@link view}s instead.
 *
 * @example
 * ```ts
 * const text = serialize(state);
 * const again = deserialize(text); // deep-equals state
 * ```
 * @category Saves
 */
export function serialize(state: GameState): string {
  return JSON.stringify(toSave(state));
}

/**
 * A game state's save as a plain object (a fresh one, sharing nothing with the state): the form
 * of {@link serialize} before JSON. Read it back with {@link fromSave}.
 *
 * @example
 * ```ts
 * await db.games.put({ id, updatedAt: Date.now(), save: toSave(state) });
 * const row = await db.games.get(id);
 * state = fromSave(row.save); // checked exactly as deserialize checks a text
 * ```
 * @category Saves
 */
export function toSave(state: GameState): GameSave {
  const s = state;
  const saved: SavedState = {
    players: s.players,
    variants: { payment: s.variants.payment, secondaryTitle: s.variants.secondaryTitle, middle: s.variants.middle },
    seed: s.seed,
    rng: s.rng.slice(),
    step: s.step,
    toMove: s.toMove,
    firstPlayer: s.firstPlayer,
    advisor: s.advisor,
    deck: ids(s.deck),
    deckTop: s.deckTop,
    removed: ids(s.removed),
    drawn: idOrNull(s.drawn),
    selfUsed: s.selfUsed,
    favorUsed: s.favorUsed,
    hands: s.hands.map(ids),
    known: s.known.map(ids),
    middle: ids(s.middle),
    favor: ids(s.favor),
    favorBy: s.favorBy.slice(),
    lot: idOrNull(s.lot),
    lotBy: s.lotBy,
    highBid: s.highBid,
    highBidder: s.highBidder,
    out: s.out,
    defaulted: s.defaulted,
    payMode: s.payMode,
    paid: s.paid,
    king: idOrNull(s.king),
    primary: s.primary.slice(),
    secondary: s.secondary.slice(),
    discard: ids(s.discard),
    forfeits: s.forfeits,
    lotsDiscarded: s.lotsDiscarded,
    moveCount: s.moveCount,
  };
  return { format: SAVE_FORMAT, version: SAVE_VERSION, state: saved };
}

function bad(where: string, what: string): RulesError {
  return new RulesError('INVALID_SAVE', `${where}: ${what}`);
}

function record(x: unknown, where: string, keys: readonly string[], optional: readonly string[] = []): Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw bad(where, `must be an object, got ${showValue(x)}`);
  const own = Object.keys(x);
  for (const key of own) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw bad(where, `has a forbidden key "${key}"`);
    if (!keys.includes(key) && !optional.includes(key)) throw bad(where, `has an unknown key "${key}"`);
  }
  for (const key of keys) if (!Object.hasOwn(x, key)) throw bad(where, `lacks the key "${key}"`);
  return x as Record<string, unknown>;
}

function int(x: unknown, where: string, min: number, max: number): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max)
    throw bad(where, `must be an integer from ${min} to ${max}, got ${showValue(x)}`);
  return x + 0;
}

function bool(x: unknown, where: string): boolean {
  if (typeof x !== 'boolean') throw bad(where, `must be true or false, got ${showValue(x)}`);
  return x;
}

function card(x: unknown, where: string): number {
  if (typeof x !== 'string') throw bad(where, `must be a card id, got ${showValue(x)}`);
  const c = cardIndex(x);
  if (c < 0) throw bad(where, `${showValue(x)} is not a card id`);
  return c;
}

function cardOrNone(x: unknown, where: string): number {
  return x === null ? -1 : card(x, where);
}

/**
 * The entries of the array `x` (at most `maxLength`), each read once (the length too) and passed
 * through `read`, as a fresh array.
 */
function array<T>(x: unknown, where: string, maxLength: number, read: (entry: unknown, at: string) => T): T[] {
  if (!Array.isArray(x)) throw bad(where, `must be an array, got ${showValue(x)}`);
  const length = x.length;
  if (length > maxLength) throw bad(where, `has ${length} entries, at most ${maxLength}`);
  const out = new Array<T>(length);
  for (let i = 0; i < length; i++) out[i] = read(x[i], `${where}[${i}]`);
  return out;
}

function cards(x: unknown, where: string): number[] {
  return array(x, where, 108, card);
}

function ints(x: unknown, where: string, maxLength: number, min: number, max: number): number[] {
  return array(x, where, maxLength, (v, at) => int(v, at, min, max));
}

/** The generator's 4 words, each read once, as a fresh array (`-0` read as `0`). */
function rngWords(x: unknown, where: string): number[] {
  const words = Array.isArray(x) && x.length === 4 ? [x[0], x[1], x[2], x[3]] : null;
  if (words === null || !isRngState(words))
    throw bad(where, `must be 4 integers from -2147483648 to 4294967295, got ${showValue(words ?? x)}`);
  return words.map((w) => w + 0);
}

/** The keys of a version 1 state: all but `moveCount`. */
const STATE_KEYS_V1 = STATE_KEYS.filter((k) => k !== 'moveCount');

/** Reads the saved state's fields with their types, each once; consistency is checked afterwards. */
function readState(x: unknown, version: 1 | 2): GameState {
  const r = record(x, 'state', version === 1 ? STATE_KEYS_V1 : STATE_KEYS);
  const at = (key: string): string => `state.${key}`;
  const players = int(r.players, at('players'), 2, 5) as GameState['players'];
  // `middle` (RULES V3) is optional: a save from before it existed played the retail middle.
  const v = record(r.variants, at('variants'), ['payment', 'secondaryTitle'], ['middle']);
  const payment = v.payment;
  if (payment !== 'gold-or-discard' && payment !== 'by-lot') {
    throw bad(at('variants.payment'), `must be "gold-or-discard" or "by-lot", got ${showValue(payment)}`);
  }
  const secondaryTitle = v.secondaryTitle;
  if (secondaryTitle !== 'half' && secondaryTitle !== 'tile') {
    throw bad(at('variants.secondaryTitle'), `must be "half" or "tile", got ${showValue(secondaryTitle)}`);
  }
  const middle = Object.hasOwn(v, 'middle') ? v.middle : 'one-per-opponent';
  if (middle !== 'advisor-keeps-last' && middle !== 'one-per-opponent') {
    throw bad(at('variants.middle'), `must be "advisor-keeps-last" or "one-per-opponent", got ${showValue(middle)}`);
  }
  const seed = r.seed;
  if (!(typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed)))) {
    throw bad(at('seed'), `must be a finite number or a string, got ${showValue(seed)}`);
  }
  const rng = rngWords(r.rng, at('rng'));
  const step = r.step;
  if (typeof step !== 'string' || !(STEPS as readonly string[]).includes(step))
    throw bad(at('step'), `must be one of ${STEPS.join(', ')}, got ${showValue(step)}`);
  const payMode = r.payMode;
  if (payMode !== null && payMode !== 'gold' && payMode !== 'discard')
    throw bad(at('payMode'), `must be "gold", "discard" or null, got ${showValue(payMode)}`);
  const hands = array(r.hands, at('hands'), players, cards);
  const known = array(r.known, at('known'), players, cards);
  const big = Number.MAX_SAFE_INTEGER;
  // Same key order as the engine's states (one object shape keeps the hot path fast).
  return {
    players,
    // The one frozen object of these variants: states may share it, nobody can change it.
    variants: sharedVariants({ payment, secondaryTitle, middle }),
    seed: typeof seed === 'number' ? seed + 0 : seed,
    rng,
    step: step as Step,
    toMove: int(r.toMove, at('toMove'), -1, players - 1),
    firstPlayer: int(r.firstPlayer, at('firstPlayer'), 0, players - 1),
    advisor: int(r.advisor, at('advisor'), -1, players - 1),
    deck: cards(r.deck, at('deck')),
    deckTop: int(r.deckTop, at('deckTop'), 0, 108),
    removed: cards(r.removed, at('removed')),
    drawn: cardOrNone(r.drawn, at('drawn')),
    selfUsed: bool(r.selfUsed, at('selfUsed')),
    favorUsed: bool(r.favorUsed, at('favorUsed')),
    hands,
    known,
    middle: cards(r.middle, at('middle')),
    favor: cards(r.favor, at('favor')),
    favorBy: ints(r.favorBy, at('favorBy'), 108, 0, players - 1),
    lot: cardOrNone(r.lot, at('lot')),
    lotBy: int(r.lotBy, at('lotBy'), -1, players - 1),
    highBid: int(r.highBid, at('highBid'), 0, 108),
    highBidder: int(r.highBidder, at('highBidder'), -1, players - 1),
    out: int(r.out, at('out'), 0, 31),
    defaulted: int(r.defaulted, at('defaulted'), 0, 31),
    payMode,
    paid: int(r.paid, at('paid'), 0, 108),
    king: cardOrNone(r.king, at('king')),
    primary: ints(r.primary, at('primary'), 6, 1, 6),
    secondary: ints(r.secondary, at('secondary'), 6, 0, 6),
    discard: cards(r.discard, at('discard')),
    forfeits: int(r.forfeits, at('forfeits'), 0, big),
    lotsDiscarded: int(r.lotsDiscarded, at('lotsDiscarded'), 0, big),
    moveCount: version === 1 ? 0 : int(r.moveCount, at('moveCount'), 0, big),
  };
}

/**
 * Reads a save written by {@link serialize}, trusting nothing in it. It checks the JSON, the
 * format and version, every field's presence, type and range (no missing or extra keys, no
 * `__proto__`/`constructor` keys), the card ids, that the game holds exactly its cards (each
 * card used for the player count exactly once, none missing), the hands (`known` inside the
 * hand, no King kept), the counts (deck, removals, middle, favor pile and its owners, titles)
 * and that the fields agree with the decision the game waits for (`place` needs a drawn card
 * and an Advisor, `bid` a lot, `pay` a payment the winner can complete, `king` a King card,
 * `over` no player to move, no favor pile and a drawn deck), the turn order (the Advisor and
 * who is to move follow from the cards drawn, placed and taken, and the bidding from the first
 * player), the favor pile (one card per Advisor turn played, so a save whose middle rule was
 * changed mid-game is refused) and the counters (no forfeit or unsold lot before phase 2; at
 * most what the lots begun allow; the move count).
 *
 * It returns a fresh state or throws; it never returns a state the engine cannot continue: every
 * legal action from an accepted state leads to a state that loads again. A save without
 * `variants.middle` (written before RULES V3 existed) loads as `'one-per-opponent'`, the middle
 * rule it was played under.
 *
 * @throws {@link RulesError} `INVALID_SAVE` with a message naming what is wrong and where
 * (`state.hands[2][1]: "gold-9-1" is not a card id`).
 * @example
 * ```ts
 * try {
 *   state = deserialize(text);
 * } catch (e) {
 *   if (e instanceof RulesError && e.code === 'INVALID_SAVE') console.error(e.message);
 * }
 * ```
 * @category Saves
 */
export function deserialize(text: string): GameState {
  if (typeof text !== 'string') throw bad('save', `must be a JSON string, got ${typeof text}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw bad('save', `is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  return fromSave(data);
}

/**
 * Reads a save given as a plain object ({@link toSave}'s form, or a parsed {@link serialize}
 * text), trusting nothing in it: every check of {@link deserialize} applies. The input is only
 * read, never kept: the state returned shares nothing with it.
 *
 * @throws {@link RulesError} `INVALID_SAVE`, naming the field and the fault.
 * @example
 * ```ts
 * const state = fromSave(row.save); // row from a database, save stored as an object
 * ```
 * @category Saves
 */
export function fromSave(data: unknown): GameState {
  let read: GameState;
  let version: 1 | 2;
  try {
    // Each field is read once: every check and the state returned use that one value.
    const env = record(data, 'save', ENVELOPE_KEYS);
    const format = env.format;
    if (format !== SAVE_FORMAT) throw bad('save.format', `must be "${SAVE_FORMAT}", got ${showValue(format)}`);
    const v = env.version;
    if (v !== 1 && v !== SAVE_VERSION) throw bad('save.version', `this library reads versions 1 and ${SAVE_VERSION}, got ${showValue(v)}`);
    version = v;
    read = readState(env.state, version);
  } catch (e) {
    unreadable(e, 'INVALID_SAVE', 'save: could not be read (a getter or proxy in it threw)');
  }
  const state = version === 1 ? { ...read, moveCount: fewestActions(read) } : read;
  const problem = stateProblem(state);
  if (problem !== null) throw bad('state', problem);
  return state;
}
