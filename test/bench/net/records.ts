/**
 * Training records for the networks, written by self-play (`selfplay.ts`) and read by
 * `python/train/net_train.py`. Every file is raw little-endian float32, one record after another:
 *
 * - `value-<n>.f32`: positions of `n`-player games: each seat's vector (`n × SEAT_FEATURES`), the
 *   context (`CONTEXT_FEATURES`), each seat's share of the final win (`n`), and the game's number.
 * - `decisions.f32`: decisions searched by a recorded seat: the decision vector
 *   (`DECISION_FEATURES`), the number of choices, and the game's number.
 * - `choices.f32`: their choices, decision after decision: the choice's vector (`CHOICE_FEATURES`),
 *   the search's share of visits, and whether it was played.
 */

import { HEURISTIC_PARAMS } from '../../../src/bots/heuristic.js';
import { choicesOf } from '../../../src/bots/net/choices.js';
import { CHOICE_FEATURES, DECISION_FEATURES, policyInputs } from '../../../src/bots/net/policy-features.js';
import { CONTEXT_FEATURES, SEAT_FEATURES, valueInputs } from '../../../src/bots/net/value-features.js';
import { sameAction } from '../../../src/bots/play.js';
import type { RootChoice } from '../../../src/bots/search.js';
import type { Action, GameState, PlayerView } from '../../../src/index.js';
import { score } from '../../../src/index.js';

/** A growing float32 buffer. */
export class Floats {
  private data = new Float32Array(1 << 16);
  length = 0;
  push(...values: number[]): void {
    this.reserve(values.length);
    for (const v of values) this.data[this.length++] = v;
  }
  pushArray(values: Float32Array, count: number): void {
    this.reserve(count);
    this.data.set(values.subarray(0, count), this.length);
    this.length += count;
  }
  bytes(): Uint8Array {
    return new Uint8Array(this.data.buffer, 0, this.length * 4);
  }
  private reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    const next = new Float32Array(Math.max(this.data.length * 2, this.length + extra));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
}

/** The records of a batch of games. */
export interface Records {
  readonly value: Map<number, Floats>;
  readonly decisions: Floats;
  readonly choices: Floats;
}

export function emptyRecords(): Records {
  return { value: new Map(), decisions: new Floats(), choices: new Floats() };
}

const seats = new Float32Array(5 * SEAT_FEATURES);
const context = new Float32Array(CONTEXT_FEATURES);
const decision = new Float32Array(DECISION_FEATURES);
let choiceVectors = new Float32Array(32 * CHOICE_FEATURES);

/** Positions of one game, kept until its result is known. */
export class GamePositions {
  private readonly rows = new Floats();
  private count = 0;
  constructor(
    private readonly n: number,
    private readonly game: number,
  ) {}
  add(state: GameState): void {
    valueInputs(state, seats, context);
    this.rows.pushArray(seats, this.n * SEAT_FEATURES);
    this.rows.pushArray(context, CONTEXT_FEATURES);
    for (let p = 0; p < this.n; p++) this.rows.push(0);
    this.rows.push(this.game);
    this.count++;
  }
  /** Writes the positions with the final result into `records`. */
  finish(final: GameState, records: Records): void {
    const winners = score(final).winners;
    const width = this.n * SEAT_FEATURES + CONTEXT_FEATURES + this.n + 1;
    const bytes = this.rows.bytes();
    const rows = new Float32Array(bytes.buffer, 0, this.count * width);
    for (let r = 0; r < this.count; r++)
      for (let p = 0; p < this.n; p++)
        rows[r * width + this.n * SEAT_FEATURES + CONTEXT_FEATURES + p] = winners.includes(p) ? 1 / winners.length : 0;
    let out = records.value.get(this.n);
    if (out === undefined) {
      out = new Floats();
      records.value.set(this.n, out);
    }
    out.pushArray(rows, rows.length);
  }
}

/**
 * Records one searched decision: the policy's inputs for the view's choices, and the search's
 * share of visits over them (`report`, the search's root) with the action it played.
 */
export function recordDecision(view: PlayerView, report: readonly RootChoice[], played: Action, game: number, records: Records): void {
  const choices = choicesOf(view);
  if (choices.length < 2 || view.step === 'pay') return;
  let total = 0;
  const visits = choices.map((a) => {
    const r = report.find((x) => sameAction(x.action, a));
    const v = r === undefined ? 0 : r.visits;
    total += v;
    return v;
  });
  if (total === 0) return;
  if (choiceVectors.length < choices.length * CHOICE_FEATURES) choiceVectors = new Float32Array(choices.length * CHOICE_FEATURES);
  policyInputs(view, choices, HEURISTIC_PARAMS, decision, choiceVectors);
  records.decisions.pushArray(decision, DECISION_FEATURES);
  records.decisions.push(choices.length, game);
  choices.forEach((a, i) => {
    records.choices.pushArray(choiceVectors.subarray(i * CHOICE_FEATURES), CHOICE_FEATURES);
    records.choices.push((visits[i] as number) / total, sameAction(a, played) ? 1 : 0);
  });
}
