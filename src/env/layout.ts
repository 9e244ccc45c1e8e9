/**
 * The observation's layout: named groups of numbers at fixed offsets, one layout per player count.
 * `docs/env.md` describes every group; a test checks that the page and this file agree.
 * @module
 */
import type { PlayerCount } from '../index.js';
import { LETTERS, officesInPlay } from '../index.js';

/** One named run of numbers in an observation. */
export interface FeatureGroup {
  /** A short stable name, as in `docs/env.md`. */
  readonly name: string;
  /** Where the group starts in the observation. */
  readonly offset: number;
  /** How many numbers it holds. */
  readonly size: number;
  /** What the numbers mean, in one sentence. */
  readonly description: string;
}

/**
 * The size of a *card block*: one number per Government card of the offices in play (office
 * by office in `OFFICES` order, letters A–I: 1 if present), then the number of King cards, then
 * the number of Gold cards of value 1, 2 and 3. 49 numbers with 2–4 players, 58 with 5.
 *
 * @example
 * ```ts
 * cardBlockSize(4); // 49
 * ```
 */
export function cardBlockSize(players: PlayerCount): number {
  return officesInPlay(players).length * LETTERS.length + 4;
}

/** @internal One group of a layout: its name, size and description. */
export type Spec = readonly [name: string, size: number, description: string];

/** @internal A layout per player count, built once from its specs: groups in order, at their offsets. */
export function layouts(specsOf: (players: PlayerCount) => Spec[]): {
  of: (players: PlayerCount) => readonly FeatureGroup[];
  sizes: Readonly<Record<PlayerCount, number>>;
} {
  const built: (readonly FeatureGroup[])[] = [];
  const of = (players: PlayerCount): readonly FeatureGroup[] => {
    let layout = built[players];
    if (layout === undefined) {
      let offset = 0;
      const groups: FeatureGroup[] = [];
      for (const [name, size, description] of specsOf(players)) {
        groups.push(Object.freeze({ name, offset, size, description }));
        offset += size;
      }
      layout = Object.freeze(groups);
      built[players] = layout;
    }
    return layout;
  };
  const sizeOf = (players: PlayerCount): number => {
    const last = of(players).at(-1) as FeatureGroup;
    return last.offset + last.size;
  };
  return { of, sizes: Object.freeze({ 2: sizeOf(2), 3: sizeOf(3), 4: sizeOf(4), 5: sizeOf(5) }) };
}

function specs(n: PlayerCount): Spec[] {
  const b = cardBlockSize(n);
  const o = officesInPlay(n).length;
  return [
    ['hand', b, 'your hand, as a card block'],
    ['gold', 1, 'the coin value of the gold in your hand, divided by the highest bid'],
    ['drawn', b, 'the card you drew as Advisor and have not placed yet (a card block with one card, else zeros)'],
    ['my-favor', b, 'the cards you put on the favor pile that are still on it'],
    [
      'known',
      (n - 1) * b,
      'per other player, from your left clockwise: the cards known to be in their hand (taken or won), one card block each',
    ],
    ['middle', b, 'the face-up middle cards'],
    ['lot', b, 'the lot on the table (one card, else zeros)'],
    ['discard', b, 'the cards that left play face up: resolved Kings, payments, forfeits, unsold lots'],
    ['primary', o, 'each office’s primary title value, divided by 6'],
    ['secondary', o, 'each office’s secondary title value, divided by 6 (zeros with 2 players)'],
    ['step', 6, 'the decision the game waits for, one-hot: place, take, king, bid, pay, over'],
    ['phase', 3, 'the phase, one-hot: influence, esteem, over'],
    ['to-move', n, 'the player to move, one-hot by seat relative to you (index 0 is you, 1 your left, …); zeros at the end'],
    ['advisor', n, 'the Advisor, one-hot by relative seat; zeros in phase 2'],
    ['seat-from-first', n, 'your seat counted clockwise from the first player, one-hot (index 0: you are the first player)'],
    ['turn', 3, 'the Advisor holds a drawn card; this turn’s self slot is used; this turn’s favor slot is used (0/1 each)'],
    ['high-bid', 1, 'the high bid on the lot, divided by the highest bid; 0 before the first bid'],
    ['high-bidder', n, 'the high bidder, one-hot by relative seat; zeros before the first bid'],
    ['still-in', n, 'players still bidding on the lot, by relative seat (0/1); zeros when no lot is on the table'],
    ['defaulted', n, 'players who defaulted on this lot, by relative seat (0/1)'],
    [
      'payment',
      4,
      'a payment in progress: paid in gold (0/1), paid by discarding (0/1), the bid due and the amount paid so far, both divided by the highest bid',
    ],
    ['hand-sizes', n, 'every player’s hand size by relative seat, divided by the deck size after setup'],
    ['deck-size', 1, 'cards left in the deck, divided by the deck size after setup'],
    ['favor-size', 1, 'cards on the favor pile (not counting the lot), divided by the deck size after setup'],
    ['variants', 3, 'the rule variants: payment by lot (V1), secondary title tile (V2), one middle card per opponent (V3), 0/1 each'],
  ];
}

const OBSERVATION = layouts(specs);

/**
 * The observation's groups for a player count, in order, with their offsets. Use it to slice an
 * observation by name, or to print the layout.
 *
 * @example
 * ```ts
 * const hand = observationLayout(4).find((g) => g.name === 'hand')!;
 * const myHand = observation.subarray(hand.offset, hand.offset + hand.size);
 * ```
 */
export function observationLayout(players: PlayerCount): readonly FeatureGroup[] {
  return OBSERVATION.of(players);
}

/**
 * The length of an observation (a `Float32Array`) by player count. Fixed for a player count:
 * every observation of a game has this size, whatever the step.
 *
 * @example
 * ```ts
 * new Float32Array(OBSERVATION_SIZE[4]);
 * ```
 */
export const OBSERVATION_SIZE: Readonly<Record<PlayerCount, number>> = OBSERVATION.sizes;

/** @internal The offset of a group by name (the name is trusted). */
export function offsetOf(players: PlayerCount, name: string): number {
  return (observationLayout(players).find((g) => g.name === name) as FeatureGroup).offset;
}
