/**
 * The `::part` names of the table, so that an element that holds a table can pass them on
 * (`exportparts`) and a page can style them through it.
 * @module
 */

/** Every part of `<ftk-table>`. docs/theming.md says what each is. */
export const TABLE_PARTS: readonly string[] = [
  'table',
  'status',
  'turn',
  'clock',
  'score',
  'score-table',
  'seats',
  'seat',
  'seat-to-move',
  'seat-name',
  'titles',
  'title',
  'felt',
  'middle',
  'auction',
  'king',
  'actions',
  'button',
  'bid',
  'mine',
  'hand',
  'card',
  'card-back',
  'card-diplomacy',
  'card-military',
  'card-architecture',
  'card-entertainment',
  'card-provisions',
  'card-livestock',
  'card-king',
  'card-gold',
  'log',
  'log-list',
  'announcer',
];
