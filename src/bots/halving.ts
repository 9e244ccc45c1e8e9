/**
 * @internal Sequential halving over the searching seat's choices at the root of the search
 * (`SearchSettings.rootHalving`).
 *
 * The tree below the root picks its edges by UCB, which spreads the iterations to keep the
 * total regret of the walk small; at the root only the last choice counts. Sequential halving
 * (Karnin, Koren and Somekh 2013; at the root of a tree search, the "H-MCTS" of Pepels, Cazenave,
 * Winands and Lanctot 2014, and the root of Gumbel AlphaZero, Danihelka et al. 2022, here without
 * the Gumbel noise) splits the iterations into ⌈log₂ m⌉ phases for `m` choices: in each phase
 * the choices still in play are walked in turn, equally often, and at its end the better half
 * (rounded up) stays, down to two, which share what is left. A choice's score is the prior's
 * weight times the log of its probability (0 without a prior) plus `(50 + most visits) × 0.3 ×
 * its mean reward`: the prior says most while the search has seen little, the search's own
 * results more as its visits grow (at the weight 3 of `ismctsNetBot`, the constants of Gumbel
 * AlphaZero's reference implementation, times 3, but the rewards as they are, where that
 * implementation rescales them by default; `rescale` does). The choice played is the best scored
 * of the last two.
 */

/** What the halving reads of a root choice: its visits and the searching seat's total reward. */
export interface RootStats {
  readonly visits: number;
  readonly total: number;
}

/** The most root choices the halving considers (those with the largest prior first). */
export const HALVING_CONSIDERED = 16;

/** Weights of the score's reward term: `(VISIT_OFFSET + most visits) × REWARD_SCALE × mean`. */
const VISIT_OFFSET = 50;
const REWARD_SCALE = 0.3;

/** @internal The schedule of one search: which root choice each iteration walks, and the one played. */
export class Halving {
  /** Action keys of the choices still in play. */
  private inPlay: number[];
  private readonly logit = new Map<number, number>();
  /** Iterations left in the search, and in the current phase. */
  private left: number;
  private phaseLeft = 0;
  /** Phases left, this one included. */
  private phases: number;
  private turn = 0;
  /** Whether the key `next()` returned last opens a round: the first walk of the choices in play, in turn. */
  private opens = false;

  /**
   * `keys`: the root choices' action keys; `prior`: one probability per key, or `undefined`
   * without a prior; `weight`: the prior's weight; `iterations`: the search's budget; `rescale`:
   * score the mean rewards rescaled to [0, 1] between the lowest and the highest of the choices
   * in play (as Gumbel AlphaZero's reference implementation does by default), rather than as they are.
   */
  constructor(
    keys: readonly number[],
    prior: ArrayLike<number> | undefined,
    weight: number,
    iterations: number,
    private readonly rescale: boolean,
  ) {
    const order = keys.map((_, i) => i);
    if (prior !== undefined) order.sort((a, b) => (prior[b] ?? 0) - (prior[a] ?? 0) || a - b);
    this.inPlay = order.slice(0, HALVING_CONSIDERED).map((i) => keys[i] as number);
    keys.forEach((k, i) => {
      this.logit.set(k, prior === undefined ? 0 : weight * Math.log(Math.max(prior[i] ?? 0, 1e-6)));
    });
    this.left = iterations;
    this.phases = Math.max(1, Math.ceil(Math.log2(this.inPlay.length)));
    this.startPhase();
  }

  /** The key of the root choice the next iteration walks. */
  next(stats: (key: number) => RootStats | undefined): number {
    if (this.phaseLeft === 0 && this.phases > 1) {
      this.inPlay = this.ranked(stats).slice(0, Math.max(2, Math.ceil(this.inPlay.length / 2)));
      this.phases -= 1;
      this.startPhase();
    }
    const key = this.inPlay[this.turn % this.inPlay.length] as number;
    this.opens = this.turn % this.inPlay.length === 0;
    this.turn += 1;
    this.phaseLeft -= 1;
    this.left -= 1;
    return key;
  }

  /**
   * Whether the key `next()` returned last is the first of a round, in which each choice in play
   * is walked once (a phase is whole rounds, but for the last phase's remainder).
   */
  get roundStart(): boolean {
    return this.opens;
  }

  /** The key of the choice to play: the best scored of those still in play. */
  best(stats: (key: number) => RootStats | undefined): number {
    return this.ranked(stats)[0] as number;
  }

  private startPhase(): void {
    this.turn = 0;
    const n = this.inPlay.length;
    // The last phase takes what is left; the others an equal share each, at least one walk per choice.
    this.phaseLeft = this.phases === 1 ? this.left : Math.max(1, Math.floor(this.left / this.phases / n)) * n;
  }

  /** The choices in play, best score first (ties: the earlier, which is the larger prior). */
  private ranked(stats: (key: number) => RootStats | undefined): number[] {
    const means = new Map<number, number>();
    let most = 0;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const k of this.inPlay) {
      const s = stats(k);
      if (s === undefined || s.visits === 0) continue;
      const mean = s.total / s.visits;
      means.set(k, mean);
      most = Math.max(most, s.visits);
      low = Math.min(low, mean);
      high = Math.max(high, mean);
    }
    const weight = (VISIT_OFFSET + most) * REWARD_SCALE;
    const score = new Map<number, number>();
    for (const k of this.inPlay) {
      const mean = means.get(k);
      // Not walked yet (a time budget ended the search): the lowest reward.
      const q = mean === undefined ? 0 : this.scaled(mean, low, high);
      score.set(k, (this.logit.get(k) ?? 0) + weight * q);
    }
    return [...this.inPlay].sort((a, b) => (score.get(b) as number) - (score.get(a) as number));
  }

  /** A mean reward as the score reads it: as it is, or with `rescale` between the lowest and the highest in play (0 when they are equal). */
  private scaled(mean: number, low: number, high: number): number {
    if (!this.rescale) return mean;
    return high > low ? (mean - low) / (high - low) : 0;
  }
}
