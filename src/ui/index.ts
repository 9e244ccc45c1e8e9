/// <reference lib="dom" />
/**
 * The game's UI as framework-free custom elements, built only on the public entries:
 *
 * - `<ftk-table>` draws one seat's `PlayerView` and reports the reader's choices as
 *   `ftk-action` events (local play, online play and replays all use it);
 * - `<ftk-match>` wires a table to a match on a host (`connectMatch`): status, reconnects,
 *   errors in words, names, invites;
 * - `<ftk-lobby>` creates and joins matches on a host;
 * - `<ftk-replay>` steps through a `GameRecord` as any seat or as a spectator;
 * - `<ftk-app>` is the whole site (`for-the-king serve` shows it at `/`).
 *
 * Importing this module defines the elements (where `customElements` exists; in Node it only
 * exports the classes). No dependency: it runs from a plain `<script type="module">` and inside
 * any framework. Guides: docs/embedding.md and docs/theming.md.
 *
 * @example
 * ```html
 * <ftk-table></ftk-table>
 * <script type="module">
 *   import { createGame, step, view } from 'for-the-king-and-me';
 *   import 'for-the-king-and-me/ui';
 *   let state = createGame({ players: 3, seed: 1 });
 *   const table = document.querySelector('ftk-table');
 *   table.view = view(state, 0);
 *   table.addEventListener('ftk-action', (e) => {
 *     const next = step(state, e.detail.action);
 *     state = next.state;
 *     table.update(view(state, 0), next.events);
 *   });
 * </script>
 * ```
 * @module for-the-king-and-me/ui
 */
import { define } from './dom.js';
import { type ActionDetail, TableElement } from './table/element.js';

export type { Decision, KingRow, Turn } from './table/model.js';
export { decisionOf } from './table/model.js';
export { TABLE_PARTS } from './table/parts.js';
export type { Words } from './words.js';
export { WORDS } from './words.js';
export { type ActionDetail, TableElement };

/** The tag name of each element. */
export const TAGS = { table: 'ftk-table' } as const;

/**
 * Defines the elements under their tag names: done when this module is imported in a browser;
 * calling it again does nothing.
 */
export function defineElements(): void {
  define(TAGS.table, TableElement);
}

defineElements();

declare global {
  interface HTMLElementTagNameMap {
    'ftk-table': TableElement;
  }
  interface HTMLElementEventMap {
    'ftk-action': CustomEvent<ActionDetail>;
  }
}
