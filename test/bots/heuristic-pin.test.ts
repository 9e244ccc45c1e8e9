/**
 * Pins `heuristicBot`'s decisions and the belief numbers other code reads (the network features
 * read `areaValues`, `bidLimit`, `gainValue`, `kingGain`, `totals`): a digest of every action the
 * bot chose, and of those numbers to the last bit, over seeded games of every player count under
 * both variant presets. Speed-ups must leave every digest unchanged.
 *
 * Two kinds of game per group: the heuristic bot in every seat, and games driven half by the
 * random bot (so that rare states are reached) where the heuristic bot is still asked at every
 * decision. Regenerate only for an intended change of strategy:
 * `HEURISTIC_PIN_UPDATE=1 npx vitest run test/bots/heuristic-pin.test.ts`.
 */
import { createHash } from 'node:crypto';
import { areaValues, bidLimit, gainValue, HEURISTIC_PARAMS, lossValue } from '../../src/bots/heuristic.js';
import { botRandom, heuristicBot, randomBot } from '../../src/bots/index.js';
import { bestKing, buildModel, kingGain, totals } from '../../src/bots/model.js';
import type { PlayerCount, PlayerView, Variants } from '../../src/index.js';
import { apply, createGame, currentPlayer, view } from '../../src/index.js';
import type { PinPreset } from '../helpers/pin.js';
import { bits, describePinned } from '../helpers/pin.js';

/** Games per group of each kind. */
const GAMES = 8;

/** The belief numbers at `v` that the bot and the network features read. */
function numbers(v: PlayerView): string {
  const model = buildModel(v);
  const p = HEURISTIC_PARAMS;
  const out: number[] = [...totals(model)];
  const cards = [...v.middle, ...v.hand];
  if (v.drawn) cards.push(v.drawn);
  if (v.lot) cards.push(v.lot);
  for (const card of cards) {
    for (let q = 0; q < v.players; q++) out.push(gainValue(model, q, card, p.coin));
    out.push(lossValue(model, card, p.coin));
  }
  if (v.drawn) {
    const a = areaValues(model, v.drawn, p);
    out.push(a.self, a.middle, a.favor);
  }
  if (v.step === 'bid') out.push(bidLimit(v, model, p));
  if (v.step === 'king') {
    for (let o = 0; o < model.offices.length; o++) for (let value = 1; value <= 6; value++) out.push(kingGain(model, o, value));
    for (let q = 0; q < v.players; q++) {
      const k = bestKing(model, q);
      out.push(k.o, k.value, k.gain);
    }
  }
  return out.map(bits).join(',');
}

function digestOf(players: PlayerCount, preset: PinPreset, variants: Variants): { actions: string; mixed: string; numbers: string } {
  const actions = createHash('sha256');
  const mixed = createHash('sha256');
  const nums = createHash('sha256');
  for (let g = 0; g < GAMES; g++) {
    let state = createGame({ players, seed: `pin-${preset}-${g}`, variants });
    const rng = botRandom(g);
    for (let p = currentPlayer(state); p !== null; p = currentPlayer(state)) {
      const a = heuristicBot(view(state, p), rng);
      actions.update(`${JSON.stringify(a)}\n`);
      state = apply(state, a);
    }
    state = createGame({ players, seed: `pin-mixed-${preset}-${g}`, variants });
    const coin = botRandom(1000 + g);
    let places = 0;
    for (let p = currentPlayer(state); p !== null; p = currentPlayer(state)) {
      const v = view(state, p);
      const a = heuristicBot(v, coin);
      mixed.update(`${JSON.stringify(a)}\n`);
      if (v.legal.length > 1 && (v.step !== 'place' || ++places % 3 === 0)) nums.update(`${numbers(v)}\n`);
      state = apply(state, coin.next() < 0.5 ? a : randomBot(v, coin));
    }
  }
  return { actions: actions.digest('hex'), mixed: mixed.digest('hex'), numbers: nums.digest('hex') };
}

describePinned(
  'heuristicBot decisions are pinned',
  {
    fixture: new URL('./fixtures/heuristic-digest.json', import.meta.url),
    updateVar: 'HEURISTIC_PIN_UPDATE',
    what: 'the same actions and the same belief numbers',
  },
  digestOf,
);
