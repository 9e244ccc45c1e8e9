/**
 * Localized words for user interfaces: office, card kind, title, area and phase names, and the
 * small words a game screen needs, in English and Ukrainian.
 * @module
 */
import type { Card, Office } from '../data/cards.js';
import type { Area, Phase } from '../state/types.js';

/** A language of {@link labels}, {@link describeAction} and {@link describeEvent}: English or Ukrainian. @category Text */
export type Lang = 'en' | 'uk';

/** Short interface words (headings, buttons, table columns) of one language. @category Text */
export interface UiWords {
  readonly player: string;
  readonly you: string;
  readonly advisor: string;
  readonly deck: string;
  readonly favorPile: string;
  readonly middle: string;
  readonly hand: string;
  readonly drawn: string;
  readonly lot: string;
  readonly highBid: string;
  readonly stillIn: string;
  readonly payment: string;
  readonly titles: string;
  readonly known: string;
  readonly discard: string;
  readonly influence: string;
  readonly points: string;
  readonly gold: string;
  readonly winner: string;
  readonly score: string;
  readonly log: string;
  readonly yourTurn: string;
  readonly waitingFor: string;
  readonly gameOver: string;
  readonly newGame: string;
  readonly players: string;
  readonly seed: string;
  readonly replay: string;
  readonly actions: string;
}

/** Every localized name of one language. @category Text */
export interface Labels {
  /** Office names, nominative ("Diplomacy" / "Дипломатія"). */
  readonly offices: Readonly<Record<Office, string>>;
  /** Card kind names. */
  readonly kinds: Readonly<Record<Card['kind'], string>>;
  /** The two title names of an office (RULES S3). */
  readonly titles: { readonly primary: string; readonly secondary: string };
  /** Where the Advisor may place a card (RULES I2). */
  readonly areas: Readonly<Record<Area, string>>;
  /** Phase names. */
  readonly phases: Readonly<Record<Phase, string>>;
  /** Interface words. */
  readonly ui: UiWords;
}

/**
 * Localized names for user interfaces, by language.
 *
 * @example
 * ```ts
 * labels.en.offices.diplomacy; // 'Diplomacy'
 * labels.uk.offices.military;  // 'Військова справа'
 * labels.uk.phases.esteem;     // 'Здобуття пошани'
 * ```
 * @category Text
 */
export const labels: Readonly<Record<Lang, Labels>> = {
  en: {
    offices: {
      diplomacy: 'Diplomacy',
      military: 'Military',
      architecture: 'Architecture',
      entertainment: 'Entertainment',
      provisions: 'Provisions',
      livestock: 'Livestock',
    },
    kinds: { government: 'Government', king: 'King', gold: 'Gold' },
    titles: { primary: 'Primary title', secondary: 'Secondary title' },
    areas: { self: 'Own hand', middle: 'Middle', favor: 'Favor pile' },
    phases: { influence: 'Share Influence', esteem: 'Gain Esteem', over: 'Game over' },
    ui: {
      player: 'Player',
      you: 'You',
      advisor: 'Advisor',
      deck: 'Deck',
      favorPile: 'Favor pile',
      middle: 'Middle',
      hand: 'Hand',
      drawn: 'Drawn card',
      lot: 'Lot',
      highBid: 'High bid',
      stillIn: 'Still bidding',
      payment: 'Payment',
      titles: 'Titles',
      known: 'Known cards',
      discard: 'Discard',
      influence: 'Influence',
      points: 'Points',
      gold: 'Gold',
      winner: 'Winner',
      score: 'Score',
      log: 'Log',
      yourTurn: 'Your turn',
      waitingFor: 'Waiting for',
      gameOver: 'Game over',
      newGame: 'New game',
      players: 'Players',
      seed: 'Seed',
      replay: 'Replay',
      actions: 'Actions',
    },
  },
  uk: {
    offices: {
      diplomacy: 'Дипломатія',
      military: 'Військова справа',
      architecture: 'Архітектура',
      entertainment: 'Розваги',
      provisions: 'Провіант',
      livestock: 'Скотарство',
    },
    kinds: { government: 'Уряд', king: 'Король', gold: 'Золото' },
    titles: { primary: 'Головний титул', secondary: 'Другорядний титул' },
    areas: { self: 'Своя рука', middle: 'Середина', favor: 'Стос прихильності' },
    phases: { influence: 'Розподіл впливу', esteem: 'Здобуття пошани', over: 'Гру завершено' },
    ui: {
      player: 'Гравець',
      you: 'Ви',
      advisor: 'Радник',
      deck: 'Колода',
      favorPile: 'Стос прихильності',
      middle: 'Середина',
      hand: 'Рука',
      drawn: 'Витягнута карта',
      lot: 'Лот',
      highBid: 'Найвища ставка',
      stillIn: 'У торгах',
      payment: 'Оплата',
      titles: 'Титули',
      known: 'Відомі карти',
      discard: 'Скинуті',
      influence: 'Вплив',
      points: 'Очки',
      gold: 'Золото',
      winner: 'Переможець',
      score: 'Рахунок',
      log: 'Журнал',
      yourTurn: 'Ваш хід',
      waitingFor: 'Чекаємо на',
      gameOver: 'Гру завершено',
      newGame: 'Нова гра',
      players: 'Гравці',
      seed: 'Зерно',
      replay: 'Повтор',
      actions: 'Дії',
    },
  },
};
