/**
 * Fuzz: tampered saves against `deserialize` (issue #18, classes 3 and 4). Each case takes the
 * save of a real state and changes one to three things: a field set to a nearby or junk value,
 * a player field moved to another player, a card moved from one list to another (the game still
 * holds each card once), list entries swapped, removed or duplicated, counters raised.
 *
 * `deserialize` must either throw `INVALID_SAVE` or return a state the engine can continue: it
 * has a legal action unless it is over, every legal action applies, the state after it loads
 * again, every seat's view of it is built, and the player to move can determinize their view.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../src/index.js';
import { apply, CARDS, deserialize, determinize, legalActions, serialize, view } from '../../src/index.js';
import { cases, junk, listAt, outcome, statePool, Tally } from './hostile.js';

const STATES = statePool('fuzz-saves', 7);
const SAVES = STATES.map((s) => JSON.parse(serialize(s)) as { state: Record<string, unknown> });

const SCALARS = [
  'toMove',
  'firstPlayer',
  'advisor',
  'deckTop',
  'drawn',
  'selfUsed',
  'favorUsed',
  'lot',
  'lotBy',
  'highBid',
  'highBidder',
  'out',
  'defaulted',
  'payMode',
  'paid',
  'king',
  'forfeits',
  'lotsDiscarded',
  'moveCount',
  'step',
  'players',
] as const;
const LISTS = [
  'middle',
  'favor',
  'discard',
  'removed',
  'deck',
  'hands.0',
  'hands.1',
  'known.0',
  'known.1',
  'favorBy',
  'primary',
  'secondary',
];
const STEPS = ['place', 'take', 'king', 'bid', 'pay', 'over'];

type Edit =
  | { readonly op: 'near'; readonly field: string; readonly by: number }
  | { readonly op: 'set'; readonly field: string; readonly value: unknown }
  | { readonly op: 'move'; readonly from: string; readonly to: string; readonly at: number }
  | { readonly op: 'swap'; readonly list: string; readonly i: number; readonly j: number }
  | { readonly op: 'drop' | 'dup'; readonly list: string; readonly at: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('near' as const), field: fc.constantFrom(...SCALARS), by: fc.integer({ min: -5, max: 5 }) }),
  fc.record({ op: fc.constant('set' as const), field: fc.constantFrom(...SCALARS), value: junk }),
  fc.record({ op: fc.constant('move' as const), from: fc.constantFrom(...LISTS), to: fc.constantFrom(...LISTS), at: fc.nat() }),
  fc.record({ op: fc.constant('swap' as const), list: fc.constantFrom(...LISTS), i: fc.nat(), j: fc.nat() }),
  fc.record({ op: fc.constantFrom('drop' as const, 'dup' as const), list: fc.constantFrom(...LISTS), at: fc.nat() }),
);

function applyEdit(state: Record<string, unknown>, e: Edit): void {
  switch (e.op) {
    case 'near': {
      const v = state[e.field];
      if (typeof v === 'number') state[e.field] = v + e.by;
      else if (typeof v === 'boolean') state[e.field] = !v;
      else if (e.field === 'step') state.step = STEPS[Math.abs(e.by) % STEPS.length];
      else if (v === null || typeof v === 'string') state[e.field] = (CARDS[(Math.abs(e.by) * 17) % CARDS.length] as { id: string }).id;
      break;
    }
    case 'set':
      state[e.field] = e.value;
      break;
    case 'move': {
      const from = listAt(state, e.from);
      const to = listAt(state, e.to);
      if (from === undefined || to === undefined || from.length === 0) break;
      const [c] = from.splice(e.at % from.length, 1);
      to.splice(e.at % (to.length + 1), 0, c);
      break;
    }
    case 'swap': {
      const l = listAt(state, e.list);
      if (l === undefined || l.length === 0) break;
      const i = e.i % l.length;
      const j = e.j % l.length;
      [l[i], l[j]] = [l[j], l[i]];
      break;
    }
    case 'drop':
    case 'dup': {
      const l = listAt(state, e.list);
      if (l === undefined || l.length === 0) break;
      const at = e.at % l.length;
      if (e.op === 'drop') l.splice(at, 1);
      else l.splice(at, 0, l[at]);
    }
  }
}

/** Checks that the engine can go on from `s`: legal actions, each applied and reloaded, views and a determinization. */
function expectContinues(s: GameState, tally: Tally): void {
  const legal = legalActions(s);
  if (s.step !== 'over') expect(legal.length, 'an accepted state that is not over has no legal action').toBeGreaterThan(0);
  // Every legal action but at most 12 bids (a bidding list can be long: its ends and a few between).
  const picked = legal.length <= 16 ? legal : [...legal.slice(0, 6), ...legal.slice(-6)];
  for (const a of picked) {
    const next = outcome(() => apply(s, a as Action), 'apply(legal action of an accepted state)');
    expect(next.ok, 'a legal action of an accepted state was refused').toBe(true);
    if (!next.ok) continue;
    const again = outcome(() => deserialize(serialize(next.value)), 'reloading the next state');
    expect(again, 'the state after a legal action from an accepted state does not load').toMatchObject({ ok: true });
  }
  for (let p = 0; p < s.players; p++) outcome(() => view(s, p), 'view of an accepted state');
  if (s.toMove >= 0) {
    const d = outcome(() => determinize(view(s, s.toMove), 1), 'determinize the view of an accepted state');
    expect(d.ok, 'the view of an accepted state cannot be determinized').toBe(true);
  }
  tally.add(`accepted (${s.step})`);
}

const tally = new Tally('fuzz: tampered saves (deserialize)');
afterAll(() => tally.report());

describe('fuzz: tampered saves', () => {
  const runs = cases(250, 60_000);
  it(`deserialize refuses a tampered save with INVALID_SAVE or returns a state the engine can continue (${runs} cases)`, () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(editArb, { minLength: 1, maxLength: 3 }), (i, edits) => {
        const save = structuredClone(SAVES[i % SAVES.length]) as { state: Record<string, unknown> };
        for (const e of edits) applyEdit(save.state, e);
        let text: string;
        try {
          text = JSON.stringify(save);
        } catch {
          return; // a BigInt: not a JSON text at all
        }
        const loaded = outcome(() => deserialize(text), 'deserialize(tampered)');
        if (!loaded.ok) {
          expect(loaded.code).toBe('INVALID_SAVE');
          tally.add('refused');
          return;
        }
        expectContinues(loaded.value, tally);
      }),
      { numRuns: runs },
    );
  }, 3_600_000);

  it('the untouched saves load and continue (the check itself is sound)', () => {
    for (const s of STATES) expectContinues(deserialize(serialize(s)), new Tally('untouched'));
  }, 120_000);
});
