/// <reference lib="dom" />
/**
 * The game's UI as framework-free custom elements, built only on the public entries:
 *
 * - `<ftk-table>` draws one seat's `PlayerView` and reports the reader's choices as
 *   `ftk-action` events (local play, online play and replays all use it);
 * - `<ftk-match>` wires a table to a match on a host (`connectMatch`): status, reconnects,
 *   errors in words, names, invites, the rematch, the creator's seat panel;
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
import { AppElement, type BotFactory } from './app/element.js';
import { define } from './dom.js';
import { LobbyElement, type SeatedDetail } from './lobby/element.js';
import { MatchElement, type MatchStatus, type OverDetail } from './match/element.js';
import { ReplayElement } from './replay/element.js';
import { type ActionDetail, TableElement } from './table/element.js';

export type { LocalGame, LocalGameOptions, SeatBot } from './local.js';
export { createLocalGame } from './local.js';
export type { Extras } from './match/extras.js';
export { readExtras } from './match/extras.js';
export type { Decision, KingRow, Turn } from './table/model.js';
export { decisionOf } from './table/model.js';
export { TABLE_PARTS } from './table/parts.js';
export {
  type ActionDetail,
  AppElement,
  type BotFactory,
  LobbyElement,
  MatchElement,
  type MatchStatus,
  type OverDetail,
  ReplayElement,
  type SeatedDetail,
  TableElement,
};

/** The tag name of each element. */
export const TAGS = {
  table: 'ftk-table',
  match: 'ftk-match',
  lobby: 'ftk-lobby',
  replay: 'ftk-replay',
  app: 'ftk-app',
} as const;

/**
 * Defines the elements under their tag names: done when this module is imported in a browser;
 * calling it again does nothing.
 */
export function defineElements(): void {
  define(TAGS.table, TableElement);
  define(TAGS.match, MatchElement);
  define(TAGS.lobby, LobbyElement);
  define(TAGS.replay, ReplayElement);
  define(TAGS.app, AppElement);
}

defineElements();

declare global {
  interface HTMLElementTagNameMap {
    'ftk-table': TableElement;
    'ftk-match': MatchElement;
    'ftk-lobby': LobbyElement;
    'ftk-replay': ReplayElement;
    'ftk-app': AppElement;
  }
  interface HTMLElementEventMap {
    'ftk-action': CustomEvent<ActionDetail>;
    'ftk-status': CustomEvent<{ readonly status: MatchStatus }>;
    'ftk-error': CustomEvent<{ readonly code: string; readonly message: string }>;
    'ftk-over': CustomEvent<OverDetail>;
    'ftk-replay': CustomEvent<{ readonly record: import('../index.js').GameRecord }>;
    'ftk-rematch': CustomEvent<{ readonly match: string; readonly previous: string }>;
    'ftk-created': CustomEvent<SeatedDetail>;
    'ftk-joined': CustomEvent<SeatedDetail>;
    'ftk-watch': CustomEvent<{ readonly match: string }>;
    'ftk-local': CustomEvent<{ readonly players: number }>;
    'ftk-join': CustomEvent<{ readonly match: string }>;
    'ftk-back': CustomEvent<{ readonly match: string | null }>;
    'ftk-position': CustomEvent<{ readonly position: number; readonly length: number }>;
  }
}
