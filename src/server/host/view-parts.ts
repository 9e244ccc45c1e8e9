/**
 * A live match's views, built with their parts shared from seat to seat and from one state to
 * the next (see {@link ViewParts}).
 * @module
 */
import { type Card, cardAt } from '../../data/cards.js';
import { legalActions } from '../../rules/legal.js';
import { buildView, KNOWN, type Parts, type PlayerView, titlesOf, type Viewer, variantsOf } from '../../seat/view.js';
import type { Action, GameState } from '../../state/types.js';

/**
 * @internal The parts of one game's views kept from one state to the next, for
 * {@link ViewParts.view}: each card list (the middle, the discard, each hand, what is known of
 * each hand), the variants, the titles and the hand sizes is made once, frozen, and handed again
 * while the state array it comes from is the same (a state's arrays are never changed once it
 * exists: a transition copies what it changes). So every seat's view of a state shares them, and
 * a view shares with the previous one what did not change: a host compares it with the previous
 * view by identity first, digests a frozen list once (its digest is kept) and never changes it.
 * One per game: it keeps the last state's parts only.
 */
export class ViewParts implements Parts {
  private readonly from: (readonly number[] | undefined)[] = [];
  private readonly made: (readonly Card[] | undefined)[] = [];
  private knownFrom: readonly (readonly number[])[] | undefined;
  private knownMade: readonly (readonly Card[])[] = [];
  private variantsFrom: object | undefined;
  private variantsMade: PlayerView['variants'] | undefined;
  private titlesFrom: readonly (readonly number[])[] = [];
  private titlesMade: PlayerView['titles'] = {};
  private sizesFrom: readonly (readonly number[])[] | undefined;
  private sizesMade: readonly number[] = [];

  /**
   * What `viewer` may see of `state`, as `view` says, with the parts above shared and
   * frozen and `legal` the engine's own list. `state` must be one the pure API made (`step`,
   * `replay`, `createGame`), not a simulator's state changed in place.
   */
  view(state: GameState, viewer: Viewer): PlayerView {
    return buildView(state, viewer, this);
  }

  readonly cards = (list: readonly number[], slot: number): readonly Card[] => {
    if (this.from[slot] === list) return this.made[slot] as readonly Card[];
    const made = Object.freeze(list.map(cardAt));
    this.from[slot] = list;
    this.made[slot] = made;
    return made;
  };

  readonly known = (state: GameState): readonly (readonly Card[])[] => {
    if (this.knownFrom !== state.known) {
      this.knownMade = Object.freeze(state.known.map((list, p) => this.cards(list, KNOWN + p)));
      this.knownFrom = state.known;
    }
    return this.knownMade;
  };

  readonly variants = (state: GameState): PlayerView['variants'] => {
    if (this.variantsFrom !== state.variants || this.variantsMade === undefined) {
      this.variantsMade = Object.freeze(variantsOf(state));
      this.variantsFrom = state.variants;
    }
    return this.variantsMade;
  };

  readonly titles = (state: GameState): PlayerView['titles'] => {
    if (this.titlesFrom[0] !== state.primary || this.titlesFrom[1] !== state.secondary) {
      const titles = titlesOf(state);
      for (const t of Object.values(titles)) Object.freeze(t);
      this.titlesMade = Object.freeze(titles);
      this.titlesFrom = [state.primary, state.secondary];
    }
    return this.titlesMade;
  };

  readonly handSizes = (state: GameState): readonly number[] => {
    if (this.sizesFrom !== state.hands) {
      this.sizesMade = Object.freeze(state.hands.map((h) => h.length));
      this.sizesFrom = state.hands;
    }
    return this.sizesMade;
  };

  // The engine's own list (frozen where the engine keeps it), not a copy.
  readonly legal = (state: GameState, me: number): readonly Action[] => legalActions(state, me);
}
