/**
 * One frozen `Variants` object per combination of the rule variants, shared by every state that
 * plays it: states copied from one another (the pure API's, the simulator's, the environment's)
 * can then share their variants without anyone being able to change another game's rules
 * through them, and a copy costs nothing.
 * @module
 */
import type { Variants } from '../state/types.js';

/** The eight combinations, indexed by `keyOf`. */
const SHARED: readonly Variants[] = (() => {
  const all: Variants[] = [];
  for (let key = 0; key < 8; key++) {
    all.push(
      Object.freeze({
        payment: key & 1 ? 'by-lot' : 'gold-or-discard',
        secondaryTitle: key & 2 ? 'tile' : 'half',
        middle: key & 4 ? 'one-per-opponent' : 'advisor-keeps-last',
      }),
    );
  }
  return all;
})();

function keyOf(payment: string, secondaryTitle: string, middle: string): number {
  return (payment === 'by-lot' ? 1 : 0) | (secondaryTitle === 'tile' ? 2 : 0) | (middle === 'one-per-opponent' ? 4 : 0);
}

/**
 * @internal The shared, frozen object of the variants `v`. `v` is trusted to hold variant names
 * (a state's or checked options'); a value outside them, which only a hand-made state can hold,
 * gets a frozen copy of its own rather than another meaning. No allocation otherwise: the
 * simulator loads states in its hot loop.
 */
export function sharedVariants(v: Variants): Variants {
  const payment = v.payment;
  const secondaryTitle = v.secondaryTitle;
  const middle = v.middle;
  const shared = SHARED[keyOf(payment, secondaryTitle, middle)] as Variants;
  if (shared.payment === payment && shared.secondaryTitle === secondaryTitle && shared.middle === middle) return shared;
  return Object.freeze({ payment, secondaryTitle, middle });
}
