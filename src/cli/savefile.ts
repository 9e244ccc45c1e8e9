/**
 * @internal The command line's save file: the game's options, the seats, every action so far
 * (so that `replay` can step through the game) and the state in the library's save format.
 * `--load` also reads a plain save from `serialize` (a state without history).
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Action, GameOptions, GameState, PlayerCount } from '../index.js';
import { deserialize, parseAction, replay, SAVE_FORMAT, serialize } from '../index.js';
import { UsageError } from './args.js';

/** @internal The `format` field of a command-line save. */
export const GAME_FILE_FORMAT = 'for-the-king-and-me/cli-game';

/** @internal A game as the command line keeps it. */
export interface GameFile {
  readonly options: GameOptions & { readonly seed: number | string };
  /** The human seat, `null` for a game of bots only. */
  readonly seat: number | null;
  /** Bot id per seat (`"human"` for the human seat). */
  readonly seats: readonly string[];
  /** Every action since the start; `null` for a plain save (no history). */
  readonly actions: readonly Action[] | null;
  readonly state: GameState;
}

/** @internal Writes `game` to `file` as JSON. */
export function saveGame(file: string, game: GameFile): void {
  const data = {
    format: GAME_FILE_FORMAT,
    version: 1,
    options: game.options,
    seat: game.seat,
    seats: game.seats,
    actions: game.actions,
    save: JSON.parse(serialize(game.state)) as unknown,
  };
  try {
    writeFileSync(file, `${JSON.stringify(data, null, 1)}\n`);
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

/** @internal Reads a command-line save or a plain library save; every problem is one {@link UsageError}. */
export function loadGame(file: string): GameFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    fail(file, code === 'ENOENT' ? 'no such file' : e instanceof Error ? e.message : String(e));
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    fail(file, 'it is not JSON');
  }
  if (!isRecord(data)) fail(file, 'it is not a saved game');
  try {
    if (data.format === SAVE_FORMAT) {
      const state = deserialize(text);
      return {
        options: { players: state.players, seed: state.seed, variants: state.variants },
        seat: null,
        seats: [],
        actions: null,
        state,
      };
    }
    if (data.format !== GAME_FILE_FORMAT) fail(file, `unknown format ${JSON.stringify(data.format)}`);
    if (data.version !== 1) fail(file, `unknown version ${JSON.stringify(data.version)}`);
    const options = data.options;
    if (!isRecord(options) || (typeof options.seed !== 'number' && typeof options.seed !== 'string')) fail(file, 'bad "options"');
    const players = options.players as PlayerCount;
    const gameOptions = {
      players,
      seed: options.seed,
      ...(isRecord(options.variants) ? { variants: options.variants } : {}),
    } as GameOptions & { seed: number | string };
    const seats =
      Array.isArray(data.seats) && data.seats.every((s) => typeof s === 'string') ? (data.seats as string[]) : fail(file, 'bad "seats"');
    const seat = data.seat === null ? null : Number.isInteger(data.seat) ? (data.seat as number) : fail(file, 'bad "seat"');
    if (!Array.isArray(data.actions)) fail(file, 'bad "actions"');
    const actions = data.actions.map((a) => parseAction(a));
    const state = replay(gameOptions, actions);
    if (seats.length !== state.players || (seat !== null && (seat < 0 || seat >= state.players)))
      fail(file, 'the seats do not match the game');
    return { options: gameOptions, seat, seats, actions, state };
  } catch (e) {
    if (e instanceof UsageError) throw e;
    fail(file, e instanceof Error ? e.message : String(e));
  }
}
