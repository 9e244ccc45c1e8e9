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
    [0.666, 0.119, 0.196],
    [0.445, 0.11, 0.249],
    [0.357, 0.093, 0.256],
    [0.316, 0.086, 0.251],
    [0.304, 0.093, 0.3],
    [0.302, 0.109, 0.344],
    [0.261, 0.104, 0.311],
    [0.224, 0.099, 0.352],
    [0.211, 0.086, 0.307],
    [0.186, 0.072, 0.336],
    [0.158, 0.056, 0.357],
    [0.148, 0.046, 0.231],
    [0.142, 0.021, 0.297],
    [-0.096, -0.012, 0.714],
  ],
  // 4 players
  [
    [0.733, 0.119, 0.23],
    [0.478, 0.099, 0.388],
    [0.347, 0.095, 0.46],
    [0.31, 0.103, 0.474],
    [0.274, 0.113, 0.55],
    [0.268, 0.129, 0.572],
    [0.218, 0.126, 0.602],
    [0.167, 0.12, 0.659],
    [0.146, 0.114, 0.658],
    [0.121, 0.111, 0.664],
    [0.12, 0.1, 0.622],
    [0.106, 0.093, 0.547],
    [0.059, 0.08, 0.6],
    [-0.245, 0.078, 0.949],
  ],
  // 5 players
  [
    [0.66, 0.136, 0.335],
    [0.394, 0.109, 0.508],
    [0.295, 0.098, 0.531],
    [0.246, 0.106, 0.554],
    [0.221, 0.113, 0.546],
    [0.205, 0.123, 0.568],
    [0.171, 0.129, 0.597],
    [0.12, 0.135, 0.755],
    [0.109, 0.133, 0.756],
    [0.086, 0.142, 0.84],
    [0.083, 0.132, 0.714],
    [0.032, 0.14, 0.887],
    [-0.008, 0.118, 1.051],
    [-0.068, 0.132, 1.026],
  ],
];
