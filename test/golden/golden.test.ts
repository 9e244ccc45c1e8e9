/**
 * Golden playthroughs: each trace in this folder is replayed through the public API and must
 * produce exactly the recorded opening events, events of every action, and final score. A
 * behaviour change fails here; if it is intended, run `npm run golden:update` and review the
 * diff of the traces. The format is described in docs/conformance.md.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGameWithEvents, isGameOver, legalActions, score, step } from '../../src/index.js';
import { actionKey } from '../properties/invariants.js';
import { coverageOf, REQUIRED_COVERAGE, readTraces, TRACE_FORMAT, TRACE_VERSION, traceName } from './trace.js';

const traces = readTraces();

describe('golden playthroughs', () => {
  it('every player count × {default, published} × seeds 1 and 2 has a trace, and no other file is here', () => {
    const expected: string[] = [];
    for (const players of [2, 3, 4, 5]) {
      for (const variant of ['default', 'published'] as const) for (const seed of [1, 2]) expected.push(traceName(players, variant, seed));
    }
    expect([...traces.keys()].sort()).toEqual(expected.sort());
  });

  it('the traces cover payments both ways, Kings gained all three ways (and by the Advisor from the middle, V3), the Advisor taking the last middle card, forfeits, restarts and discarded lots', () => {
    const coverage = coverageOf(traces.values());
    for (const k of REQUIRED_COVERAGE) expect(coverage[k] ?? 0, k).toBeGreaterThan(0);
  });

  it("docs/conformance.md states the traces' figures as they are (actions, payments, lots, Kings, forfeits)", () => {
    const coverage = coverageOf(traces.values());
    const n = (k: string): number => coverage[k] ?? 0;
    const actions = [...traces.values()].reduce((sum, t) => sum + t.steps.length, 0);
    const kings = n('king-gained:self') + n('king-gained:middle') + n('king-gained:lot');
    const figures =
      `Over the ${traces.size} games: ${actions.toLocaleString('en').replaceAll(',', ' ')} actions, ` +
      `${n('paid:gold')} gold and ${n('paid:discard')} discard payments, ${n('lot-gained')} lots gained, ` +
      `${kings} Kings (${n('king-gained:self')} from *self*, ${n('king-gained:middle')} from the middle, ` +
      `${n('king-gained:lot')} from lots), ${n('forfeit')} forfeits and ${n('lot-discarded')} discarded lots.`;
    const doc = readFileSync(new URL('../../docs/conformance.md', import.meta.url), 'utf8');
    expect(doc.replace(/\s+/g, ' ')).toContain(figures);
  });

  for (const [name, trace] of traces) {
    it(`${name}: replays to the same events and final score`, () => {
      expect(trace.format).toBe(TRACE_FORMAT);
      expect(trace.version).toBe(TRACE_VERSION);
      const { players, seed, variants } = trace.options;
      const variant = variants?.payment === 'by-lot' ? 'published' : 'default';
      expect(traceName(players, variant, seed as number)).toBe(name);
      const opening = createGameWithEvents(trace.options);
      expect(opening.events).toEqual(trace.opening);
      let state = opening.state;
      trace.steps.forEach((recorded, i) => {
        expect(isGameOver(state), `the game ended before step ${i}`).toBe(false);
        expect(legalActions(state).map(actionKey), `step ${i}: the recorded action is legal`).toContain(actionKey(recorded.action));
        const r = step(state, recorded.action);
        expect(r.events, `step ${i}: events of ${actionKey(recorded.action)}`).toEqual(recorded.events);
        state = r.state;
      });
      expect(isGameOver(state)).toBe(true);
      expect(score(state)).toEqual(trace.score);
    });
  }
});
