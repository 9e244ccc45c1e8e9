/**
 * The in-place simulator: one mutable game that the rules' own transitions change in place,
 * with its legal actions addressed by index. For search and mass simulation.
 * @module
 */
import { actionFromId } from '../rules/action-ids.js';
import { checkAction, perform } from '../rules/apply.js';
import { legalAt, legalCount, legalIdAt, playAt } from '../rules/by-index.js';
import type { Draft, Tx } from '../rules/draft.js';
import { OWNS_ALL } from '../rules/draft.js';
import { score } from '../rules/scoring.js';
import { sharedVariants } from '../rules/variants.js';
import { copyInto, copyLists, copyWords } from '../state/copy-into.js';
import type { Action, GameState, PlayerCount, Score } from '../state/types.js';

/**
 * A game you change in place. Drives the very transitions `apply` uses, on a state it owns, so a
 * game played through a simulator and through `apply` is the same game, action for action and
 * draw for draw. Create one with {@link createSimulator}.
 *
 * Legal actions are numbered `0 … legalCount() − 1` in the order of `legalActions(state)`;
 * `applyIndex(i)` plays the `i`-th without building the list or checking it, the fastest way to
 * play. `apply(action)` and `applyId(id)` are checked like the pure `apply` and leave the
 * simulator unchanged when they throw.
 *
 * @example
 * ```ts
 * import { createGame } from 'for-the-king-and-me';
 * import { createSimulator } from 'for-the-king-and-me/sim';
 *
 * const sim = createSimulator(createGame({ players: 4, seed: 1 }));
 * while (!sim.isOver()) sim.applyIndex(Math.floor(Math.random() * sim.legalCount()));
 * console.log(sim.score().winners);
 * ```
 */
export interface Simulator {
  /** The game's player count. */
  readonly players: PlayerCount;
  /** How many legal actions the player to move has (0 once the game is over). */
  legalCount(): number;
  /**
   * The `i`-th legal action, `0 ≤ i < legalCount()`: the same shared, frozen object that
   * `legalActions(state)[i]` is. The index is not checked.
   */
  legalAt(i: number): Action;
  /** The action id (see `actionId`) of the `i`-th legal action. The index is not checked. */
  legalIdAt(i: number): number;
  /** Plays the `i`-th legal action, `0 ≤ i < legalCount()`. Unchecked: a bad index corrupts the game. */
  applyIndex(i: number): void;
  /**
   * Plays an action, checked exactly as the pure `apply` checks it.
   * @throws `RulesError` with the codes of `apply`; the simulator is then unchanged.
   */
  apply(action: Action): void;
  /**
   * Plays the action with this id (see `actionId`), checked.
   * @throws `RulesError` `MALFORMED_ACTION` for an id outside the game's id space, else as {@link Simulator.apply}.
   */
  applyId(id: number): void;
  /** Whether the game is over (RULES A8). */
  isOver(): boolean;
  /** The player to move, or `null` once the game is over. */
  currentPlayer(): number | null;
  /** The number of actions applied since the game began (`GameState.moveCount`). */
  moveCount(): number;
  /** The score now (RULES E1–E4), final once the game is over. */
  score(): Score;
  /** Makes this simulator the same game as `other` (same player count or not), copying into its own arrays. */
  copyFrom(other: Simulator): void;
  /**
   * Makes this simulator the game `state` (a state from `createGame`, `apply` or `deserialize`);
   * `state` is copied into the simulator's own arrays (no allocation once they are long enough), never changed.
   */
  load(state: GameState): void;
  /** A new, independent simulator of the same game. */
  clone(): Simulator;
  /** The game as a fresh plain `GameState`, equal to the one the pure API would have reached; later moves do not change it. */
  toState(): GameState;
  /**
   * The simulator's own state, without a copy: read it (for example with `view` or `score`) but
   * never change it, and do not keep it, since the next move changes it in place.
   */
  peek(): GameState;
}

/**
 * A fresh, owned copy of a state's arrays and fields, in the shape every state shares. The
 * variants are the one frozen object of their combination: shared, yet nobody can change them.
 */
function ownCopy(s: GameState): Draft {
  return {
    players: s.players,
    variants: sharedVariants(s.variants),
    seed: s.seed,
    rng: s.rng.slice(),
    step: s.step,
    toMove: s.toMove,
    firstPlayer: s.firstPlayer,
    advisor: s.advisor,
    deck: s.deck.slice(),
    deckTop: s.deckTop,
    removed: s.removed.slice(),
    drawn: s.drawn,
    selfUsed: s.selfUsed,
    favorUsed: s.favorUsed,
    hands: s.hands.map((h) => h.slice()),
    known: s.known.map((k) => k.slice()),
    middle: s.middle.slice(),
    favor: s.favor.slice(),
    favorBy: s.favorBy.slice(),
    lot: s.lot,
    lotBy: s.lotBy,
    highBid: s.highBid,
    highBidder: s.highBidder,
    out: s.out,
    defaulted: s.defaulted,
    payMode: s.payMode,
    paid: s.paid,
    king: s.king,
    primary: s.primary.slice(),
    secondary: s.secondary.slice(),
    discard: s.discard.slice(),
    forfeits: s.forfeits,
    lotsDiscarded: s.lotsDiscarded,
    moveCount: s.moveCount,
  };
}

class InPlaceSimulator implements Simulator {
  private s: Draft;
  /** The simulator owns every array of its state: transitions change them in place. */
  private readonly tx: Tx = { events: null, owned: OWNS_ALL };

  constructor(state: GameState) {
    this.s = ownCopy(state);
  }

  get players(): PlayerCount {
    return this.s.players;
  }

  legalCount(): number {
    return legalCount(this.s);
  }

  legalAt(i: number): Action {
    return legalAt(this.s, i);
  }

  legalIdAt(i: number): number {
    return legalIdAt(this.s, i);
  }

  applyIndex(i: number): void {
    playAt(this.s, i, this.tx);
  }

  apply(action: Action): void {
    // The checked copy is what is performed: the caller's object is read once.
    perform(this.s, checkAction(this.s, action), this.tx);
  }

  applyId(id: number): void {
    const s = this.s;
    const action = actionFromId(id, s.players);
    perform(s, checkAction(s, action), this.tx);
  }

  isOver(): boolean {
    return this.s.step === 'over';
  }

  currentPlayer(): number | null {
    return this.s.toMove < 0 ? null : this.s.toMove;
  }

  moveCount(): number {
    return this.s.moveCount;
  }

  score(): Score {
    return score(this.s);
  }

  copyFrom(other: Simulator): void {
    this.load(other.peek());
  }

  load(o: GameState): void {
    const s = this.s;
    s.players = o.players;
    s.variants = sharedVariants(o.variants);
    s.seed = o.seed;
    s.rng = copyWords(s.rng as number[], o.rng);
    s.step = o.step;
    s.toMove = o.toMove;
    s.firstPlayer = o.firstPlayer;
    s.advisor = o.advisor;
    s.deck = copyInto(s.deck as number[], o.deck);
    s.deckTop = o.deckTop;
    s.removed = copyInto(s.removed as number[], o.removed);
    s.drawn = o.drawn;
    s.selfUsed = o.selfUsed;
    s.favorUsed = o.favorUsed;
    s.hands = copyLists(s.hands as number[][], o.hands);
    s.known = copyLists(s.known as number[][], o.known);
    s.middle = copyInto(s.middle as number[], o.middle);
    s.favor = copyInto(s.favor as number[], o.favor);
    s.favorBy = copyInto(s.favorBy as number[], o.favorBy);
    s.lot = o.lot;
    s.lotBy = o.lotBy;
    s.highBid = o.highBid;
    s.highBidder = o.highBidder;
    s.out = o.out;
    s.defaulted = o.defaulted;
    s.payMode = o.payMode;
    s.paid = o.paid;
    s.king = o.king;
    s.primary = copyInto(s.primary as number[], o.primary);
    s.secondary = copyInto(s.secondary as number[], o.secondary);
    s.discard = copyInto(s.discard as number[], o.discard);
    s.forfeits = o.forfeits;
    s.lotsDiscarded = o.lotsDiscarded;
    s.moveCount = o.moveCount;
  }

  clone(): Simulator {
    return new InPlaceSimulator(this.s);
  }

  /** Lets `write` put a whole game straight into `sim`'s own arrays; false for another kind of simulator. */
  static writeInto(sim: Simulator, write: (d: Draft) => void): boolean {
    if (!(sim instanceof InPlaceSimulator)) return false;
    write(sim.s);
    return true;
  }

  toState(): GameState {
    return ownCopy(this.s);
  }

  peek(): GameState {
    return this.s;
  }
}

/**
 * @internal Writes a whole game straight into the arrays `sim` owns with `write` (which must set
 * every field, as a deal does: see `dealer.ts`), instead of building a state and loading it.
 * Returns false, writing nothing, for a simulator that `createSimulator` did not make.
 */
export function writeInto(sim: Simulator, write: (d: Draft) => void): boolean {
  return InPlaceSimulator.writeInto(sim, write);
}

/**
 * A simulator ({@link Simulator}) playing the game `state` from where it stands. The state is
 * copied, so it stays as it was; `toState()` gives the simulator's game back as a plain state.
 *
 * @example
 * ```ts
 * const sim = createSimulator(state);
 * const trial = sim.clone();
 * for (let i = 0; i < trial.legalCount(); i++) {
 *   trial.copyFrom(sim);
 *   trial.applyIndex(i);
 *   // … look at trial.peek() …
 * }
 * ```
 */
export function createSimulator(state: GameState): Simulator {
  return new InPlaceSimulator(state);
}
