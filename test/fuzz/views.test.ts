/**
 * Fuzz: tampered views, bad viewers and seeds, and junk events against `determinize`, `view` and
 * `eventsFor` (issue #18, class 5). A view is changed by one to three edits: a field removed or
 * set to a value of any kind, a number moved a little, a player field set to another player, a
 * card moved between two lists, a list entry removed or duplicated.
 *
 * `determinize` must throw a `RulesError` (`INVALID_VIEW`, `INVALID_OPTIONS` for the seed) or
 * return a state that the loader accepts and from which every legal action applies; `view` and
 * `eventsFor` throw `INVALID_VIEWER` / `INVALID_EVENTS` or work.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Action, GameEvent, GameState, PlayerView } from '../../src/index.js';
import { apply, determinize, eventsFor, legalActions, step, view } from '../../src/index.js';
import { stateProblem } from '../../src/saves/validate.js';
import { cases, junk, listAt, outcome, statePool, Tally } from './hostile.js';

const STATES = statePool('fuzz-views', 5);
const VIEWS: PlayerView[] = STATES.flatMap((s, i) => {
  const seat = s.toMove >= 0 && i % 3 !== 0 ? s.toMove : i % s.players;
  return [JSON.parse(JSON.stringify(view(s, seat))) as PlayerView, ...(i % 11 === 0 ? [view(s, 'spectator')] : [])];
});
const FIELDS = Object.keys(VIEWS[0] as object);
const LISTS = ['middle', 'hand', 'discard', 'myFavor', 'known.0', 'known.1', 'handSizes', 'stillIn', 'defaulted'];

type Edit =
  | { readonly op: 'remove' | 'set'; readonly field: string; readonly value: unknown }
  | { readonly op: 'near'; readonly field: string; readonly by: number }
  | { readonly op: 'move'; readonly from: string; readonly to: string; readonly at: number }
  | { readonly op: 'drop' | 'dup'; readonly list: string; readonly at: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constantFrom('remove' as const, 'set' as const), field: fc.constantFrom(...FIELDS), value: junk }),
  fc.record({ op: fc.constant('near' as const), field: fc.constantFrom(...FIELDS), by: fc.integer({ min: -4, max: 4 }) }),
  fc.record({ op: fc.constant('move' as const), from: fc.constantFrom(...LISTS), to: fc.constantFrom(...LISTS), at: fc.nat() }),
  fc.record({ op: fc.constantFrom('drop' as const, 'dup' as const), list: fc.constantFrom(...LISTS), at: fc.nat() }),
);

function applyEdit(v: Record<string, unknown>, e: Edit): void {
  switch (e.op) {
    case 'remove':
      delete v[e.field];
      break;
    case 'set':
      v[e.field] = e.value;
      break;
    case 'near': {
      const x = v[e.field];
      if (typeof x === 'number') v[e.field] = x + e.by;
      else if (typeof x === 'boolean') v[e.field] = !x;
      else if (x === null) v[e.field] = Math.abs(e.by);
      break;
    }
    case 'move': {
      const from = listAt(v, e.from);
      const to = listAt(v, e.to);
      if (from === undefined || to === undefined || from.length === 0) break;
      const [c] = from.splice(e.at % from.length, 1);
      to.splice(e.at % (to.length + 1), 0, c);
      break;
    }
    case 'drop':
    case 'dup': {
      const l = listAt(v, e.list);
      if (l === undefined || l.length === 0) break;
      const at = e.at % l.length;
      if (e.op === 'drop') l.splice(at, 1);
      else l.splice(at, 0, l[at]);
    }
  }
}

const tally = new Tally('fuzz: tampered views, viewers, seeds and events (determinize, view, eventsFor)');
afterAll(() => tally.report());

describe('fuzz: tampered views', () => {
  const runs = cases(300, 120_000);
  it(`determinize refuses a tampered view with a RulesError or returns a state the engine can continue (${runs} cases)`, () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(editArb, { minLength: 1, maxLength: 3 }), fc.nat(), (i, edits, seed) => {
        const v = structuredClone(VIEWS[i % VIEWS.length]) as unknown as Record<string, unknown>;
        for (const e of edits) applyEdit(v, e);
        const d = outcome(() => determinize(v as unknown as PlayerView, seed), 'determinize(tampered view)');
        if (!d.ok) {
          expect(d.code).toBe('INVALID_VIEW');
          tally.add('view refused');
          return;
        }
        const s: GameState = d.value;
        expect(stateProblem(s), 'determinize returned a state the loader refuses').toBeNull();
        const legal = legalActions(s);
        if (s.step !== 'over') expect(legal.length).toBeGreaterThan(0);
        for (const a of legal.length <= 12 ? legal : [...legal.slice(0, 4), ...legal.slice(-4)]) {
          const next = outcome(() => apply(s, a as Action), 'apply(legal action of a determinized state)');
          expect(next.ok).toBe(true);
          if (next.ok) expect(stateProblem(next.value)).toBeNull();
        }
        tally.add(`view accepted (${s.step})`);
      }),
      { numRuns: runs },
    );
  }, 3_600_000);

  it(`bad seeds, viewers and event lists are RulesErrors with their own codes (${cases(300, 120_000)} cases)`, () => {
    fc.assert(
      fc.property(fc.nat(), junk, junk, (i, x, y) => {
        const s = STATES[i % STATES.length] as GameState;
        const v = VIEWS[i % VIEWS.length] as PlayerView;
        const seeded = outcome(() => determinize(v, x as number), 'determinize(view, junk seed)');
        const seedOk = typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));
        expect(seeded.ok ? 'ok' : seeded.code).toBe(seedOk ? 'ok' : 'INVALID_OPTIONS');
        const seen = outcome(() => view(s, x as number), 'view(state, junk viewer)');
        const viewerOk = x === 'spectator' || (typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < s.players);
        expect(seen.ok ? 'ok' : seen.code).toBe(viewerOk ? 'ok' : 'INVALID_VIEWER');
        const events = outcome(() => eventsFor(y as GameEvent[], 0), 'eventsFor(junk, 0)');
        if (!events.ok) expect(events.code).toBe('INVALID_EVENTS');
        const filtered = outcome(() => eventsFor([], x as number), 'eventsFor([], junk viewer)');
        if (!filtered.ok) expect(filtered.code).toBe('INVALID_VIEWER');
        tally.add('seed, viewer and events');
      }),
      { numRuns: cases(300, 120_000) },
    );
  }, 3_600_000);

  it('real events pass eventsFor for every viewer; a junk entry among them is INVALID_EVENTS', () => {
    const s = STATES.find((x) => x.step === 'place') as GameState;
    const { events } = step(s, legalActions(s)[0] as Action);
    for (let p = 0; p < s.players; p++) expect(eventsFor(events, p)).toHaveLength(events.length);
    expect(outcome(() => eventsFor([...events, null] as unknown as GameEvent[], 0), 'eventsFor')).toEqual({
      ok: false,
      code: 'INVALID_EVENTS',
    });
  });
});
