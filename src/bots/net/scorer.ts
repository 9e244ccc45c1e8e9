/**
 * @internal The shape both networks share: a small perceptron scores each item of a set (the
 * seats of a state, the choices of a decision) from the item's own vector and a vector shared by
 * the whole set, and a softmax over the items turns the scores into probabilities. Scoring every
 * item with the same weights treats the items alike, whatever their number.
 * @module
 */

import type { Dense } from './dense.js';
import { dense, softmaxInPlace } from './dense.js';

/**
 * @internal A scorer: `(items, k, shared, out)` reads `k` item vectors laid end to end in
 * `items` and the shared vector, and fills `out[0 … k − 1]` with the items' probabilities.
 */
export type SetScorer = <T extends { [i: number]: number }>(items: Float32Array, k: number, shared: Float32Array, out: T) => T;

/**
 * @internal The scorer of four layers: the item part of the first layer (`hidden × itemWidth`,
 * with the bias), its shared part (`hidden × sharedWidth`, bias zero), the second layer, and the
 * scoring layer (one output). The shared part is computed once per set.
 */
export function setScorer(layers: readonly Dense[], itemWidth: number, sharedWidth: number, name: string): SetScorer {
  const [itemLayer, sharedLayer, hiddenLayer, scoreLayer] = layers as [Dense, Dense, Dense, Dense];
  if (layers.length !== 4 || itemLayer.cols !== itemWidth || sharedLayer.cols !== sharedWidth || scoreLayer.rows !== 1)
    throw new Error(`${name}: the layers do not fit its inputs`);
  const shared = new Float32Array(sharedLayer.rows);
  const h1 = new Float32Array(itemLayer.rows);
  const h2 = new Float32Array(hiddenLayer.rows);
  const score = new Float32Array(1);
  return (items, k, context, out) => {
    dense(sharedLayer, context, 0, shared, false);
    for (let i = 0; i < k; i++) {
      dense(itemLayer, items, i * itemWidth, h1, true, shared);
      dense(hiddenLayer, h1, 0, h2, true);
      dense(scoreLayer, h2, 0, score, false);
      out[i] = score[0] as number;
    }
    return softmaxInPlace(out, k);
  };
}
