/**
 * For the King (and Me): an unofficial, typed, pure rules engine.
 *
 * @example
 * ```ts
 * import { createGame, legalActions, apply, isGameOver, score } from 'for-the-king-and-me';
 *
 * let state = createGame({ players: 4, seed: 1 });
 * while (!isGameOver(state)) state = apply(state, legalActions(state)[0]!);
 * console.log(score(state).winners);
 * ```
 * @packageDocumentation
 */

export type { StepResult } from './apply.js';
export { apply, step } from './apply.js';
export type { Card, GoldCard, GovernmentCard, KingCard, Letter, Mark, Office } from './cards.js';
export { CARDS, cardById, deckSize, LETTERS, OFFICES, officesInPlay, RANDOM_REMOVALS } from './cards.js';
export { determinize } from './determinize.js';
export type { RulesErrorCode } from './errors.js';
export { RulesError } from './errors.js';
export { createGameWithEvents, eventsFor } from './events.js';
export { currentPlayer, isGameOver, legalActions, phaseOf } from './legal.js';
export { maxGameLength } from './limits.js';
export { MAX_ACTION_LENGTH, parseAction } from './parse.js';
export type { ReplayStep } from './replay.js';
export { replay } from './replay.js';
export { score } from './scoring.js';
export { deserialize, SAVE_FORMAT, SAVE_VERSION, serialize } from './serialize.js';
export { createGame, DEFAULT_VARIANTS, PUBLISHED_VARIANTS } from './setup.js';
export type {
  Action,
  ActionType,
  Area,
  BidAction,
  GameEvent,
  GameEventType,
  GameOptions,
  GameState,
  KingAction,
  OfficeResult,
  PassAction,
  PayAction,
  PaymentVariant,
  Phase,
  PlaceAction,
  PlayerCount,
  Score,
  SecondaryTitleVariant,
  Step,
  TakeAction,
  Variants,
} from './types.js';
export type { PaymentView, PlayerView, TitleValues, Viewer } from './view.js';
export { view } from './view.js';
