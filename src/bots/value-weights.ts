/**
 * @internal Weights of the search's value estimate, written by `npm run fit:value`
 * (`test/bench/fit-value.ts`; 3000 heuristic self-play games per player count, seed "fit-value").
 * @module
 */

/**
 * @internal `VALUE_WEIGHTS[players - 3][stage]`: the weights of a seat's expected title points,
 * coins of gold and expected primary titles in the softmax that estimates each seat's chance to
 * win in games of 3 to 5 players (see `evaluate.ts` for the stages: 0–5 the auction, 6–13 the draft).
 */
export const VALUE_WEIGHTS: readonly (readonly (readonly number[])[])[] = [
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
];
