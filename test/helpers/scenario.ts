/**
 * Build mid-game situations for rule tests without hand-editing JSON.
 *
 * - `scenario({ players, deck: ['king-1', 'diplomacy-A'], firstPlayer })` — a new game (phase 1)
 *   whose deck starts with the listed card ids, top first; the rest of the deck follows in the
 *   seeded order. The first Advisor already holds the first listed card.
 * - `auctionScenario({ players, hands: [['gold-2-1'], …], favor: ['king-1', 'diplomacy-A'],
 *   firstPlayer })` — the start of phase 2's first lot: each player holds the listed hand, the
 *   favor pile holds the listed cards (the first listed is the lot now revealed), and bidding
 *   opens with the first player. Optional `titles` / `secondary` set title values.
 *
 * The internal hook: both build a real game with `createGame` (options checked as usual), then
 * rebuild the card fields of the state (`deck`, `deckTop`, `drawn`, `removed`, `hands`, `favor`,
 * `discard`, …) so that the game still holds exactly its used cards (`expectConserved` checks
 * it). The rest of the game's cards go to `removed` (as many as RULES S2 removes) and `discard`.
 * From there on, everything goes through the public `step`: the fluent `Table` methods
 * (`.advisorPlaces('self')`, `.take('diplomacy-A')`, `.king('military', 6)`, `.bid(p, n)`,
 * `.pass(p)`, `.pay(p, 'gold-3-1')`) each apply one action and return a new `Table`.
 */

import { usedCards } from '../../src/data/cards.js';
import type { Action, Area, GameEvent, GameState, Office, PlayerCount, Variants } from '../../src/index.js';
import { createGame, officesInPlay, RANDOM_REMOVALS, step } from '../../src/index.js';
import { idOrNull, idsOf, index } from './cards.js';

/** A game state with fluent steps; immutable: every step returns a new `Table`. */
export class Table {
  /**
   * @param state - the current state.
   * @param events - what the last step reported.
   * @param history - every event since the scenario was built.
   */
  constructor(
    readonly state: GameState,
    readonly events: readonly GameEvent[] = [],
    readonly history: readonly GameEvent[] = [],
  ) {}

  /** The player to move (throws once the game is over). */
  get toMove(): number {
    if (this.state.toMove < 0) throw new Error('test helper: the game is over');
    return this.state.toMove;
  }

  /** Applies any action through the public `step`. */
  act(action: Action): Table {
    const r = step(this.state, action);
    return new Table(r.state, r.events, [...this.history, ...r.events]);
  }

  /** The Advisor places the drawn card. */
  advisorPlaces(area: Area): Table {
    return this.act({ type: 'place', player: this.state.advisor, area });
  }

  /** The player to move (or `player`) takes a middle card. */
  take(card: string, player: number = this.toMove): Table {
    return this.act({ type: 'take', player, card });
  }

  /** The player to move (or `player`) resolves a King. */
  king(office: Office, value: number, player: number = this.toMove): Table {
    return this.act({ type: 'king', player, office, value });
  }

  /** Player `p` bids `amount`. */
  bid(p: number, amount: number): Table {
    return this.act({ type: 'bid', player: p, amount });
  }

  /** Player `p` passes. */
  pass(p: number): Table {
    return this.act({ type: 'pass', player: p });
  }

  /** Player `p` pays one card (gold, or a discard). */
  pay(p: number, card: string): Table {
    return this.act({ type: 'pay', player: p, card });
  }

  /** Player `p`'s hand as card ids, in arrival order. */
  hand(p: number): string[] {
    return idsOf(this.state.hands[p] ?? []);
  }

  /** The middle cards as ids. */
  get middle(): string[] {
    return idsOf(this.state.middle);
  }

  /** The discard (face-up cards out of play) as ids. */
  get discard(): string[] {
    return idsOf(this.state.discard);
  }

  /** The favor pile as ids, **top first** (the next lot first). */
  get favor(): string[] {
    return idsOf(this.state.favor).reverse();
  }

  /** The revealed lot's id, or `null`. */
  get lot(): string | null {
    return idOrNull(this.state.lot);
  }

  /** The card the Advisor holds drawn, or `null`. */
  get drawn(): string | null {
    return idOrNull(this.state.drawn);
  }

  /** Title values by office: `[primary, secondary]`. */
  title(office: Office): [number, number] {
    const o = officesInPlay(this.state.players).indexOf(office);
    if (o < 0) throw new Error(`test helper: ${office} is not in play`);
    return [this.state.primary[o] as number, this.state.secondary[o] as number];
  }
}

/** Options shared by both builders. */
interface BaseOptions {
  readonly players: PlayerCount;
  readonly variants?: Partial<Variants>;
  /** The first player; 0 unless given. */
  readonly firstPlayer?: number;
  /** The game's seed; 1 unless given. */
  readonly seed?: number | string;
}

function checkIds(players: number, ids: readonly string[]): number[] {
  const used = new Set(usedCards(players));
  const cards = ids.map(index);
  cards.forEach((c, i) => {
    if (!used.has(c)) throw new Error(`test helper: ${ids[i]} is not used with ${players} players`);
    if (cards.indexOf(c) !== i) throw new Error(`test helper: ${ids[i]} is listed twice`);
  });
  return cards;
}

/**
 * A new game whose deck starts with `deck` (card ids, top first); the first Advisor holds the
 * first of them. Listed cards that the seed had removed at setup swap places with unlisted ones.
 */
export function scenario(options: BaseOptions & { readonly deck?: readonly string[] }): Table {
  const { players, variants = {}, firstPlayer = 0, seed = 1, deck: top = [] } = options;
  const base = createGame({ players, variants, firstPlayer, seed });
  const listed = checkIds(players, top);
  const isListed = new Set(listed);
  const removed = base.removed.filter((c) => !isListed.has(c));
  const spare = base.deck.filter((c) => !isListed.has(c));
  while (removed.length < base.removed.length) removed.push(spare.pop() as number);
  const deck = [...listed, ...spare];
  const state: GameState = { ...base, deck, removed, drawn: deck[0] as number, deckTop: 1 };
  return new Table(state);
}

/** Options of {@link auctionScenario}. */
export interface AuctionOptions extends BaseOptions {
  /** Each player's hand, as card ids. */
  readonly hands: readonly (readonly string[])[];
  /** The favor pile, top first: the first card is the lot revealed now. */
  readonly favor: readonly string[];
  /** Who placed each favor card (same order); player 0 unless given. */
  readonly favorBy?: readonly number[];
  /** Primary title values to set; the others stay 3. */
  readonly titles?: Partial<Record<Office, number>>;
  /** Secondary values (tile variant only); otherwise derived from the primary (RULES S3). */
  readonly secondary?: Partial<Record<Office, number>>;
}

/**
 * The start of a lot in phase 2: hands and the favor pile as listed, the first listed favor card
 * revealed as the lot, and the first player to open the bidding. Every other card of the game is
 * in `removed` (as many as setup removes) or in `discard`.
 */
export function auctionScenario(options: AuctionOptions): Table {
  const { players, variants = {}, firstPlayer = 0, seed = 1, hands, favor, favorBy = [], titles = {}, secondary = {} } = options;
  const base = createGame({ players, variants, firstPlayer, seed });
  if (hands.length !== players) throw new Error(`test helper: ${players} hands expected, got ${hands.length}`);
  if (favor.length === 0) throw new Error('test helper: the favor pile needs at least one card (the lot)');
  const handCards = hands.map((h) => checkIds(players, h));
  const favorTopFirst = checkIds(players, favor);
  checkIds(players, [...hands.flat(), ...favor]);
  const placed = new Set([...handCards.flat(), ...favorTopFirst]);
  const rest = usedCards(players).filter((c) => !placed.has(c));
  const removalCount = RANDOM_REMOVALS[players];
  if (rest.length < removalCount) throw new Error('test helper: too many cards listed for this player count');
  const removed = rest.slice(rest.length - removalCount);
  const discard = rest.slice(0, rest.length - removalCount);
  const deck = usedCards(players).filter((c) => !removed.includes(c));
  const offices = officesInPlay(players);
  const primary = offices.map((o) => titles[o] ?? 3);
  const tile = base.variants.secondaryTitle === 'tile';
  const second = offices.map((o, i) => (players === 2 ? 0 : tile ? (secondary[o] ?? 1) : Math.floor((primary[i] as number) / 2)));
  const by = favorTopFirst.map((_, i) => favorBy[i] ?? 0);
  const state: GameState = {
    ...base,
    step: 'bid',
    toMove: firstPlayer,
    advisor: -1,
    deck,
    deckTop: deck.length,
    removed,
    drawn: -1,
    selfUsed: false,
    favorUsed: false,
    hands: handCards,
    known: hands.map(() => []),
    middle: [],
    favor: favorTopFirst.slice(1).reverse(),
    favorBy: by.slice(1).reverse(),
    lot: favorTopFirst[0] as number,
    lotBy: by[0] as number,
    primary,
    secondary: second,
    discard,
  };
  return new Table(state);
}
