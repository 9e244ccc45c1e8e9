import { describe, expect, it } from 'vitest';
import type { Action, GameEvent } from '../../src/index.js';
import { isRulesError } from '../../src/index.js';
import type { Lang } from '../../src/text/index.js';
import { describeAction, describeCard, describeEvent } from '../../src/text/index.js';

/** Calls `f` and returns the code of the `RulesError` it throws (fails on anything else). */
function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isRulesError(e)) return e.code;
    throw e;
  }
  throw new Error('did not throw');
}

const pass: Action = { type: 'pass', player: 1 };
const bid: GameEvent = { type: 'bid', player: 1, amount: 4 };

describe('the /text functions refuse what they cannot word, with a RulesError', () => {
  it.each(['fr', 'EN', 'uk-UA', '__proto__', 'toString', 'constructor', '', undefined, null, 7])(
    'the language %s: INVALID_OPTIONS',
    (lang) => {
      const l = lang as unknown as Lang;
      expect(codeOf(() => describeAction(pass, l))).toBe('INVALID_OPTIONS');
      expect(codeOf(() => describeEvent(bid, l))).toBe('INVALID_OPTIONS');
      expect(codeOf(() => describeCard('military-A', l))).toBe('INVALID_OPTIONS');
    },
  );

  it.each(['foo', 'toString', 'constructor', '__proto__', 'hasOwnProperty', 'drawn', ''])(
    'the action type %s: MALFORMED_ACTION',
    (type) => {
      for (const lang of ['en', 'uk'] as const) {
        expect(codeOf(() => describeAction({ type, player: 1 } as unknown as Action, lang))).toBe('MALFORMED_ACTION');
      }
    },
  );

  it.each([[undefined], [null], ['pass'], [3], [[]], [{}]])('not an action at all (%s): MALFORMED_ACTION', (action) => {
    expect(codeOf(() => describeAction(action as unknown as Action, 'en'))).toBe('MALFORMED_ACTION');
  });

  it.each(['foo', 'toString', 'constructor', '__proto__', 'valueOf', 'place', ''])('the event type %s: INVALID_EVENTS', (type) => {
    for (const lang of ['en', 'uk'] as const) {
      expect(codeOf(() => describeEvent({ type, player: 1 } as unknown as GameEvent, lang))).toBe('INVALID_EVENTS');
    }
  });

  it.each([[undefined], [null], ['bid'], [3], [[]], [{}]])('not an event at all (%s): INVALID_EVENTS', (event) => {
    expect(codeOf(() => describeEvent(event as unknown as GameEvent, 'en'))).toBe('INVALID_EVENTS');
  });

  it('an event whose card is no card: UNKNOWN_CARD (a hidden card, null, still reads as "a card")', () => {
    for (const lang of ['en', 'uk'] as const) {
      for (const card of ['nope', '<script>', 'toString', 42, {}])
        expect(codeOf(() => describeEvent({ type: 'won', player: 1, card, amount: 3 } as unknown as GameEvent, lang))).toBe('UNKNOWN_CARD');
    }
    expect(describeEvent({ type: 'drawn', player: 1, card: null }, 'en')).toBe('Player 1 drew a card');
    expect(describeEvent({ type: 'won', player: 1, card: 'military-A', amount: 3 }, 'en')).toBe('Player 1 won Military 4 for 3');
  });

  it('describeCard: an unknown id is still returned as it is; something that is neither an id nor a card is refused', () => {
    expect(describeCard('<script>', 'en')).toBe('<script>');
    expect(describeCard('toString', 'uk')).toBe('toString');
    for (const card of [null, undefined, {}, { kind: 'government', office: 'x', value: 3 }, 5])
      expect(codeOf(() => describeCard(card as never, 'en'))).toBe('UNKNOWN_CARD');
  });

  it('describeCard: a card object outside the catalogue (a newer version’s) is worded by its kind, office and value', () => {
    expect(describeCard({ id: 'gold-9-x', kind: 'gold', value: 9 } as never, 'en')).toBe('Gold 9');
    expect(describeCard({ id: 'x', kind: 'government', office: 'military', value: 7 } as never, 'uk')).toBe('Військова справа 7');
    expect(describeCard({ id: 'k2', kind: 'king' } as never, 'en')).toBe('King');
    expect(codeOf(() => describeCard({ id: 'g', kind: 'gold', value: 1.5 } as never, 'en'))).toBe('UNKNOWN_CARD');
  });
});
