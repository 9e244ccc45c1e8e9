/**
 * @internal Seats the environment plays itself with bots (`bots` option): the bots and a seeded
 * random source for them whose position can be copied with the game (so a clone plays on exactly
 * as the original would).
 * @module
 */
import type { Bot, BotRandom } from '../bots/index.js';
import { RulesError } from '../index.js';

/** @internal A 128-bit generator (sfc32) for the bots, seeded from a text; its state can be copied. */
export class SeatRandom implements BotRandom {
  private readonly words = new Uint32Array(4);

  /** Restarts the stream from `seed`. */
  seed(seed: string): void {
    let h = 0x811c9dc5;
    const w = this.words;
    for (let k = 0; k < 4; k++) {
      for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
      h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ (k + 1);
      w[k] = h;
    }
    for (let i = 0; i < 12; i++) this.u32();
  }

  private u32(): number {
    const w = this.words;
    const a = w[0] as number;
    const b = w[1] as number;
    const c = w[2] as number;
    const d = w[3] as number;
    const t = (((a + b) | 0) + d) | 0;
    w[3] = d + 1;
    w[0] = b ^ (b >>> 9);
    w[1] = c + (c << 3);
    w[2] = ((c << 21) | (c >>> 11)) + t;
    return t >>> 0;
  }

  next(): number {
    return this.u32() / 0x100000000;
  }

  int(n: number): number {
    return n <= 1 ? 0 : Math.floor(this.next() * n);
  }

  /** Makes this stream continue exactly as `other` will. */
  copyFrom(other: SeatRandom): void {
    this.words.set(other.words);
  }
}

/**
 * @internal Reads the `bots` option once: one entry per seat, a bot or `null` for a seat the
 * caller plays; at least one seat must be the caller's.
 */
export function readBots(bots: unknown, players: number): readonly (Bot | null)[] | null {
  if (bots === undefined) return null;
  if (!Array.isArray(bots) || bots.length !== players) {
    throw new RulesError('INVALID_OPTIONS', `bots must be an array of ${players} entries: a bot, or null for a seat you play`);
  }
  const read: (Bot | null)[] = [];
  for (let p = 0; p < players; p++) {
    const b: unknown = bots[p];
    if (b !== null && b !== undefined && typeof b !== 'function') {
      throw new RulesError('INVALID_OPTIONS', `bots[${p}] must be a bot (a function of a view) or null`);
    }
    read.push(typeof b === 'function' ? (b as Bot) : null);
  }
  if (read.every((b) => b !== null)) throw new RulesError('INVALID_OPTIONS', 'bots: at least one seat must be null (a seat you play)');
  return Object.freeze(read);
}
