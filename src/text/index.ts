/**
 * Localized text for user interfaces, in English and Ukrainian: the `for-the-king-and-me/text`
 * subpath. Office, card kind and title names (`labels.en`, `labels.uk`), and sentences for
 * cards, actions and (viewer-filtered) events. A separate entry so that the engine's own bundle
 * stays small for servers and bots that never show text.
 *
 * @example
 * ```ts
 * import { describeAction, labels } from 'for-the-king-and-me/text';
 *
 * labels.uk.offices.diplomacy; // 'Дипломатія'
 * describeAction({ type: 'pass', player: 2 }, 'en'); // 'Player 2 passes'
 * ```
 * @module for-the-king-and-me/text
 */
export type { DescribeContext } from './describe.js';
export { describeAction, describeCard, describeEvent } from './describe.js';
export type { Labels, Lang, UiWords } from './labels.js';
export { labels } from './labels.js';
