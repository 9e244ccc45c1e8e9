/**
 * @internal The arrays frame of `env-server --vector`: which arrays it holds, their shapes, and
 * their 8-byte aligned offsets, from a batch's sizes alone. A make request's options give the same
 * sizes as the batch it would create, so a frame too big for its header is refused before any
 * array is allocated.
 * @module
 */
import type { BatchEnv } from '../env/index.js';
import { ACTION_COUNT, GLOBAL_STATE_SIZE, maxInfoStateLength, OBSERVATION_SIZE } from '../env/index.js';
import { isPlayerCount } from '../index.js';

/**
 * @internal The largest arrays payload (`frameBytes`). A frame's header gives its payload's length
 * as a `uint32`, and the whole frame (its 8-byte header and a payload that is a multiple of 8)
 * stays under 4 GiB: 2**32 − 16 bytes.
 */
export const MAX_FRAME_BYTES = 2 ** 32 - 16;

/** @internal What the sizes of a batch's arrays follow from. */
export interface FrameShape {
  readonly games: number;
  readonly players: number;
  readonly seatsPerGame: number;
  readonly observationSize: number;
  readonly infoStateLength: number;
  readonly globalStateSize: number;
  readonly teacher: boolean;
}

/** @internal One array of the arrays frame, as the make answer lists it. */
export interface FrameField {
  readonly name: string;
  readonly dtype: 'float32' | 'uint8' | 'int8' | 'int16' | 'int32';
  readonly shape: readonly number[];
  readonly offset: number;
  readonly bytes: number;
}

const ELEMENT_BYTES: Readonly<Record<FrameField['dtype'], number>> = { float32: 4, uint8: 1, int8: 1, int16: 2, int32: 4 };

/** @internal Every array of the frame at an 8-byte aligned offset, and the payload's length. */
export function frameFields(s: FrameShape): { readonly fields: FrameField[]; readonly frameBytes: number } {
  const g = s.games;
  const rows = s.seatsPerGame;
  const perGame = (n: number): number[] => (rows === 1 ? [g, n] : [g, rows, n]);
  const all: [string, FrameField['dtype'], number[]][] = [
    ['observations', 'float32', perGame(s.observationSize)],
    ['masks', 'uint8', [g, ACTION_COUNT]],
    ['agents', 'int8', [g]],
    ['rewards', 'float32', [g, s.players]],
    ['dones', 'uint8', [g]],
    ['points', 'float32', [g, s.players]],
    ['winners', 'uint8', [g, s.players]],
  ];
  if (s.infoStateLength > 0) {
    all.push(['infoStates', 'int16', perGame(s.infoStateLength)]);
    all.push(['infoStateLengths', 'int32', rows === 1 ? [g] : [g, rows]]);
  }
  if (s.globalStateSize > 0) all.push(['globalStates', 'float32', perGame(s.globalStateSize)]);
  if (s.teacher) all.push(['teacherActions', 'int16', [g]]);
  let at = 0;
  const fields = all.map(([name, dtype, shape]) => {
    const bytes = shape.reduce((a, b) => a * b, ELEMENT_BYTES[dtype]);
    const field = { name, dtype, shape, offset: at, bytes };
    // Plain arithmetic, not `& ~7`: bitwise operators wrap at 2 GiB.
    at += Math.ceil(bytes / 8) * 8;
    return field;
  });
  return { fields, frameBytes: at };
}

/** @internal The sizes of a batch that exists. */
export function shapeOf(b: BatchEnv): FrameShape {
  return {
    games: b.games,
    players: b.players,
    seatsPerGame: b.seatsPerGame,
    observationSize: b.observationSize,
    infoStateLength: b.infoStateLength,
    globalStateSize: b.globalStateSize,
    teacher: b.teacherActions.length > 0,
  };
}

/**
 * @internal The sizes of the batch a make request asks for, as `createBatchEnv` would give them;
 * `undefined` when its player count or number of games is not one (`createBatchEnv` refuses those
 * itself). A row width that is not a whole number counts as none, for the same reason.
 */
export function shapeFromRequest(r: Readonly<Record<string, unknown>>): FrameShape | undefined {
  const { players, games, seats, infoState, globalState, teacher } = r;
  if (!isPlayerCount(players) || typeof games !== 'number' || !Number.isSafeInteger(games) || games < 1) return undefined;
  const width =
    infoState === true
      ? maxInfoStateLength(players)
      : typeof infoState === 'number' && Number.isSafeInteger(infoState) && infoState > 0
        ? infoState
        : 0;
  return {
    games,
    players,
    seatsPerGame: seats === 'all' ? players : 1,
    observationSize: OBSERVATION_SIZE[players],
    infoStateLength: width,
    globalStateSize: globalState === true ? GLOBAL_STATE_SIZE[players] : 0,
    teacher: teacher !== undefined && teacher !== null,
  };
}
