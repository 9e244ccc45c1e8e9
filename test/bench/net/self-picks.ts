/**
 * How likely each opponent's *self* picks were with the cards a deal gives it, under a model of
 * how that opponent picks (`heuristicBot`'s draft rule): a diagnostic's stand-in for a bot that
 * scores the public history under each deal (a `PlayerView` holds no history). `deals.ts
 * --self-picks N` weights N deals by it and measures how often they name each office's leader.
 *
 * What the table sees of a *self* pick is public (RULES H1, I2): who placed a card face down in
 * their own hand, when in the turn, and whether it was a King (resolved at once). The card itself
 * is hidden; a deal says which cards an opponent holds unseen now, each of them one of its *self*
 * picks that was no King (the cards it took or won are known). So a deal's cards for opponent `q`
 * are likely in proportion to `Σ over one-to-one matchings of its unseen cards to its picks of
 * Π P(the pick | that card)`, where `P(the pick | c)` is 1 if the model, holding `c` drawn at that
 * moment, puts it in *self*, and `EPSILON` if not.
 *
 * The model sees the pick's moment as the table saw it then, with the opponent's hand taken to be
 * the cards then known to be in it (its earlier hidden picks are not put back: which of the deal's
 * cards they were is what the matching sums over). That keeps `P(pick | c)` a function of the pick
 * and the card alone, computed once per game and card. `new SelfPicks(true)` gives the model the
 * true hand instead (see the constructor).
 * @module
 */
import { heuristicBot } from '../../../src/bots/heuristic.js';
import { KIND_OF } from '../../../src/bots/tables.js';
import { botRandom } from '../../../src/bots/types.js';
import { KING } from '../../../src/data/cards.js';
import { type Action, type GameState, view } from '../../../src/index.js';

/** The weight of a pick the model would not have made with that card. */
export const EPSILON = 0.05;

/** One *self* pick that was not a King: who made it, and the state just before it (the card drawn). */
interface Pick {
  readonly player: number;
  readonly before: GameState;
}

/** The *self* picks of one game, and the model's verdict on each (pick, card) asked so far. */
export class SelfPicks {
  private picks: Pick[] = [];
  private readonly verdicts = new Map<number, number>();
  private readonly rng = botRandom('self-picks');

  /**
   * @param exact - give the model the opponent's true hand at each pick (its earlier hidden picks
   *   included) instead of the cards then known: not honest, an upper bound on what an exact model
   *   of a `heuristicBot` opponent could read from its picks.
   */
  constructor(private readonly exact = false) {}

  /** A new game. */
  begin(): void {
    this.picks = [];
    this.verdicts.clear();
  }

  /** Takes in action `a`, played on `before` (only *self* picks of a card that is no King count). */
  watch(a: Action, before: GameState): void {
    if (a.type === 'place' && a.area === 'self' && KIND_OF[before.drawn] !== KING) this.picks.push({ player: a.player, before });
  }

  /** `P(pick i | card c)`: 1 if the model, holding `c` drawn at pick `i`'s moment, puts it in *self*; else {@link EPSILON}. */
  private verdict(i: number, c: number): number {
    const key = i * 256 + c;
    let v = this.verdicts.get(key);
    if (v === undefined) {
      const { player: q, before: s } = this.picks[i] as Pick;
      const then: GameState = this.exact
        ? { ...s, drawn: c }
        : { ...s, drawn: c, hands: s.hands.map((h, p) => (p === q ? (s.known[q] as readonly number[]) : h)) };
      const a = heuristicBot(view(then, q), this.rng);
      v = a.type === 'place' && a.area === 'self' ? 1 : EPSILON;
      this.verdicts.set(key, v);
    }
    return v;
  }

  /** The likelihood of player `q` holding the unseen cards `unseen` (up to a constant): the sum over matchings above. */
  likelihood(q: number, unseen: readonly number[]): number {
    const mine: number[] = [];
    this.picks.forEach((p, i) => {
      if (p.player === q) mine.push(i);
    });
    if (unseen.length === 0) return 1;
    if (unseen.length > mine.length) return 1; // not expected (every unseen card is a pick); no information then
    const used = new Array<boolean>(mine.length).fill(false);
    const sum = (k: number): number => {
      if (k === unseen.length) return 1;
      let total = 0;
      const c = unseen[k] as number;
      for (let j = 0; j < mine.length; j++) {
        if (used[j]) continue;
        const v = this.verdict(mine[j] as number, c);
        used[j] = true;
        total += v * sum(k + 1);
        used[j] = false;
      }
      return total;
    };
    return sum(0);
  }
}
