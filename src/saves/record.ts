/**
 * Game records: a whole game as its options and its actions, with optional player names and
 * metadata. Versioned, checked when read, replayed exactly (RULES S5).
 * @module
 */
import { maxGameLength } from '../rules/limits.js';
import { normalizeOptions } from '../rules/setup.js';
import { RulesError, unreadable } from '../state/errors.js';
import { showValue } from '../state/show.js';
import type { Action, GameOptions, GameState, PlayerCount, Variants } from '../state/types.js';
import { parseAction } from './parse.js';
import type { ReplayStep } from './replay.js';
import { replay } from './replay.js';

/** The `format` field of a {@link GameRecord}. @category Saves */
export const RECORD_FORMAT = 'for-the-king-and-me/record';

/** The record format version this library writes and reads. @category Saves */
export const RECORD_VERSION = 1;

/** The longest JSON text {@link checkRecord} reads: 4 MiB, far above the longest game's record. @category Saves */
export const MAX_RECORD_LENGTH = 4 * 1024 * 1024;

/** The most entries a record's `meta` may hold. */
const MAX_META_KEYS = 64;
/** The longest player name, meta key or meta string. */
const MAX_NAME_LENGTH = 100;
const MAX_META_STRING = 1000;

/**
 * The options of a recorded game: exactly what `createGame` was given, with the seed required
 * and the variants written in full (so that a record keeps its meaning if defaults change). A
 * stored record whose variants name `payment` and `secondaryTitle` but not `middle` was written
 * before RULES V3 existed and reads as `'one-per-opponent'`, the rule it was played under.
 * `firstPlayer` is present only if it was given: when it is absent, the first player was drawn
 * from the seed, and replaying with it set would deal a different game.
 * @category Saves
 */
export interface RecordOptions {
  readonly players: PlayerCount;
  readonly seed: number | string;
  readonly firstPlayer?: number;
  readonly variants: Variants;
}

/** A value of a record's `meta`: a string, a finite number, a boolean or `null`. @category Saves */
export type RecordMetaValue = string | number | boolean | null;

/**
 * A whole game, as plain JSON data: the options it was created with and every action played, in
 * order. Replaying it rebuilds every state of the game exactly (RULES S5), so a record is what
 * to store for a finished game, to share a game, to audit a match or to resume one.
 *
 * A record holds the seed: whoever has it can compute every hidden card. Keep the record of a
 * game in progress on the server; share it once the game is over.
 *
 * @example
 * ```json
 * {
 *   "format": "for-the-king-and-me/record",
 *   "version": 1,
 *   "options": { "players": 3, "seed": "table-7", "variants": { "payment": "gold-or-discard", "secondaryTitle": "half", "middle": "advisor-keeps-last" } },
 *   "actions": [{ "type": "place", "player": 1, "area": "middle" }],
 *   "names": ["Ann", "Bo", "heuristic bot"],
 *   "meta": { "site": "example.org", "startedAt": "2026-12-01T18:00:00Z" }
 * }
 * ```
 * @category Saves
 */
export interface GameRecord {
  /** Always {@link RECORD_FORMAT}. */
  readonly format: typeof RECORD_FORMAT;
  /** Always {@link RECORD_VERSION}. */
  readonly version: typeof RECORD_VERSION;
  readonly options: RecordOptions;
  /** Every action since `createGame(options)`, in order (at most `maxGameLength(options)`). */
  readonly actions: readonly Action[];
  /** Optional display names, one per seat (each at most 100 characters). */
  readonly names?: readonly string[];
  /**
   * Optional flat metadata: where and when the game was played, the bots per seat, a match id…
   * At most 64 keys (each at most 100 characters); values are strings (at most 1,000
   * characters), finite numbers, booleans or `null`.
   */
  readonly meta?: Readonly<Record<string, RecordMetaValue>>;
}

/** What {@link makeRecord} may add to the options and actions. @category Saves */
export interface RecordExtras {
  /** Display names, one per seat. */
  readonly names?: readonly string[];
  /** Flat metadata; see {@link GameRecord.meta}. */
  readonly meta?: Readonly<Record<string, RecordMetaValue>>;
}

function bad(where: string, what: string): RulesError {
  return new RulesError('INVALID_RECORD', `${where}: ${what}`);
}

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

function plainObject(x: unknown, where: string): Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw bad(where, `must be an object, got ${showValue(x)}`);
  const proto: unknown = Object.getPrototypeOf(x);
  if (proto !== Object.prototype && proto !== null) throw bad(where, 'must be a plain object');
  // Copy once: every later check and the result see the same values.
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(x)) {
    if (FORBIDDEN_KEYS.has(key)) throw bad(where, `has a forbidden key "${key}"`);
    Object.defineProperty(copy, key, { value: (x as Record<string, unknown>)[key], enumerable: true, writable: true });
  }
  return copy;
}

function onlyKeys(r: Record<string, unknown>, where: string, allowed: readonly string[], required: readonly string[]): void {
  for (const key of Object.keys(r)) {
    if (!allowed.includes(key)) throw bad(where, `has an unknown key "${key}" (expected ${allowed.join(', ')})`);
  }
  for (const key of required) if (!Object.hasOwn(r, key)) throw bad(where, `lacks the key "${key}"`);
}

/** `stored`: the options come from a record (not from a live `makeRecord` call). */
function readOptions(x: unknown, stored: boolean): RecordOptions {
  const r = plainObject(x, 'record.options');
  onlyKeys(r, 'record.options', ['players', 'seed', 'firstPlayer', 'variants'], ['players', 'seed']);
  // Stored variants in full but without `middle` were written before RULES V3: those games
  // played the retail middle.
  const v = r.variants;
  if (stored && typeof v === 'object' && v !== null && !Array.isArray(v)) {
    const copy: Record<string, unknown> = { ...v };
    if (Object.hasOwn(copy, 'payment') && Object.hasOwn(copy, 'secondaryTitle') && !Object.hasOwn(copy, 'middle')) {
      copy.middle = 'one-per-opponent';
    }
    r.variants = copy;
  }
  let o: ReturnType<typeof normalizeOptions>;
  try {
    o = normalizeOptions(r);
  } catch (e) {
    throw bad('record.options', e instanceof Error ? e.message : String(e));
  }
  const seed = o.seed as number | string;
  const variants: Variants = { payment: o.variants.payment, secondaryTitle: o.variants.secondaryTitle, middle: o.variants.middle };
  return o.firstPlayer === undefined
    ? { players: o.players, seed, variants }
    : { players: o.players, seed, firstPlayer: o.firstPlayer, variants };
}

function readNames(x: unknown, players: number): string[] {
  if (!Array.isArray(x)) throw bad('record.names', `must be an array of ${players} strings, got ${showValue(x)}`);
  const list = x.slice();
  if (list.length !== players) throw bad('record.names', `must hold one name per seat (${players}), got ${list.length}`);
  return list.map((name, p) => {
    if (typeof name !== 'string' || name.length > MAX_NAME_LENGTH) {
      throw bad(`record.names[${p}]`, `must be a string of at most ${MAX_NAME_LENGTH} characters, got ${showValue(name)}`);
    }
    return name;
  });
}

function readMeta(x: unknown): Record<string, RecordMetaValue> {
  const r = plainObject(x, 'record.meta');
  const keys = Object.keys(r);
  if (keys.length > MAX_META_KEYS) throw bad('record.meta', `has ${keys.length} keys, at most ${MAX_META_KEYS}`);
  const out: Record<string, RecordMetaValue> = {};
  for (const key of keys) {
    if (key.length > MAX_NAME_LENGTH) throw bad('record.meta', `has a key longer than ${MAX_NAME_LENGTH} characters`);
    const v = r[key];
    const ok =
      v === null ||
      typeof v === 'boolean' ||
      (typeof v === 'number' && Number.isFinite(v)) ||
      (typeof v === 'string' && v.length <= MAX_META_STRING);
    if (!ok) {
      throw bad(
        `record.meta.${key}`,
        `must be a string (at most ${MAX_META_STRING} characters), a finite number, a boolean or null, got ${showValue(v)}`,
      );
    }
    Object.defineProperty(out, key, { value: typeof v === 'number' ? v + 0 : v, enumerable: true, writable: true });
  }
  return out;
}

function readActions(x: unknown, options: RecordOptions): Action[] {
  if (!Array.isArray(x)) throw bad('record.actions', `must be an array of actions, got ${showValue(x)}`);
  const list = x.slice();
  const most = maxGameLength(options);
  if (list.length > most)
    throw bad('record.actions', `has ${list.length} actions, more than any game with ${options.players} players can take (${most})`);
  return list.map((a, i) => {
    try {
      return parseAction(a);
    } catch (e) {
      throw bad(`record.actions[${i}]`, e instanceof Error ? e.message : String(e));
    }
  });
}

function build(
  options: RecordOptions,
  actions: Action[],
  names: string[] | undefined,
  meta: Record<string, RecordMetaValue> | undefined,
): GameRecord {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    options,
    actions,
    ...(names === undefined ? {} : { names }),
    ...(meta === undefined ? {} : { meta }),
  };
}

/**
 * Makes a record of a game from the options it was created with and the actions played so far.
 * The options are checked and written in full (variants included); the actions are checked for
 * shape (not replayed: use {@link replayRecord} for that); everything is copied.
 *
 * @param options - the options given to `createGame`; `seed` is required (read a random one
 * from `state.seed` and create the game with it).
 * @param actions - the actions played, in order.
 * @param extras - optional player names (one per seat) and metadata.
 * @throws {@link RulesError} `INVALID_RECORD` for options without a seed or that `createGame`
 * rejects, a malformed action, or bad names or metadata.
 * @example
 * ```ts
 * const options = { players: 3, seed: 'table-7' } as const;
 * const actions: Action[] = [];
 * let state = createGame(options);
 * // … for each move: state = apply(state, action); actions.push(action);
 * const record = makeRecord(options, actions, { names: ['Ann', 'Bo', 'Cy'], meta: { event: 'club night' } });
 * const text = JSON.stringify(record);
 * ```
 * @category Saves
 */
export function makeRecord(options: GameOptions, actions: readonly Action[], extras: RecordExtras = {}): GameRecord {
  try {
    const o = readOptions(options, false);
    const list = readActions(actions, o);
    const e = plainObject(extras, 'extras');
    onlyKeys(e, 'extras', ['names', 'meta'], []);
    return build(
      o,
      list,
      e.names === undefined ? undefined : readNames(e.names, o.players),
      e.meta === undefined ? undefined : readMeta(e.meta),
    );
  } catch (e) {
    unreadable(e, 'INVALID_RECORD', 'record: the options, actions or extras could not be read (a getter or proxy in them threw)');
  }
}

/**
 * Reads a record from untrusted input (a parsed object, or its JSON text of at most
 * {@link MAX_RECORD_LENGTH} characters) and returns a fresh, checked {@link GameRecord}. It checks
 * the format and version, that no key is unknown or forbidden (`__proto__`…), the options (as
 * `createGame` does, seed required), every action's shape (as `parseAction` does), the number of
 * actions (at most `maxGameLength`), the names and the metadata. It does not replay the actions:
 * {@link replayRecord} does, and tells which action is illegal.
 *
 * @throws {@link RulesError} `INVALID_RECORD`, naming the field and the fault
 * (`record.actions[12]: a bid action needs an integer "amount"`).
 * @example
 * ```ts
 * const record = checkRecord(await request.text());
 * const state = replayRecord(record);
 * ```
 * @category Saves
 */
export function checkRecord(input: unknown): GameRecord {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > MAX_RECORD_LENGTH) throw bad('record', `is longer than ${MAX_RECORD_LENGTH} characters`);
    try {
      value = JSON.parse(input);
    } catch (e) {
      throw bad('record', `is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  try {
    return readRecord(value);
  } catch (e) {
    unreadable(e, 'INVALID_RECORD', 'record: could not be read (a getter or proxy in it threw)');
  }
}

/** {@link checkRecord} after the JSON text: the record's fields, each read once. */
function readRecord(value: unknown): GameRecord {
  const r = plainObject(value, 'record');
  onlyKeys(r, 'record', ['format', 'version', 'options', 'actions', 'names', 'meta'], ['format', 'version', 'options', 'actions']);
  if (r.format !== RECORD_FORMAT) throw bad('record.format', `must be "${RECORD_FORMAT}", got ${showValue(r.format)}`);
  if (r.version !== RECORD_VERSION)
    throw bad('record.version', `this library reads version ${RECORD_VERSION}, got ${showValue(r.version)}`);
  const options = readOptions(r.options, true);
  const actions = readActions(r.actions, options);
  const names = r.names === undefined ? undefined : readNames(r.names, options.players);
  const meta = r.meta === undefined ? undefined : readMeta(r.meta);
  return build(options, actions, names, meta);
}

/**
 * Replays a record: checks it with {@link checkRecord} (so untrusted input is fine), then
 * rebuilds the game with `replay` and returns the state after its last action. With `onStep`,
 * it is called after each action with its position, the action, the state and its events (to
 * step through or animate a game).
 *
 * @throws {@link RulesError} `INVALID_RECORD` for a malformed record; for an action the rules
 * refuse, the `apply` error with its code and its position (`action 12: player 2 cannot bid 3…`).
 * @example
 * ```ts
 * const state = replayRecord(JSON.parse(text));
 * view(state, 'spectator'); // where the game stands
 * ```
 * @category Saves
 */
export function replayRecord(record: unknown, onStep?: ReplayStep): GameState {
  const r = checkRecord(record);
  return replay(r.options, r.actions, onStep);
}
