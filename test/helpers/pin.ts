/**
 * Digests pinned in a fixture, for the tests that keep a bot's or a network's results the same
 * to the last bit while its code is made faster (`test/bots/heuristic-pin.test.ts`,
 * `test/bots/net-pin.test.ts`): one case per player count and variant preset, each comparing
 * the digests of seeded games with those the fixture holds. With `<UPDATE_VAR>=1` in the
 * environment a case writes its digests to the fixture first (regenerate only for an intended
 * change of results).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PlayerCount, Variants } from '../../src/index.js';
import { DEFAULT_VARIANTS, PUBLISHED_VARIANTS } from '../../src/index.js';

/** The two variant presets every pin covers. */
export const PIN_PRESETS = { default: DEFAULT_VARIANTS, published: PUBLISHED_VARIANTS } as const;
/** The preset's name, as in the fixture's keys (`4p-published`). */
export type PinPreset = keyof typeof PIN_PRESETS;
const PLAYERS: readonly PlayerCount[] = [2, 3, 4, 5];

/** The exact bits of a number (`toString` of a double round-trips). */
export const bits = (x: number): string => (Object.is(x, -0) ? '-0' : String(x));

/**
 * Declares the cases: `what` names what must stay the same, `digestOf` computes a group's
 * digests from its player count and preset.
 */
export function describePinned<D>(
  title: string,
  options: { fixture: URL; updateVar: string; what: string; timeout?: number },
  digestOf: (players: PlayerCount, preset: PinPreset, variants: Variants) => D,
): void {
  describe(title, options.timeout === undefined ? {} : { timeout: options.timeout }, () => {
    const update = process.env[options.updateVar] === '1';
    const pinned = JSON.parse(readFileSync(options.fixture, 'utf8')) as Record<string, D>;
    for (const players of PLAYERS) {
      for (const preset of ['default', 'published'] as const) {
        const key = `${players}p-${preset}`;
        it(`${key}: ${options.what}, bit for bit`, () => {
          const now = digestOf(players, preset, PIN_PRESETS[preset]);
          if (update) {
            pinned[key] = now;
            writeFileSync(options.fixture, `${JSON.stringify(pinned, null, 2)}\n`);
          }
          expect(now).toEqual(pinned[key]);
        });
      }
    }
  });
}
