/**
 * @internal The dealer: a view read and checked once (steps 1–3), then dealt many times (steps
 * 4–6), the first deal judged as a whole state (step 7).
 * @module
 */
import type { Draft } from '../../rules/draft.js';
import { tableProblem } from '../../rules/reachable.js';
import { copyInto, copyWords, rowsFor } from '../../state/copy-into.js';
import { RulesError, unreadable } from '../../state/errors.js';
import { seedState } from '../../state/rng.js';
import { showValue } from '../../state/show.js';
import type { GameState } from '../../state/types.js';
import type { PlayerView } from '../view.js';
import { invalid } from './checks.js';
import { checkView, type Frame } from './frame.js';
import { dealHands } from './hands.js';
import { type PayerDeal, readPayer } from './payer.js';
import { dealPiles } from './piles.js';
import { emptyDraft, type Public, readPublic, rebuild } from './public-fields.js';
import { readShown, type Shown } from './shown.js';
import { listUnseen, type Unseen } from './unseen.js';

/**
 * @internal A view read and checked once, then dealt many times: `deal(seed)` is exactly
 * `determinize(view, seed)`, without reading the view again (a search deals once per iteration).
 * The view must not change while the dealer is in use.
 */
export interface Dealer {
  /** The sample of `seed`: equal to `determinize(view, seed)`. */
  deal(seed: number | string): GameState;
  /**
   * Writes the sample of `seed` into `into`, reusing its arrays (which `into` must own, as the
   * simulator's state does): afterwards `into` equals `deal(seed)`. Every error comes before
   * anything is written: a bad seed, and the dealer's first sample, which is judged (step 7) as a
   * whole state; once one sample passed, later ones cannot fail.
   */
  dealTo(into: Draft, seed: number | string): void;
}

/** A getter or proxy in the view that throws: still bad input, never a TypeError. */
function unreadableView(e: unknown): never {
  unreadable(e, 'INVALID_VIEW', 'the view could not be read (a getter or proxy in it threw)');
}

/** @internal A seed is a finite number or a string (`Number.isFinite` is false for anything but a number). */
export function checkSeed(seed: unknown): void {
  if (!(typeof seed === 'string' || Number.isFinite(seed))) {
    throw new RulesError('INVALID_OPTIONS', `seed must be a finite number or a string, got ${showValue(seed)}`);
  }
}

/** @internal Reads and checks `view` once (steps 1–3) and returns its {@link Dealer}. */
export function dealerOf(view: PlayerView): Dealer {
  let frame: Frame;
  let shown: Shown;
  let hidden: Unseen;
  let pub: Public;
  let payer: PayerDeal | null;
  try {
    frame = checkView(view);
    shown = readShown(view, frame);
    hidden = listUnseen(frame, shown);
    pub = readPublic(frame, shown);
    payer = readPayer(frame, shown);
  } catch (e) {
    unreadableView(e);
  }
  // Step 7 judges the table: its public fields, read once above and the same in every deal, and
  // what the deal builds to fit them (a payer able to pay, the drawn card on top of the drawn
  // deck). One deal that passes it shows that every deal does, so it runs until one passes.
  let judged = false;
  // Steps 4 and 5 reorder the unseen cards: each deal starts again from step 3's order.
  const start = hidden.nk;
  const nk = start.slice();
  const rest: number[] = [];
  const fill = (d: Draft, seed: number | string): void => {
    copyInto(nk, start);
    // The generator of the sample: derived from the seed, it deals every hidden place in turn.
    const rng = copyWords(d.rng as number[], seedState(seed));
    dealHands(rng, frame, shown, hidden, nk, payer, rowsFor(d.hands as number[][], frame.n));
    dealPiles(rng, frame, shown, hidden, nk, rest, d);
    rebuild(d, pub, shown, seed, rng);
  };
  const dealer: Dealer = {
    deal(seed: number | string): GameState {
      checkSeed(seed);
      const d = emptyDraft(pub, shown);
      try {
        fill(d, seed);
      } catch (e) {
        unreadableView(e);
      }
      // Step 7: the deal put every card right; the public fields come from the view as they are,
      // so they must make a table the rules can reach (the turn order, the bidding, counters).
      if (!judged) {
        const problem = tableProblem(d);
        if (problem !== null) throw invalid(`the view is not of a game the rules can reach: ${problem}`);
        judged = true;
      }
      return d;
    },
    dealTo(into: Draft, seed: number | string): void {
      checkSeed(seed);
      if (!judged) dealer.deal(seed);
      fill(into, seed);
    },
  };
  return dealer;
}
