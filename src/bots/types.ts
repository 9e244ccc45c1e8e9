/**
 * What a bot is: a function of one player's view and a seeded random source.
 * @module
 */
import type { Action, PlayerView } from '../index.js';
import { RulesError } from '../index.js';

/**
 * A small seeded source of randomness handed to a {@link Bot}. The same seed always gives the
 * same sequence, so a bot that draws only from it plays the same game twice.
 *
 * @example
 * ```ts
 * const rng = botRandom('my-seed');
 * rng.next(); // a number in [0, 1)
 * rng.int(6); // 0 … 5
 * ```
 * @category Bots
 */
export interface BotRandom {
  /** A uniform number in `[0, 1)`. */
  next(): number;
  /**
   * A uniform integer in `[0, n)`, for an integer `n` from 1 to 2^32 (`0` when `n` is 1); any
   * other `n` (0, a fraction, `NaN`, more than 2^32) throws `RulesError` `INVALID_OPTIONS`.
   */
  int(n: number): number;
}

/**
 * A bot: given what one seat may see ({@link PlayerView}, never the full `GameState`) and a
 * seeded random source, it returns one of `view.legal`. A bot is only asked when `view.legal`
 * is not empty.
 *
 * @example
 * ```ts
 * import type { Bot } from 'for-the-king-and-me/bots';
 *
 * // Always the first legal action.
 * const firstBot: Bot = (view) => view.legal[0]!;
 * ```
 * @category Bots
 */
export type Bot = (view: PlayerView, rng: BotRandom) => Action;

/** Returns `x >>> 0` scrambled (a 32-bit finalizer), used to spread seeds. */
function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** @internal Hashes a seed (number or string) to four 32-bit words. */
export function seedWords(seed: number | string): [number, number, number, number] {
  const text = `${typeof seed}:${String(seed)}`;
  let h = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) h = mix32(h ^ Math.imul(text.charCodeAt(i) + 1, 0x85ebca6b));
  const a = mix32(h ^ 0x243f6a88);
  const b = mix32(a ^ 0x85a308d3);
  const c = mix32(b ^ 0x13198a2e);
  const d = mix32(c ^ 0x03707344);
  return [a, b, c, d];
}

/**
 * Creates a {@link BotRandom} from a seed. Pure arithmetic (a 128-bit xorshift-add generator):
 * it never reads `Math.random` or the clock.
 *
 * @throws `RulesError` `INVALID_OPTIONS` for a seed that is neither a finite number nor a string
 * (as `createGame`'s seed).
 *
 * @example
 * ```ts
 * const a = botRandom(7);
 * const b = botRandom(7);
 * a.next() === b.next(); // true
 * ```
 * @category Bots
 */
export function botRandom(seed: number | string): BotRandom {
  if (!(typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed)))) {
    const got = seed === null ? 'null' : typeof seed === 'number' ? String(seed) : Array.isArray(seed) ? 'an array' : typeof seed;
    throw new RulesError('INVALID_OPTIONS', `botRandom: seed must be a finite number or a string, got ${got}`);
  }
  let [a, b, c, d] = seedWords(seed);
  const u32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 8; i++) u32();
  return {
    next: () => u32() / 0x100000000,
    int: (n: number) => {
      if (!(Number.isInteger(n) && n >= 1 && n <= 0x100000000))
        throw new RulesError(
          'INVALID_OPTIONS',
          `botRandom: int(n) needs an integer n from 1 to 2^32, got ${typeof n === 'number' ? n : typeof n}`,
        );
      return n === 1 ? 0 : Math.floor((u32() / 0x100000000) * n);
    },
  };
}

/** @internal Gives `bot` the name `name` (what `simulate` reports a bot function by); returns it. */
export function named(name: string, bot: Bot): Bot {
  Object.defineProperty(bot, 'name', { value: name, configurable: true });
  return bot;
}

/**
 * @internal The error of a bot asked to move from a view without legal actions: `GAME_OVER` at the
 * end, `NOT_YOUR_TURN` when another player is to move.
 */
export function noLegalAction(bot: string, view: PlayerView): RulesError {
  return view.step === 'over'
    ? new RulesError('GAME_OVER', `${bot}: the game is over, there is no action to choose`)
    : new RulesError('NOT_YOUR_TURN', `${bot}: the view has no legal action (it is not player ${String(view.viewer)}'s turn)`);
}
