/**
 * `npm run bench:net-inference`: what the networks cost, in CPU time. The value network (its
 * inputs, then the network) on every state of a few 4-player games, beside the search's fitted
 * evaluation that it replaces at the leaves; the policy network on every decision with a choice.
 *
 *   tsx test/bench/net/inference.ts [--games 3] [--rounds 20]
 */
import { parseArgs } from 'node:util';
import { evaluate } from '../../../src/bots/evaluate.js';
import { heuristicBot } from '../../../src/bots/heuristic.js';
import { ISMCTS_DEFAULTS } from '../../../src/bots/ismcts.js';
import { choicesOf } from '../../../src/bots/net/choices.js';
import { shippedPolicy, shippedValue } from '../../../src/bots/net/networks.js';
import { CONTEXT_FEATURES, SEAT_FEATURES, valueInputs } from '../../../src/bots/net/value-features.js';
import { playGame } from '../../../src/bots/play.js';
import type { GameState, PlayerView } from '../../../src/index.js';
import { currentPlayer, view } from '../../../src/index.js';

const { values } = parseArgs({ options: { games: { type: 'string', default: '3' }, rounds: { type: 'string', default: '20' } } });
const states: GameState[] = [];
for (let g = 0; g < Number(values.games); g++)
  playGame({
    players: 4,
    seed: `net-inference-${g}`,
    bots: [heuristicBot, heuristicBot, heuristicBot, heuristicBot],
    onAction: (_a, s) => {
      if (s.step !== 'over') states.push(s);
    },
  });
const decisions: PlayerView[] = [];
for (const s of states) {
  const v = view(s, currentPlayer(s) as number);
  if (v.legal.length > 1 && v.step !== 'pay' && choicesOf(v).length > 1) decisions.push(v);
}

function cpuMicros(rounds: number, items: number, body: () => void): number {
  for (let r = 0; r < 2; r++) body();
  const t = process.cpuUsage();
  for (let r = 0; r < rounds; r++) body();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / (rounds * items);
}

const rounds = Number(values.rounds);
const out = [0, 0, 0, 0];
const seats = new Float32Array(5 * SEAT_FEATURES);
const context = new Float32Array(CONTEXT_FEATURES);
const value = shippedValue();
const policy = shippedPolicy();
const fitted = cpuMicros(rounds, states.length, () => {
  for (const s of states) evaluate(s, out, ISMCTS_DEFAULTS);
});
const inputs = cpuMicros(rounds, states.length, () => {
  for (const s of states) valueInputs(s, seats, context);
});
const net = cpuMicros(rounds, states.length, () => {
  for (const s of states) value(s, out);
});
const pol = cpuMicros(Math.max(1, rounds / 10), decisions.length, () => {
  for (const v of decisions) policy(v, choicesOf(v));
});
console.log(`${states.length} states, ${decisions.length} decisions with a choice (4 players), node ${process.version}`);
console.log(`fitted evaluation (the search's leaves without the network): ${fitted.toFixed(2)} µs CPU per state`);
console.log(`value network: ${net.toFixed(2)} µs CPU per state, of which its inputs ${inputs.toFixed(2)} µs`);
console.log(`policy network: ${(pol / 1000).toFixed(3)} ms CPU per decision (the heuristic bot's belief and choice included)`);
