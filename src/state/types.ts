/**
 * The shapes of the game: options, state, actions, events and scores.
 * @module
 */
import type { Office } from '../data/cards.js';

/** A player count the game supports (RULES S1). @category Game */
export type PlayerCount = 2 | 3 | 4 | 5;

/** How a lot's winner may pay (RULES A5, V1). @category Game */
export type PaymentVariant = 'gold-or-discard' | 'by-lot';

/** How the secondary title's value is kept (RULES S3, V2). @category Game */
export type SecondaryTitleVariant = 'half' | 'tile';

/**
 * Who gets the middle cards of an Advisor's turn (RULES I2, I3, V3).
 *
 * - `'advisor-keeps-last'` (default, the source description): the middle holds up to one card
 *   per player; the opponents take one each while more than one is left, and the Advisor takes
 *   the last.
 * - `'one-per-opponent'` (the retail rule book): the middle holds up to one card per opponent,
 *   and every middle card goes to an opponent.
 * @category Game
 */
export type MiddleVariant = 'advisor-keeps-last' | 'one-per-opponent';

/** The documented rule variants (RULES V). Omitted keys take the defaults. @category Game */
export interface Variants {
  /** `'gold-or-discard'` (default, A5) or `'by-lot'` (V1). */
  readonly payment: PaymentVariant;
  /** `'half'` (default, S3) or `'tile'` (V2). */
  readonly secondaryTitle: SecondaryTitleVariant;
  /** `'advisor-keeps-last'` (default) or `'one-per-opponent'` (V3). */
  readonly middle: MiddleVariant;
}

/** Options of {@link createGame}. @category Game */
export interface GameOptions {
  /** Number of players, 2–5 (RULES S1). */
  readonly players: PlayerCount;
  /** Seed of the game's generator. Without one, a seed is drawn from `crypto.getRandomValues`. */
  readonly seed?: number | string;
  /** The first Advisor (RULES S4); drawn at random when omitted. */
  readonly firstPlayer?: number;
  /** Rule variants (RULES V); see {@link PUBLISHED_VARIANTS}. */
  readonly variants?: Partial<Variants>;
}

/** The decision a game waits for. @category Game */
export type Step = 'place' | 'take' | 'king' | 'bid' | 'pay' | 'over';

/** The phase of the game: Share Influence, Gain Esteem, or over. @category Game */
export type Phase = 'influence' | 'esteem' | 'over';

/** An area the Advisor may place a drawn card in (RULES I2). @category Game */
export type Area = 'self' | 'middle' | 'favor';

/**
 * The whole game, hidden parts included. Plain JSON data: no classes, Maps, functions or
 * `undefined`. Treat it as opaque and immutable; read it through the API ({@link view},
 * {@link currentPlayer}, {@link score}, …). Cards inside are catalogue indexes (see `CARDS`).
 *
 * Never send a `GameState` to a client: it holds the deck order and every hand. Send
 * {@link view} instead.
 * @category Game
 */
export interface GameState {
  /** Number of players. */
  readonly players: PlayerCount;
  /** Rule variants in force: frozen, one object per combination shared by every game that plays it. */
  readonly variants: Variants;
  /** The seed the game was created with (hidden from every view, RULES H3). */
  readonly seed: number | string;
  /** Generator state, four unsigned 32-bit integers (hidden, RULES H3). */
  readonly rng: readonly number[];
  /** The decision the game waits for. */
  readonly step: Step;
  /** The player whose decision it is, `-1` when the game is over. */
  readonly toMove: number;
  /** The first player (first Advisor and auction opener). */
  readonly firstPlayer: number;
  /** The Advisor in phase 1, `-1` in phase 2. */
  readonly advisor: number;
  /** The shuffled deck; the next card to draw is `deck[deckTop]`. Never changes after setup. */
  readonly deck: readonly number[];
  /** How many cards of `deck` have been drawn. */
  readonly deckTop: number;
  /** Cards removed at random at setup (hidden, RULES H3). */
  readonly removed: readonly number[];
  /** The card the Advisor holds drawn, `-1` for none. */
  readonly drawn: number;
  /** Whether this turn's *self* slot is used (RULES I2). */
  readonly selfUsed: boolean;
  /** Whether this turn's *favor* slot is used (RULES I2). */
  readonly favorUsed: boolean;
  /** Each player's hand, in the order the cards arrived. */
  readonly hands: readonly (readonly number[])[];
  /** For each player, the cards of their hand that everyone has seen arrive (taken or won). */
  readonly known: readonly (readonly number[])[];
  /** Face-up middle cards (RULES I2, I3). */
  readonly middle: readonly number[];
  /** The favor pile, bottom first; in phase 2 the next lot is the last element. */
  readonly favor: readonly number[];
  /** For each favor pile card, the player who placed it. */
  readonly favorBy: readonly number[];
  /** The lot being auctioned, `-1` for none. */
  readonly lot: number;
  /** Who placed the current lot on the favor pile, `-1` for none. */
  readonly lotBy: number;
  /** The high bid on the lot, 0 before the first bid. */
  readonly highBid: number;
  /** The high bidder, `-1` before the first bid. */
  readonly highBidder: number;
  /** Bit mask of players out of this lot's bidding (passed or defaulted). */
  readonly out: number;
  /** Bit mask of players who defaulted on this lot (RULES A7). */
  readonly defaulted: number;
  /** How the winner pays, while a payment is in progress. */
  readonly payMode: 'gold' | 'discard' | null;
  /** What has been paid so far: coin value (gold) or cards (discard). */
  readonly paid: number;
  /** The King card being resolved, `-1` for none. */
  readonly king: number;
  /** Primary title value for each office in play (index as in `officesInPlay`). */
  readonly primary: readonly number[];
  /** Secondary title value for each office in play; 0 with 2 players (no secondary). */
  readonly secondary: readonly number[];
  /** Cards that left play face up: resolved Kings, payments, forfeits, discarded lots. */
  readonly discard: readonly number[];
  /** Number of forfeits so far (RULES A7). */
  readonly forfeits: number;
  /** Number of lots discarded unsold so far (RULES A4, A7). */
  readonly lotsDiscarded: number;
  /**
   * The number of actions applied so far: 0 after {@link createGame}, one more after each
   * {@link apply}. Public (every {@link PlayerView} carries it), so a client and a server can use
   * it as a cursor: to detect a stale move (optimistic concurrency) or to ask for what they missed.
   */
  readonly moveCount: number;
}

/** The Advisor places the drawn card in an area (RULES I2). @category Game */
export interface PlaceAction {
  readonly type: 'place';
  readonly player: number;
  readonly area: Area;
}
/**
 * A player takes a middle card (RULES I3): an opponent, or under the default middle rule the
 * Advisor taking the last one (V3). `card` is a card id.
 * @category Game
 */
export interface TakeAction {
  readonly type: 'take';
  readonly player: number;
  readonly card: string;
}
/** Resolve a gained King: set an office's primary title (RULES K2). @category Game */
export interface KingAction {
  readonly type: 'king';
  readonly player: number;
  readonly office: Office;
  readonly value: number;
}
/** Bid on the lot (RULES A3). @category Game */
export interface BidAction {
  readonly type: 'bid';
  readonly player: number;
  readonly amount: number;
}
/** Pass: out of this lot's bidding (RULES A3). @category Game */
export interface PassAction {
  readonly type: 'pass';
  readonly player: number;
}
/** Pay one card towards the winning bid: a gold card, or a discarded card (RULES A5). @category Game */
export interface PayAction {
  readonly type: 'pay';
  readonly player: number;
  readonly card: string;
}

/**
 * Everything a player can do. A discriminated union on `type`; every action names its player.
 *
 * @example
 * ```ts
 * const a: Action = { type: 'bid', player: 1, amount: 4 };
 * ```
 * @category Game
 */
export type Action = PlaceAction | TakeAction | KingAction | BidAction | PassAction | PayAction;

/** The `type` of an {@link Action}. @category Game */
export type ActionType = Action['type'];

/**
 * Something that happened, in order, as {@link step} reports it. Card fields are card ids.
 * Events hold hidden information (a drawn card, a favor placement); pass them through
 * `eventsFor` before showing them to a player.
 * @category Views and events
 */
export type GameEvent =
  /** A new Advisor's turn begins (RULES I1, I4). */
  | { readonly type: 'advisor'; readonly player: number }
  /** The Advisor drew a card (private to them). `card` is `null` in another viewer's copy. */
  | { readonly type: 'drawn'; readonly player: number; readonly card: string | null }
  /** The Advisor placed the drawn card. `card` is `null` for others unless the area is the middle. */
  | { readonly type: 'placed'; readonly player: number; readonly area: Area; readonly card: string | null }
  /**
   * A player took a middle card (public): an opponent, or, with `byAdvisor: true`, the Advisor
   * taking the last one under the default middle rule (RULES V3).
   */
  | { readonly type: 'taken'; readonly player: number; readonly card: string; readonly byAdvisor?: true }
  /** A player gained a King and must resolve it (public). */
  | { readonly type: 'king-gained'; readonly player: number; readonly card: string; readonly from: 'self' | 'middle' | 'lot' }
  /** A King was resolved (public). `secondary` is `null` with 2 players. */
  | {
      readonly type: 'king-resolved';
      readonly player: number;
      readonly card: string;
      readonly office: Office;
      readonly value: number;
      readonly previous: number;
      readonly secondary: number | null;
    }
  /**
   * Phase change: the game opens (`'influence'`, only from `createGameWithEvents`), phase 2
   * begins after the favor pile is shuffled, or the game ends.
   */
  | { readonly type: 'phase'; readonly phase: Phase }
  /** A lot is revealed from the favor pile (public). */
  | { readonly type: 'lot'; readonly card: string; readonly remaining: number }
  /** A bid (public). */
  | { readonly type: 'bid'; readonly player: number; readonly amount: number }
  /** A pass (public). */
  | { readonly type: 'pass'; readonly player: number }
  /** A player won the lot for their bid (public). */
  | { readonly type: 'won'; readonly player: number; readonly card: string; readonly amount: number }
  /** A card paid (gold) or discarded towards a bid (public, face up). */
  | { readonly type: 'paid'; readonly player: number; readonly card: string; readonly mode: 'gold' | 'discard' }
  /** The winner received the lot into their hand (public). */
  | { readonly type: 'lot-gained'; readonly player: number; readonly card: string }
  /**
   * The winner could not pay (RULES A7): the player on their left (`by`) drew `card` at random
   * from the winner's hand and it was discarded face up (`null` if the hand was empty).
   */
  | { readonly type: 'forfeit'; readonly player: number; readonly by: number; readonly card: string | null }
  /** Bidding on the lot starts again without the defaulted players (RULES A7). */
  | { readonly type: 'bidding-restarted'; readonly card: string; readonly excluded: readonly number[] }
  /** The lot was discarded unsold (RULES A4, A7). */
  | { readonly type: 'lot-discarded'; readonly card: string }
  /** The game ended (RULES A8) with these final points and winners. */
  | { readonly type: 'game-over'; readonly points: readonly number[]; readonly winners: readonly number[] };

/** The `type` of a {@link GameEvent}. @category Views and events */
export type GameEventType = GameEvent['type'];

/** The outcome of one office (RULES E1, E2). @category Game */
export interface OfficeResult {
  /** The primary title's value. */
  readonly primary: number;
  /** The secondary title's value, `null` with 2 players. */
  readonly secondary: number | null;
  /** Each player's influence in this office. */
  readonly influence: readonly number[];
  /** The player taking the primary title, `null` if nobody has influence. */
  readonly first: number | null;
  /** The player taking the secondary title, `null` if none (always with 2 players). */
  readonly second: number | null;
}

/** The result of {@link score} (RULES E1–E4). @category Game */
export interface Score {
  /** `true` once the game is over; before that the score is a projection (RULES E4). */
  readonly final: boolean;
  /** Each player's points. */
  readonly points: readonly number[];
  /** The winners after the tie-breaks of RULES E3 (several players share a win). */
  readonly winners: readonly number[];
  /** Each office in play's outcome. */
  readonly offices: Readonly<Partial<Record<Office, OfficeResult>>>;
}
