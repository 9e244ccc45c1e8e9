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
 * @module for-the-king-and-me
 */

export type { Card, GoldCard, GovernmentCard, KingCard, Letter, Mark, Office } from './data/cards.js';
export { CARDS, cardById, deckSize, LETTERS, OFFICES, officesInPlay, RANDOM_REMOVALS } from './data/cards.js';
export { ACTION_IDS_PER_PLAYER, actionFromId, actionId, actionIdCount } from './rules/action-ids.js';
export type { StepResult } from './rules/apply.js';
export { apply, step } from './rules/apply.js';
export { currentPlayer, isGameOver, legalActions, phaseOf } from './rules/legal.js';
export { maxGameLength } from './rules/limits.js';
export type { CheckedOptions } from './rules/options.js';
export { checkOptions, isPlayerCount, PLAYER_COUNTS } from './rules/options.js';
export { score } from './rules/scoring.js';
export { createGame, DEFAULT_VARIANTS, PUBLISHED_VARIANTS } from './rules/setup.js';
export { MAX_ACTION_LENGTH, parseAction } from './saves/parse.js';
export type { GameRecord, RecordExtras, RecordMetaValue, RecordOptions } from './saves/record.js';
export { checkRecord, MAX_RECORD_LENGTH, makeRecord, RECORD_FORMAT, RECORD_VERSION, replayRecord } from './saves/record.js';
export type { ReplayStep } from './saves/replay.js';
export { replay } from './saves/replay.js';
export type { GameSave, SavedState } from './saves/serialize.js';
export { deserialize, fromSave, SAVE_FORMAT, SAVE_VERSION, serialize, toSave } from './saves/serialize.js';
export { determinize } from './seat/determinize/index.js';
export { createGameWithEvents, eventsFor } from './seat/events.js';
export type { PaymentView, PlayerView, TitleValues, Viewer } from './seat/view.js';
export { view } from './seat/view.js';
export type { RulesErrorCode } from './state/errors.js';
export { isRulesError, RulesError } from './state/errors.js';
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
  MiddleVariant,
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
} from './state/types.js';
