import { describe, expect, it } from 'vitest';
import { botRandom } from '../../src/bots/types.js';
import type { LogitData } from './logit.js';
import { fitLogit, logLoss } from './logit.js';

/** Rows whose winner is drawn from a softmax with `truth` as weights (seeded). */
function synthetic(truth: readonly number[], seats: number, rows: number): LogitData {
  const rng = botRandom('logit');
  const k = truth.length;
  const features = new Float64Array(rows * seats * k);
  const outcome = new Float64Array(rows * seats);
  for (let r = 0; r < rows; r++) {
    const u: number[] = [];
    for (let s = 0; s < seats; s++) {
      let sum = 0;
      for (let j = 0; j < k; j++) {
        const x = rng.next() * 6 - 2;
        features[(r * seats + s) * k + j] = x;
        sum += (truth[j] as number) * x;
      }
      u.push(Math.exp(sum));
    }
    const total = u.reduce((a, b) => a + b, 0);
    let draw = rng.next() * total;
    let winner = seats - 1;
    for (let s = 0; s < seats; s++) {
      draw -= u[s] as number;
      if (draw < 0) {
        winner = s;
        break;
      }
    }
    outcome[r * seats + winner] = 1;
  }
  return { seats, k, rows, features, outcome };
}

describe('the value fit (test/bench/logit.ts)', () => {
  it('a blind guess scores ln(seats)', () => {
    const data = synthetic([0.5, -0.2], 4, 50);
    expect(logLoss(data, [0, 0])).toBeCloseTo(Math.log(4), 12);
  });

  it('recovers the weights that generated the outcomes, and fits them better than a blind guess', () => {
    const truth = [0.8, -0.3, 0.15];
    const data = synthetic(truth, 4, 6000);
    const w = fitLogit(data);
    for (let j = 0; j < truth.length; j++) expect(Math.abs((w[j] as number) - (truth[j] as number))).toBeLessThan(0.06);
    expect(logLoss(data, w)).toBeLessThan(logLoss(data, [0, 0, 0]) - 0.2);
    expect(logLoss(data, w)).toBeLessThanOrEqual(logLoss(data, truth) + 1e-3);
  });

  it('shares a win: a row split between two seats pulls both up alike', () => {
    const data: LogitData = {
      seats: 3,
      k: 1,
      rows: 2,
      features: Float64Array.from([1, 1, 0, 1, 0, 1]),
      outcome: Float64Array.from([0.5, 0.5, 0, 0.5, 0, 0.5]),
    };
    const w = fitLogit(data);
    expect(w[0]).toBeGreaterThan(1);
  });
});
