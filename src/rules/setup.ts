/**
 * Setup (RULES S1–S5): options, the deck, titles and the first Advisor.
 * @module
 */
import { OFFICES, officesInPlay, RANDOM_REMOVALS, usedCards } from '../data/cards.js';
import { RulesError, unreadable } from '../state/errors.js';
import { nextInt, seedState, shuffleInPlace } from '../state/rng.js';
import { showValue } from '../state/show.js';
import type { GameEvent, GameOptions, GameState, PlayerCount, Variants } from '../state/types.js';
import type { Draft } from './draft.js';
import { draftOf, OWNS_ALL } from './draft.js';
import { startTurn } from './influence.js';
import { sharedVariants } from './variants.js';

/**
 * The default variants: the project's source description of the game (RULES A5, S3, V3): pay
 * with gold or by discarding, the secondary title is half the primary, and the Advisor keeps the
 * last middle card.
 * @category Game
 */
export const DEFAULT_VARIANTS: Readonly<Variants> = Object.freeze({
  payment: 'gold-or-discard',
  secondaryTitle: 'half',
  middle: 'advisor-keeps-last',
});

/**
 * The retail rule book's variants, as publicly summarised (RULES V): pay by lot kind, a separate
 * secondary title tile, and one middle card per opponent.
 *
 * @example
 * ```ts
 * const game = createGame({ players: 4, seed: 7, variants: PUBLISHED_VARIANTS });
 * ```
 * @category Game
 */
export const PUBLISHED_VARIANTS: Readonly<Variants> = Object.freeze({
  payment: 'by-lot',
  secondaryTitle: 'tile',
  middle: 'one-per-opponent',
});

const OPTION_KEYS = new Set(['players', 'seed', 'firstPlayer', 'variants']);
const VARIANT_KEYS = new Set(['payment', 'secondaryTitle', 'middle']);

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** @internal Options as {@link normalizeOptions} returns them: read once, checked, defaults filled in. */
export interface NormalizedOptions {
  players: PlayerCount;
  seed: number | string | undefined;
  firstPlayer: number | undefined;
  variants: Variants;
}

/**
 * @internal Validates options and fills in defaults, reading each field once (`-0` read as `0`);
 * throws `INVALID_OPTIONS`, for a getter or proxy trap that throws too.
 */
export function normalizeOptions(options: unknown): NormalizedOptions {
  try {
    return readOptions(options);
  } catch (e) {
    unreadable(e, 'INVALID_OPTIONS', 'options could not be read (a getter or proxy in them threw)');
  }
}

function readOptions(options: unknown): NormalizedOptions {
  if (!isRecord(options)) throw new RulesError('INVALID_OPTIONS', 'options must be an object such as { players: 4 }');
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key))
      throw new RulesError('INVALID_OPTIONS', `unknown option "${key}": expected players, seed, firstPlayer or variants`);
  }
  const { players, seed, firstPlayer, variants } = options;
  if (players !== 2 && players !== 3 && players !== 4 && players !== 5) {
    throw new RulesError('INVALID_OPTIONS', `players must be 2, 3, 4 or 5 (RULES S1), got ${showValue(players)}`);
  }
  if (seed !== undefined && !(typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed)))) {
    throw new RulesError('INVALID_OPTIONS', `seed must be a finite number or a string, got ${showValue(seed)}`);
  }
  if (
    firstPlayer !== undefined &&
    !(typeof firstPlayer === 'number' && Number.isInteger(firstPlayer) && firstPlayer >= 0 && firstPlayer < players)
  ) {
    throw new RulesError('INVALID_OPTIONS', `firstPlayer must be a player index from 0 to ${players - 1}, got ${showValue(firstPlayer)}`);
  }
  let v: Variants = DEFAULT_VARIANTS;
  if (variants !== undefined) {
    if (!isRecord(variants)) throw new RulesError('INVALID_OPTIONS', 'variants must be an object such as { payment: "by-lot" }');
    for (const key of Object.keys(variants)) {
      if (!VARIANT_KEYS.has(key))
        throw new RulesError('INVALID_OPTIONS', `unknown variant "${key}": expected payment, secondaryTitle or middle`);
    }
    const payment = variants.payment ?? DEFAULT_VARIANTS.payment;
    const secondaryTitle = variants.secondaryTitle ?? DEFAULT_VARIANTS.secondaryTitle;
    const middle = variants.middle ?? DEFAULT_VARIANTS.middle;
    if (payment !== 'gold-or-discard' && payment !== 'by-lot') {
      throw new RulesError('INVALID_OPTIONS', `variants.payment must be "gold-or-discard" or "by-lot", got ${showValue(payment)}`);
    }
    if (secondaryTitle !== 'half' && secondaryTitle !== 'tile') {
      throw new RulesError('INVALID_OPTIONS', `variants.secondaryTitle must be "half" or "tile", got ${showValue(secondaryTitle)}`);
    }
    if (middle !== 'advisor-keeps-last' && middle !== 'one-per-opponent') {
      throw new RulesError(
        'INVALID_OPTIONS',
        `variants.middle must be "advisor-keeps-last" or "one-per-opponent", got ${showValue(middle)}`,
      );
    }
    v = { payment, secondaryTitle, middle };
  }
  return {
    players,
    seed: typeof seed === 'number' ? seed + 0 : (seed as string | undefined),
    firstPlayer: typeof firstPlayer === 'number' ? firstPlayer + 0 : undefined,
    variants: v,
  };
}

function randomSeed(): number {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  // 53 random bits: an exact, JSON-safe integer.
  return ((words[0] as number) & 0x1fffff) * 0x100000000 + (words[1] as number);
}

/**
 * Per player count, the cards in play in catalogue order: a private, writable copy of
 * `usedCards(n)` made once. Slicing it is the fastest copy (a frozen list copies slowly, and
 * into a list of another kind).
 */
const UNSHUFFLED: number[][] = [];

function unshuffledDeck(n: number): number[] {
  let list = UNSHUFFLED[n];
  if (list === undefined) {
    list = [];
    for (const c of usedCards(n)) list.push(c);
    UNSHUFFLED[n] = list;
  }
  return list;
}

/** `n` empty lists (a loop: `Array.from` with a length is many times slower). */
function emptyLists(n: number): number[][] {
  const lists: number[][] = [];
  for (let p = 0; p < n; p++) lists.push([]);
  return lists;
}

/** @internal createGame, optionally collecting the setup's events (the first Advisor's turn and draw). */
export function setup(options: GameOptions, events: GameEvent[] | null): GameState {
  return setupFrom(normalizeOptions(options), events);
}

/** @internal {@link setup} from options {@link normalizeOptions} already read and checked. */
export function setupFrom(o: NormalizedOptions, events: GameEvent[] | null): GameState {
  const n = o.players;
  const seed = o.seed ?? randomSeed();
  const rng = seedState(seed);
  const deck = unshuffledDeck(n).slice();
  shuffleInPlace(rng, deck);
  const removed = deck.splice(0, RANDOM_REMOVALS[n]);
  const first = o.firstPlayer ?? nextInt(rng, n);
  const offices = officesInPlay(n).length;
  const d: Draft = {
    players: n,
    // Frozen and shared by every state of every game with these variants: no state can change another's rules.
    variants: sharedVariants(o.variants),
    seed,
    rng,
    step: 'place',
    toMove: first,
    firstPlayer: first,
    advisor: first,
    deck,
    deckTop: 0,
    removed,
    drawn: -1,
    selfUsed: false,
    favorUsed: false,
    hands: emptyLists(n),
    known: emptyLists(n),
    middle: [],
    favor: [],
    favorBy: [],
    lot: -1,
    lotBy: -1,
    highBid: 0,
    highBidder: -1,
    out: 0,
    defaulted: 0,
    payMode: null,
    paid: 0,
    king: -1,
    primary: new Array<number>(offices).fill(3),
    secondary: new Array<number>(offices).fill(n === 2 ? 0 : 1),
    discard: [],
    forfeits: 0,
    lotsDiscarded: 0,
    moveCount: 0,
  };
  // Every array of a new game is fresh: the setup's transaction owns them all.
  startTurn(d, first, { events, owned: OWNS_ALL });
  return draftOf(d);
}

/**
 * Creates a new game (RULES S1–S5). The first Advisor already holds their first drawn card.
 *
 * The options are read once, each field once (`-0` read as `0`).
 *
 * @throws {@link RulesError} `INVALID_OPTIONS` for a player count other than 2–5, an unknown
 * option or variant, a bad seed, a `firstPlayer` out of range, or a getter or proxy in the
 * options that throws when read.
 * @example
 * ```ts
 * const game = createGame({ players: 4, seed: 'friday-night' });
 * currentPlayer(game); // the first Advisor
 * legalActions(game);  // where to place the drawn card
 * ```
 * @category Game
 */
export function createGame(options: GameOptions): GameState {
  return setup(options, null);
}

/** @internal Office names in play for a state, by title index. */
export function officeIndex(s: GameState, office: string): number {
  const o = (OFFICES as readonly string[]).indexOf(office);
  return o >= 0 && o < s.primary.length ? o : -1;
}
