/**
 * @internal The fast recorder of information states: after each action of a game it appends to
 * every seat's token list what that seat saw, reading the simulator's state before and after the
 * action. It writes the very tokens that `infoStateOfGame` (the definition, from `eventsFor`)
 * gives; a test checks it on every step of random games, for every seat.
 * @module
 */
import type { GameState } from '../index.js';
import { actionToken, INFO_TOKENS, openingTokens } from './info-state.js';

/** Action index of "place the drawn card in the middle". */
const PLACE_MIDDLE = 1;

/** @internal Every seat's information state of one game, kept up to date action by action. */
export class History {
  /** Each seat's token count. */
  readonly lengths: Int32Array;
  private readonly tokens: Int16Array[];
  // The parts of the state before the next action that tell what it revealed.
  private drawn = -1;
  private lot = -1;
  private king = -1;
  private forfeits = 0;
  private lotsDiscarded = 0;
  private discardLength = 0;

  constructor(readonly players: number) {
    this.lengths = new Int32Array(players);
    this.tokens = Array.from({ length: players }, () => new Int16Array(256));
  }

  private push(seat: number, token: number): void {
    const at = this.lengths[seat] as number;
    let list = this.tokens[seat] as Int16Array;
    if (at === list.length) {
      const grown = new Int16Array(list.length * 2);
      grown.set(list);
      this.tokens[seat] = grown;
      list = grown;
    }
    list[at] = token;
    this.lengths[seat] = at + 1;
  }

  private pushAll(token: number): void {
    for (let p = 0; p < this.players; p++) this.push(p, token);
  }

  private remember(s: GameState): void {
    this.drawn = s.drawn;
    this.lot = s.lot;
    this.king = s.king;
    this.forfeits = s.forfeits;
    this.lotsDiscarded = s.lotsDiscarded;
    this.discardLength = s.discard.length;
  }

  /** Starts every seat's history at `s`: a new game or a loaded one (`resumed`); the Advisor's drawn card, if any, is their first reveal. */
  start(s: GameState, resumed: boolean): void {
    this.lengths.fill(0);
    for (let p = 0; p < this.players; p++) openingTokens(s, p, resumed, (t) => this.push(p, t));
    if (s.drawn >= 0 && s.advisor >= 0) this.push(s.advisor, INFO_TOKENS.drawn + s.drawn);
    this.remember(s);
  }

  /** Appends what `actor` playing action index `index` showed each seat; `s` is the state after it. */
  after(actor: number, index: number, s: GameState): void {
    const n = this.players;
    for (let p = 0; p < n; p++) this.push(p, actionToken(actor, p, n, index));
    // The order is the order of the events that reveal the cards (placed, forfeit, King gained, drawn, lot).
    if (index === PLACE_MIDDLE) this.pushAll(INFO_TOKENS.middle + this.drawn);
    if (s.forfeits !== this.forfeits) {
      const added = s.discard.length - this.discardLength - (s.lotsDiscarded - this.lotsDiscarded);
      this.pushAll(added > 0 ? INFO_TOKENS.forfeit + (s.discard[this.discardLength] as number) : INFO_TOKENS.forfeitNone);
    }
    if (s.king >= 0 && s.king !== this.king) this.pushAll(INFO_TOKENS.king + s.king);
    if (s.drawn >= 0 && s.drawn !== this.drawn && s.advisor >= 0) this.push(s.advisor, INFO_TOKENS.drawn + s.drawn);
    if (s.lot >= 0 && s.lot !== this.lot) this.pushAll(INFO_TOKENS.lot + s.lot);
    this.remember(s);
  }

  /** A copy of `seat`'s tokens. */
  of(seat: number): Int16Array {
    return (this.tokens[seat] as Int16Array).slice(0, this.lengths[seat] as number);
  }

  /**
   * Writes `seat`'s tokens at `offset` of `out`, in a row of `width`: the whole history when it
   * fits, else its last `width` tokens; zeros after. Returns the history's full length.
   */
  write(seat: number, out: Int16Array, offset: number, width: number): number {
    const length = this.lengths[seat] as number;
    const list = this.tokens[seat] as Int16Array;
    const from = length > width ? length - width : 0;
    out.set(list.subarray(from, length), offset);
    out.fill(0, offset + length - from, offset + width);
    return length;
  }

  /** Makes this history a copy of `other` (same player count). */
  copyFrom(other: History): void {
    for (let p = 0; p < this.players; p++) {
      const length = other.lengths[p] as number;
      if ((this.tokens[p] as Int16Array).length < length) this.tokens[p] = new Int16Array((other.tokens[p] as Int16Array).length);
      (this.tokens[p] as Int16Array).set((other.tokens[p] as Int16Array).subarray(0, length));
    }
    this.lengths.set(other.lengths);
    this.drawn = other.drawn;
    this.lot = other.lot;
    this.king = other.king;
    this.forfeits = other.forfeits;
    this.lotsDiscarded = other.lotsDiscarded;
    this.discardLength = other.discardLength;
  }
}
