/**
 * Pins the shipped networks' outputs to the last bit: a digest of the value network's estimate
 * on every state, and of the policy network's probabilities and `netBot`'s choice at every
 * decision with a choice, over seeded games of every player count under both variant presets
 * (half of the moves by the random bot, so that rare states are reached). A faster inference
 * must leave every digest unchanged; the float32 tolerance test beside it (`net.test.ts`) checks
 * the networks against the Python trainer, this one checks that nothing moved at all.
 * Regenerate only when the weights or the features change:
 * `NET_PIN_UPDATE=1 npx vitest run test/bots/net-pin.test.ts`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { botRandom, heuristicBot, netBot, randomBot } from '../../src/bots/index.js';
import { choicesOf } from '../../src/bots/net/choices.js';
import { shippedPolicy, shippedValue } from '../../src/bots/net/networks.js';
import type { PlayerCount } from '../../src/index.js';
import { apply, createGame, currentPlayer, DEFAULT_VARIANTS, PUBLISHED_VARIANTS, view } from '../../src/index.js';

const FIXTURE = new URL('./fixtures/net-digest.json', import.meta.url);
const PRESETS = { default: DEFAULT_VARIANTS, published: PUBLISHED_VARIANTS } as const;
const PLAYERS: readonly PlayerCount[] = [2, 3, 4, 5];
/** Games per group. */
const GAMES = 3;

/** The exact bits of a number (`toString` of a double round-trips). */
const bits = (x: number): string => (Object.is(x, -0) ? '-0' : String(x));

function digestOf(players: PlayerCount, preset: keyof typeof PRESETS): { value: string; policy: string; net: string } {
  const value = createHash('sha256');
  const policy = createHash('sha256');
  const net = createHash('sha256');
  const estimate = shippedValue();
  const judge = shippedPolicy();
  const bot = netBot();
  for (let g = 0; g < GAMES; g++) {
    let state = createGame({ players, seed: `net-pin-${preset}-${g}`, variants: PRESETS[preset] });
    const coin = botRandom(g);
    for (let p = currentPlayer(state); p !== null; p = currentPlayer(state)) {
      value.update(`${estimate(state, new Array<number>(players).fill(0)).map(bits).join(',')}\n`);
      const v = view(state, p);
      const choices = choicesOf(v);
      if (v.legal.length > 1 && v.step !== 'pay' && choices.length > 1) {
        policy.update(`${Array.from(judge(v, choices), bits).join(',')}\n`);
        net.update(`${JSON.stringify(bot(v, coin))}\n`);
      }
      const r = coin.next();
      state = apply(state, r < 0.5 ? randomBot(v, coin) : heuristicBot(v, coin));
    }
  }
  return { value: value.digest('hex'), policy: policy.digest('hex'), net: net.digest('hex') };
}

describe('the shipped networks are pinned', { timeout: 120_000 }, () => {
  const update = process.env.NET_PIN_UPDATE === '1';
  const pinned = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, ReturnType<typeof digestOf>>;
  for (const players of PLAYERS) {
    for (const preset of ['default', 'published'] as const) {
      const key = `${players}p-${preset}`;
      it(`${key}: the same value estimates, policy probabilities and netBot choices, bit for bit`, () => {
        const now = digestOf(players, preset);
        if (update) {
          pinned[key] = now;
          writeFileSync(FIXTURE, `${JSON.stringify(pinned, null, 2)}\n`);
        }
        expect(now).toEqual(pinned[key]);
      });
    }
  }
});
