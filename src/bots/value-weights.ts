// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights that may round to 0.707 or 3.142
/**
 * @internal Weights of the search's value estimate, written by `npm run fit:value`
 * (`test/bench/fit-value.ts`; 3000 heuristic self-play games per player count and variant set, seed "fit-value").
 * @module
 */

import type { MiddleVariant } from '../index.js';

/**
 * @internal `table[players - 3][stage]`: the weights of a seat's expected title points, coins of
 * gold and expected primary titles in the softmax that estimates each seat's chance to win in
 * games of 3 to 5 players (see `evaluate.ts` for the stages: 0–5 the auction, 6–13 the draft).
 */
export type ValueWeightTable = readonly (readonly (readonly number[])[])[];

/**
 * @internal The value weights per middle rule (RULES V3) of the game searched: the
 * `'advisor-keeps-last'` table is fitted on games under `DEFAULT_VARIANTS`, the
 * `'one-per-opponent'` table on games under `PUBLISHED_VARIANTS`.
 */
export const VALUE_WEIGHTS: Readonly<Record<MiddleVariant, ValueWeightTable>> = {
  'advisor-keeps-last': [
    // 3 players
    [
      [0.712, 0.126, 0.143],
      [0.495, 0.102, 0.242],
      [0.422, 0.103, 0.226],
      [0.368, 0.094, 0.258],
      [0.338, 0.109, 0.251],
      [0.328, 0.112, 0.289],
      [0.276, 0.118, 0.315],
      [0.24, 0.114, 0.396],
      [0.191, 0.107, 0.446],
      [0.194, 0.1, 0.398],
      [0.186, 0.088, 0.368],
      [0.132, 0.06, 0.36],
      [0.099, 0.035, 0.441],
      [0.026, -0.002, 0.271],
    ],
    // 4 players
    [
      [0.745, 0.117, 0.199],
      [0.494, 0.1, 0.344],
      [0.372, 0.09, 0.437],
      [0.33, 0.1, 0.444],
      [0.295, 0.104, 0.476],
      [0.263, 0.117, 0.556],
      [0.238, 0.125, 0.623],
      [0.169, 0.109, 0.702],
      [0.182, 0.111, 0.68],
      [0.159, 0.108, 0.695],
      [0.142, 0.1, 0.739],
      [0.129, 0.1, 0.78],
      [0.169, 0.073, 0.555],
      [0.116, 0.051, 0.712],
    ],
    // 5 players
    [
      [0.71, 0.124, 0.37],
      [0.424, 0.109, 0.528],
      [0.297, 0.104, 0.601],
      [0.22, 0.101, 0.666],
      [0.185, 0.104, 0.705],
      [0.172, 0.111, 0.741],
      [0.16, 0.109, 0.75],
      [0.115, 0.104, 0.785],
      [0.137, 0.111, 0.776],
      [0.097, 0.11, 0.795],
      [0.124, 0.097, 0.684],
      [0.158, 0.103, 0.701],
      [0.11, 0.089, 0.779],
      [0.059, 0.076, 1.244],
    ],
  ],
  'one-per-opponent': [
    // 3 players
    [
      [0.39, 0.087, 0.077],
      [0.273, 0.083, 0.175],
      [0.214, 0.071, 0.21],
      [0.174, 0.065, 0.269],
      [0.151, 0.069, 0.264],
      [0.141, 0.068, 0.256],
      [0.118, 0.063, 0.31],
      [0.103, 0.062, 0.402],
      [0.086, 0.057, 0.416],
      [0.079, 0.051, 0.455],
      [0.083, 0.036, 0.483],
      [0.055, 0.016, 0.53],
      [0.045, 0.001, 0.479],
      [-0.057, -0.033, 0.57],
    ],
    // 4 players
    [
      [0.525, 0.081, -0.079],
      [0.387, 0.079, 0.091],
      [0.305, 0.08, 0.182],
      [0.263, 0.076, 0.242],
      [0.227, 0.083, 0.319],
      [0.228, 0.092, 0.323],
      [0.19, 0.091, 0.4],
      [0.13, 0.093, 0.566],
      [0.111, 0.086, 0.671],
      [0.062, 0.083, 0.736],
      [0.091, 0.08, 0.68],
      [0.013, 0.074, 0.766],
      [0.054, 0.049, 0.376],
      [-0.203, 0.07, 0.761],
    ],
    // 5 players
    [
      [0.538, 0.101, 0.016],
      [0.347, 0.099, 0.258],
      [0.268, 0.083, 0.276],
      [0.217, 0.078, 0.318],
      [0.18, 0.077, 0.358],
      [0.166, 0.082, 0.394],
      [0.134, 0.082, 0.455],
      [0.122, 0.085, 0.512],
      [0.104, 0.082, 0.561],
      [0.092, 0.087, 0.643],
      [0.083, 0.075, 0.578],
      [0.068, 0.084, 0.713],
      [0.088, 0.058, 0.542],
      [-0.099, 0.065, 0.928],
    ],
  ],
};
