/**
 * @internal The command line's game files. It writes a {@link GameRecord} (options and every
 * action, so that `replay` can step through the game), with the seats in `meta.seats` (bot ids,
 * `human` for the person) and as `names`; a game loaded from a plain save has no history, so it
 * is written back as a save. It reads records (its own or anyone's), saves from `serialize` or
 * `toSave`, and the command line's files of version 0.x (`for-the-king-and-me/cli-game`).
 * @module
 */
import { botIdProblem } from '../bots/index.js';
import type { Action, GameOptions, GameRecord, GameState, PlayerCount } from '../index.js';
import { checkRecord, fromSave, makeRecord, parseAction, RECORD_FORMAT, replay, replayRecord, SAVE_FORMAT, toSave } from '../index.js';
import { UsageError } from './args.js';
import { checkFileDestination, readBounded, writeWhole } from './files.js';

/** @internal The `format` field of the command line's files before game records. */
export const GAME_FILE_FORMAT = 'for-the-king-and-me/cli-game';

/** @internal The `meta.program` of the records the command line writes. */
export const PROGRAM = 'for-the-king';

/**
 * @internal The largest game file read: far more than any game's record (a few tens of KiB), so
 * that a wrong file is refused before it is read into memory.
 */
export const MAX_GAME_FILE_BYTES = 64 * 2 ** 20;

/** @internal A game as the command line keeps it. */
export interface GameFile {
  readonly options: GameOptions & { readonly seed: number | string };
  /** The human seat, `null` for a game of bots only. */
  readonly seat: number | null;
  /** Bot id per seat (`"human"` for the human seat); empty when the file does not say. */
  readonly seats: readonly string[];
  /** Every action since the start; `null` for a plain save (no history). */
  readonly actions: readonly Action[] | null;
  readonly state: GameState;
}

/** @internal The record of a command-line game: the seats as names and in `meta.seats`. */
export function recordOf(game: GameFile & { readonly actions: readonly Action[] }): GameRecord {
  const seats = game.seats.length === game.state.players ? game.seats : null;
  return makeRecord(game.options, game.actions, {
    ...(seats === null ? {} : { names: seats.slice() }),
    meta: { program: PROGRAM, ...(seats === null ? {} : { seats: seats.join(',') }) },
  });
}

/**
 * @internal Writes `game` to `file`: a game record, or a save for a game without history. The
 * file is written whole or not at all: a failed write leaves the previous file as it was.
 */
export function saveGame(file: string, game: GameFile): void {
  const data = game.actions === null ? toSave(game.state) : recordOf({ ...game, actions: game.actions });
  checkFileDestination(file);
  try {
    writeWhole(file, `${JSON.stringify(data, null, 1)}\n`);
  } catch (e) {
    throw new UsageError(`cannot write ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function fail(file: string, why: string): never {
  throw new UsageError(`cannot load ${file}: ${why}`);
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Refuses a file whose seats name a bot this program does not know (`human` is the person). */
function checkBots(file: string, seats: readonly string[]): void {
  for (const id of seats) {
    const problem = id === 'human' ? null : botIdProblem(id);
    if (problem !== null) fail(file, problem);
  }
}

/** The seats a record names in `meta.seats`, if they fit the game; else none. Unknown bots are refused. */
function seatsOf(file: string, record: GameRecord): string[] {
  const listed = record.meta?.seats;
  if (typeof listed !== 'string') return [];
  const seats = listed.split(',');
  if (seats.length !== record.options.players || !seats.every((s) => s.length > 0)) return [];
  checkBots(file, seats);
  return seats;
}

function fromRecord(file: string, data: unknown): GameFile {
  const record = checkRecord(data);
  const state = replayRecord(record);
  const seats = seatsOf(file, record);
  const human = seats.indexOf('human');
  return { options: record.options, seat: human < 0 ? null : human, seats, actions: record.actions, state };
}

/** The command line's files before records: `{ format, version: 1, options, seat, seats, actions, save }`. */
function fromOldFile(file: string, data: Record<string, unknown>): GameFile {
  if (data.version !== 1) fail(file, `unknown version ${JSON.stringify(data.version)}`);
  const options = data.options;
  if (!isRecord(options) || (typeof options.seed !== 'number' && typeof options.seed !== 'string')) fail(file, 'bad "options"');
  const players = options.players as PlayerCount;
  // These files predate RULES V3: their games played the retail middle unless they say otherwise.
  const variants = isRecord(options.variants) ? options.variants : {};
  const gameOptions = {
    players,
    seed: options.seed,
    variants: { ...variants, middle: variants.middle ?? 'one-per-opponent' },
  } as GameOptions & { seed: number | string };
  const seats =
    Array.isArray(data.seats) && data.seats.every((s) => typeof s === 'string') ? (data.seats as string[]) : fail(file, 'bad "seats"');
  const seat = data.seat === null ? null : Number.isInteger(data.seat) ? (data.seat as number) : fail(file, 'bad "seat"');
  if (!Array.isArray(data.actions)) fail(file, 'bad "actions"');
  const actions = data.actions.map((a) => parseAction(a));
  const state = replay(gameOptions, actions);
  if (seats.length !== state.players || (seat !== null && (seat < 0 || seat >= state.players)))
    fail(file, 'the seats do not match the game');
  checkBots(file, seats);
  return { options: gameOptions, seat, seats, actions, state };
}

/** @internal Reads a game record, a library save or an older command-line file; every problem is one {@link UsageError}. */
export function loadGame(file: string): GameFile {
  let text: string;
  try {
    text = readBounded(file, MAX_GAME_FILE_BYTES, 'a game file');
  } catch (e) {
    const code = (e as { code?: string }).code;
    fail(file, code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : e instanceof Error ? e.message : String(e));
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    fail(file, 'it is not JSON');
  }
  if (!isRecord(data)) fail(file, 'it is not a saved game');
  try {
    if (data.format === RECORD_FORMAT) return fromRecord(file, data);
    if (data.format === SAVE_FORMAT) {
      const state = fromSave(data);
      return {
        options: { players: state.players, seed: state.seed, variants: state.variants },
        seat: null,
        seats: [],
        actions: null,
        state,
      };
    }
    if (data.format === GAME_FILE_FORMAT) return fromOldFile(file, data);
    fail(file, `unknown format ${JSON.stringify(data.format)} (expected a game record "${RECORD_FORMAT}" or a save "${SAVE_FORMAT}")`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    fail(file, e instanceof Error ? e.message : String(e));
  }
}
