/** 95% Wilson score interval `[low, high]` for k successes in n trials (`wilson.mjs`). */
export function wilson(k: number, n: number, z?: number): [number, number];
