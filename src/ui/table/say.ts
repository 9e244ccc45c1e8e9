/**
 * Actions and events in words for the table, also those this build cannot word: a newer host
 * may send an action or an event of a type added since (the `'other'` decision draws one button
 * per action). `describeAction` and `describeEvent` refuse those; the table then says a
 * numbered action ("Action 3") or a neutral log line instead of failing to draw.
 * @module
 */
import type { Action, GameEvent } from '../../index.js';
import { type DescribeContext, describeAction, describeEvent, type Lang } from '../../text/index.js';
import { WORDS } from '../words.js';

/** `action` in words (`describeAction`), else "Action N" for `legal[index]`. */
export function sayAction(action: Action, index: number, lang: Lang, context: DescribeContext): string {
  try {
    return describeAction(action, lang, context);
  } catch {
    return WORDS[lang].action(index + 1);
  }
}

/** `event` in words (`describeEvent`), else a line that says only that something happened. */
export function sayEvent(event: GameEvent, lang: Lang, context: DescribeContext): string {
  try {
    return describeEvent(event, lang, context);
  } catch {
    return WORDS[lang].unknownEvent;
  }
}
