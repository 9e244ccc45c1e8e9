/**
 * @internal A trained network as it is shipped: the shapes of its layers and their weights as
 * base64 text of little-endian float32 (each layer's `W`, row-major, then its `b`).
 * @module
 */

import type { Dense } from './dense.js';
import { floatsFromBase64, layersOf } from './dense.js';

/** @internal A network's layers, serialized. */
export interface NetworkData {
  /** `[rows, cols]` of each layer, in order. */
  readonly shapes: readonly (readonly [number, number])[];
  /** Base64 of every layer's float32 weights then biases, little-endian. */
  readonly weights: string;
}

/** @internal The layers of a serialized network. */
export function layersFrom(data: NetworkData): Dense[] {
  return layersOf(floatsFromBase64(data.weights), data.shapes);
}
