/**
 * Tampering with saves: a state's save as a plain object, changed and read back by
 * `deserialize`, which must reject it with `INVALID_SAVE`.
 */
import { expect } from 'vitest';
import type { GameState } from '../../src/index.js';
import { deserialize, serialize } from '../../src/index.js';
import { rejection } from './errors.js';

/** A save as plain JSON data, open to any change. */
export type Save = { format: unknown; version: unknown; state: Record<string, unknown> } & Record<string, unknown>;

/** The save of `s` as plain data. */
export const saveOf = (s: GameState): Save => JSON.parse(serialize(s)) as Save;

/** Rejects `text` with INVALID_SAVE; returns the message. */
export function badSave(text: string): string {
  const e = rejection(() => deserialize(text));
  expect(e.code).toBe('INVALID_SAVE');
  return e.message;
}

/** The save of `s`, changed by `change`: rejected with INVALID_SAVE; returns the message. */
export function tampered(s: GameState, change: (save: Save) => void): string {
  const save = saveOf(s);
  change(save);
  return badSave(JSON.stringify(save));
}
