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
import { botRandom, heuristicBot, netBot, randomBot } from '../../src/bots/index.js';
import { choicesOf } from '../../src/bots/net/choices.js';
import { shippedPolicy, shippedValue } from '../../src/bots/net/networks.js';
import type { PlayerCount, Variants } from '../../src/index.js';
import { apply, createGame, currentPlayer, view } from '../../src/index.js';
import type { PinPreset } from '../helpers/pin.js';
import { bits, describePinned } from '../helpers/pin.js';

/** Games per group. */
const GAMES = 3;

function digestOf(players: PlayerCount, preset: PinPreset, variants: Variants): { value: string; policy: string; net: string } {
  const value = createHash('sha256');
  const policy = createHash('sha256');
  const net = createHash('sha256');
  const estimate = shippedValue();
  const judge = shippedPolicy();
  const bot = netBot();
  for (let g = 0; g < GAMES; g++) {
    let state = createGame({ players, seed: `net-pin-${preset}-${g}`, variants });
    const coin = botRandom(g);
    for (let p = currentPlayer(state); p !== null; p = currentPlayer(state)) {
      value.update(`${estimate(state, new Array<number>(players).fill(0)).map(bits).join(',')}\n`);
      const v = view(state, p);
      const choices = choicesOf(v);
      if (v.legal.length > 1 && v.step !== 'pay' && choices.length > 1) {
        policy.update(`${Array.from(judge(v, choices), bits).join(',')}\n`);
        net.update(`${JSON.stringify(bot(v, coin))}\n`);
      }
      state = apply(state, coin.next() < 0.5 ? randomBot(v, coin) : heuristicBot(v, coin));
    }
  }
  return { value: value.digest('hex'), policy: policy.digest('hex'), net: net.digest('hex') };
}

describePinned(
  'the shipped networks are pinned',
  {
    fixture: new URL('./fixtures/net-digest.json', import.meta.url),
    updateVar: 'NET_PIN_UPDATE',
    what: 'the same value estimates, policy probabilities and netBot choices',
    timeout: 120_000,
  },
  digestOf,
);
