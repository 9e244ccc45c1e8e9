/**
 * Leak scan (RULES H1–H3): across many seeded random games, at every step, nothing a seat is sent
 * (its view as JSON, its filtered events as JSON) holds a card id it cannot see, the seed or a
 * generator word. What a seat may see is computed from the true state by `visibleCardIds`
 * (test/helpers/hidden.ts), independently of `view.ts` and `events.ts`.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, GameState } from '../../src/index.js';
import { eventsFor, view } from '../../src/index.js';
import { idsOf, index } from '../helpers/cards.js';
import type { Seat } from '../helpers/hidden.js';
import {
  canSee,
  isCardId,
  leaksIn,
  PLAYER_COUNTS,
  playGame,
  primitivesAmong,
  secretWords,
  testRandom,
  visibleCardIds,
} from '../helpers/hidden.js';

/** Keys a view must never have: they would hold hidden-from-everyone data (RULES H3). */
const FORBIDDEN_VIEW_KEYS = ['deck', 'deckTop', 'removed', 'rng', 'seed', 'favor', 'favorBy', 'lotBy', 'out'];

function seats(n: number): Seat[] {
  return [...Array.from({ length: n }, (_, p) => p), 'spectator'];
}

function checkView(s: GameState, seat: Seat): void {
  const v = view(s, seat);
  const leaks = leaksIn(JSON.stringify(v), visibleCardIds(s, seat), s);
  for (const key of FORBIDDEN_VIEW_KEYS) if (Object.hasOwn(v, key)) leaks.push(`key "${key}"`);
  if (leaks.length > 0) expect.fail(`view of ${seat} at step ${s.step} leaks ${leaks.join(', ')}`);
}

/**
 * A card in an event is either visible before the step or public after it (drawn by the seat,
 * paid, taken, revealed…). Events are scanned as values (every string and number in them), which
 * is what their JSON holds.
 */
function checkEvents(before: GameState, after: GameState, events: readonly GameEvent[], seat: Seat): void {
  const shown = eventsFor(events, seat);
  const secrets = secretWords(before);
  const leaks: string[] = [];
  for (const x of primitivesAmong(shown)) {
    if (isCardId(x)) {
      const c = index(x);
      if (!canSee(before, seat, c) && !canSee(after, seat, c)) leaks.push(x);
    } else if (secrets.includes(String(x))) leaks.push(`secret ${x}`);
  }
  if (leaks.length > 0) expect.fail(`events for ${seat} leak ${leaks.join(', ')}: ${JSON.stringify(shown)}`);
}

describe('leak scan', () => {
  it('H1–H3: the checker can fail: raw events and the true hands show other seats what they may not see', () => {
    let caught = 0;
    playGame({ players: 3, seed: 'leak-checker-0' }, testRandom(1), ({ before, after, events }) => {
      const json = JSON.stringify(events);
      const visible = new Set([...visibleCardIds(before, 'spectator'), ...visibleCardIds(after, 'spectator')]);
      if (leaksIn(json, visible, before).length > 0) caught++;
    });
    expect(caught).toBeGreaterThan(50);
    const s = playGameTo(4, 'leak-checker-1', 40);
    expect(leaksIn(JSON.stringify(s.hands.map(idsOf)), visibleCardIds(s, 'spectator'), s).length).toBeGreaterThan(0);
    expect(leaksIn(JSON.stringify({ rng: s.rng }), new Set(), s).length).toBeGreaterThan(0);
    expect(leaksIn(JSON.stringify({ seed: s.seed }), new Set(), s)).toEqual(['secret leak-checker-1']);
  });

  it('H2, H3: every seat’s view at every step of 4 games (one per player count) holds only what that seat may see', () => {
    let checked = 0;
    for (const n of PLAYER_COUNTS) {
      for (let g = 0; g < 1; g++) {
        playGame({ players: n, seed: `leak-full-${n}-${g}` }, testRandom(1000 * n + g), ({ before, after }) => {
          for (const seat of seats(n)) checkView(before, seat);
          if (after.step === 'over') for (const seat of seats(n)) checkView(after, seat);
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(4 * 150);
  }, 60_000);

  it('H1–H3: every seat’s filtered events at every step of 1,000 games, and sampled views, show only what that seat may see', () => {
    let steps = 0;
    let views = 0;
    for (let g = 0; g < 1000; g++) {
      const n = PLAYER_COUNTS[g % 4] as 2 | 3 | 4 | 5;
      const all = seats(n);
      playGame({ players: n, seed: `leak-scan-${g}` }, testRandom(g), ({ before, after, events }) => {
        for (const seat of all) checkEvents(before, after, events, seat);
        // One view in 101 steps, the seat in rotation (101 is prime to every seat count).
        if ((steps + g) % 101 === 0) {
          checkView(before, all[steps % all.length] as Seat);
          views++;
        }
        steps++;
      });
    }
    expect(steps).toBeGreaterThan(1000 * 150);
    expect(views).toBeGreaterThan(2500);
  }, 120_000);
});

function playGameTo(n: 2 | 3 | 4 | 5, seed: string, steps: number): GameState {
  let at: GameState | null = null;
  let i = 0;
  playGame({ players: n, seed }, testRandom(7), ({ after }) => {
    if (i++ === steps) at = after;
  });
  if (at === null) throw new Error('game too short');
  return at;
}
