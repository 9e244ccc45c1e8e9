/// <reference lib="dom" />
/**
 * The events the elements dispatch are known to `HTMLElementEventMap` once the UI is imported
 * (docs/embedding.md says so): a listener gets its `detail` typed. Checked by `tsc`
 * (`npx tsc --noEmit -p .`); at run time the test only adds listeners.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { GameRecord } from '../../src/index.js';
import type { ActionDetail, MatchStatus, OverDetail, SeatedDetail } from '../../src/ui/index.js';

type Detail<K extends keyof HTMLElementEventMap> = HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never;

describe("the elements' events in HTMLElementEventMap", () => {
  it('types the detail of every event the elements dispatch', () => {
    expectTypeOf<Detail<'ftk-action'>>().toEqualTypeOf<ActionDetail>();
    expectTypeOf<Detail<'ftk-status'>>().toEqualTypeOf<{ readonly status: MatchStatus }>();
    expectTypeOf<Detail<'ftk-error'>>().toEqualTypeOf<{ readonly code: string; readonly message: string }>();
    expectTypeOf<Detail<'ftk-over'>>().toEqualTypeOf<OverDetail>();
    expectTypeOf<Detail<'ftk-replay'>>().toEqualTypeOf<{ readonly record: GameRecord }>();
    expectTypeOf<Detail<'ftk-rematch'>>().toEqualTypeOf<{ readonly match: string; readonly previous: string }>();
    expectTypeOf<Detail<'ftk-created'>>().toEqualTypeOf<SeatedDetail>();
    expectTypeOf<Detail<'ftk-joined'>>().toEqualTypeOf<SeatedDetail>();
    expectTypeOf<Detail<'ftk-watch'>>().toEqualTypeOf<{ readonly match: string }>();
    expectTypeOf<Detail<'ftk-local'>>().toEqualTypeOf<{ readonly players: number }>();
    expectTypeOf<Detail<'ftk-join'>>().toEqualTypeOf<{ readonly match: string }>();
    expectTypeOf<Detail<'ftk-back'>>().toEqualTypeOf<{ readonly match: string | null }>();
    expectTypeOf<Detail<'ftk-position'>>().toEqualTypeOf<{ readonly position: number; readonly length: number }>();
  });

  it("lets a page read <ftk-lobby>'s cancelable events as embedding.md shows them", () => {
    const lobby = { addEventListener: () => undefined } as unknown as HTMLElement;
    lobby.addEventListener('ftk-join', (e) => {
      e.preventDefault();
      expectTypeOf(e.detail.match).toEqualTypeOf<string>();
    });
    lobby.addEventListener('ftk-back', (e) => expectTypeOf(e.detail.match).toEqualTypeOf<string | null>());
  });
});
