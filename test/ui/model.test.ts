/**
 * The table's headless side, without a browser: how a view's legal actions are grouped for the
 * screen (every action reachable exactly once, the bid control bounded by minBid…maxBid), seat
 * order and names, hands sorted as a player holds them, the clock, the local game driver, and
 * the defensive reading of names, presence and deadlines.
 */
import { describe, expect, it } from 'vitest';
import { heuristicBot } from '../../src/bots/heuristic.js';
import { botRandom } from '../../src/bots/index.js';
import type { Action, GameState, PlayerView } from '../../src/index.js';
import { createGame, officesInPlay, PUBLISHED_VARIANTS, replayRecord, score, step, view } from '../../src/index.js';
import { createLocalGame } from '../../src/ui/local.js';
import { readExtras } from '../../src/ui/match/extras.js';
import { clampBid, clock, decisionOf, goldOf, quickBids, seatName, seatOrder, sortHand, turnOf } from '../../src/ui/table/model.js';
import { WORDS } from '../../src/ui/words.js';

/** The legal indexes a decision makes reachable, each as often as the screen offers it. */
function reachable(v: PlayerView): number[] {
  const d = decisionOf(v);
  switch (d.kind) {
    case 'none':
      return [];
    case 'place':
      return d.areas.map((a) => a.index);
    case 'take':
    case 'pay':
      return [...d.cards.values()];
    case 'king':
      return d.rows.flatMap((r) => r.values.map((x) => x.index));
    case 'bid':
      return [...d.bids.values(), ...(d.pass === null ? [] : [d.pass])];
    default:
      return [...d.indexes];
  }
}

function* randomGames(count: number): Generator<{ state: GameState; seat: number }> {
  for (let g = 0; g < count; g++) {
    const players = (2 + (g % 4)) as 2 | 3 | 4 | 5;
    let state = createGame({ players, seed: 100 + g, ...(g % 3 === 0 ? { variants: PUBLISHED_VARIANTS } : {}) });
    const rng = botRandom(`ui-${g}`);
    while (state.step !== 'over') {
      yield { state, seat: state.toMove };
      state = step(state, heuristicBot(view(state, state.toMove), rng)).state;
    }
    yield { state, seat: 0 };
  }
}

describe('ui model: the decision tray', () => {
  it('every legal action of every decision in random games is offered exactly once, and only by the right control', () => {
    let checked = 0;
    const kinds = new Set<string>();
    for (const { state, seat } of randomGames(8)) {
      const v = view(state, seat);
      const d = decisionOf(v);
      kinds.add(d.kind);
      expect(d.kind).not.toBe('other');
      const offered = reachable(v).sort((a, b) => a - b);
      expect(offered).toEqual(v.legal.map((_, i) => i));
      if (d.kind === 'bid') {
        // The bid control is bounded by the view's range, and every amount in it is legal.
        expect(d.min).toBe(v.minBid);
        expect(d.max).toBe(v.maxBid);
        if (d.min !== null && d.max !== null) expect(d.bids.size).toBe(d.max - d.min + 1);
        const quick = quickBids(d);
        for (const a of quick) expect(v.legal[d.bids.get(a) as number]).toEqual({ type: 'bid', player: seat, amount: a });
      }
      if (d.kind === 'king')
        expect(d.rows.map((r) => r.office)).toEqual(officesInPlay(v.players).filter((o) => d.rows.some((r) => r.office === o)));
      if (d.kind === 'take') expect(d.last).toBe(v.advisor === seat);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
    expect([...kinds].sort()).toEqual(['bid', 'king', 'none', 'pay', 'place', 'take']);
  }, 60_000);

  it('a spectator and a seat not to move have nothing to decide', () => {
    const state = createGame({ players: 3, seed: 1 });
    expect(decisionOf(view(state, 'spectator')).kind).toBe('none');
    expect(decisionOf(view(state, (state.toMove + 1) % 3)).kind).toBe('none');
    expect(turnOf(view(state, state.toMove))).toBe('mine');
    expect(turnOf(view(state, 'spectator'))).toBe('others');
    expect(turnOf(null)).toBe('none');
  });

  it('the bid amount stays inside minBid…maxBid, whatever is typed', () => {
    const d = { kind: 'bid', min: 3, max: 72, pass: 0, bids: new Map([[3, 1]]) } as const;
    expect(clampBid(1, d)).toBe(3);
    expect(clampBid(500, d)).toBe(72);
    expect(clampBid(Number.NaN, d)).toBe(3);
    expect(clampBid(7.6, d)).toBe(8);
    expect(clampBid(5, { ...d, min: null, max: null })).toBeNull();
  });
});

describe('ui model: seats, hands and words', () => {
  it('seats are listed from the reader’s left; a spectator sees them all from 0', () => {
    const v = view(createGame({ players: 4, seed: 3 }), 2);
    expect(seatOrder(v)).toEqual([3, 0, 1]);
    expect(seatOrder(view(createGame({ players: 4, seed: 3 }), 'spectator'))).toEqual([0, 1, 2, 3]);
  });

  it('the reader is "You", others by name or "Player n", in both languages', () => {
    const v = view(createGame({ players: 3, seed: 3 }), 1);
    expect(seatName(v, 1, 'en', ['Ada', 'Bo', 'Cy'])).toBe('You');
    expect(seatName(v, 1, 'uk', ['Ada', 'Bo', 'Cy'])).toBe('Ви');
    expect(seatName(v, 2, 'en', ['Ada', 'Bo', ' Cy '])).toBe('Cy');
    expect(seatName(v, 0, 'en', [null, 'Bo'])).toBe('Player 0');
    expect(seatName(v, 0, 'uk', [])).toBe('Гравець 0');
  });

  it('a hand is sorted by office, then value (high first), then gold; gold adds coin values', () => {
    const state = createGame({ players: 5, seed: 9 });
    const v = view(state, 0);
    let s = state;
    const rng = botRandom('sort');
    while (s.step !== 'over') s = step(s, heuristicBot(view(s, s.toMove), rng)).state;
    const hand = view(s, 0).hands?.[0] ?? [];
    const sorted = sortHand(hand, v.players);
    expect(sorted).toHaveLength(hand.length);
    const rank = (c: (typeof hand)[number]): number =>
      c.kind === 'government' ? officesInPlay(5).indexOf(c.office) * 10 + (9 - c.value) : c.kind === 'gold' ? 100 + (9 - c.value) : 99;
    for (let i = 1; i < sorted.length; i++) expect(rank(sorted[i - 1] as never)).toBeLessThanOrEqual(rank(sorted[i] as never));
    expect(goldOf(hand)).toBe(hand.reduce((n, c) => n + (c.kind === 'gold' ? c.value : 0), 0));
  });

  it('the clock reads m:ss and stops at 0:00', () => {
    expect(clock(61_000)).toBe('1:01');
    expect(clock(9_001)).toBe('0:10');
    expect(clock(-5)).toBe('0:00');
  });

  it('English and Ukrainian have the same words, none empty', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(WORDS.uk).sort()).toEqual(keys(WORDS.en).sort());
    for (const lang of ['en', 'uk'] as const) {
      for (const k of keys(WORDS[lang])) {
        const value = k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], WORDS[lang]);
        const shown = typeof value === 'function' ? (value as (...a: unknown[]) => string)(3, 1, 'gold') : value;
        expect(typeof shown === 'string' && shown.length > 0, `${lang}.${k}`).toBe(true);
      }
    }
  });
});

describe('ui: the local game', () => {
  it('plays against bots with only the reader’s view and events; its record, given only at the end, replays to the same score', () => {
    const rngs = [1, 2, 3].map((p) => botRandom(`local-${p}`));
    const game = createLocalGame({
      players: 4,
      seed: 42,
      seat: 1,
      bots: [0, 1, 2, 3].map((p) => (p === 1 ? null : (v: PlayerView) => heuristicBot(v, rngs[p % 3] as never))),
      names: ['A', 'B', 'C', 'D'],
    });
    expect(game.opening().some((e) => e.type === 'phase')).toBe(true);
    const mine = botRandom('me');
    let moves = 0;
    for (let guard = 0; guard < 5000 && game.view().currentPlayer !== null; guard++) {
      if (game.botToMove()) {
        game.botMove();
        continue;
      }
      expect(() => game.record()).toThrow(/not over/);
      const v = game.view();
      expect(v.viewer).toBe(1);
      const events = game.act(heuristicBot(v, mine) as Action);
      for (const e of events) if ('card' in e && e.card === null) expect(e.type).toMatch(/drawn|placed|forfeit/);
      moves++;
    }
    expect(moves).toBeGreaterThan(10);
    const record = game.record();
    expect(record.names).toEqual(['A', 'B', 'C', 'D']);
    const final = replayRecord(record);
    expect(game.view().score).toEqual(score(final));
  });

  it('play() runs the bots until the reader is to move again', () => {
    const rng = botRandom('x');
    const game = createLocalGame({ players: 3, seed: 5, bots: (v) => heuristicBot(v, rng) });
    while (game.botToMove()) game.botMove();
    const v = game.view();
    game.play(v.legal[0] as Action);
    expect(game.view().currentPlayer === null || game.view().currentPlayer === 0).toBe(true);
    expect(() => createLocalGame({ players: 3, seed: 1, seat: 3, bots: () => ({ type: 'pass', player: 0 }) })).toThrow(RangeError);
  });
});

describe('ui: names, presence and deadline from the host, read defensively', () => {
  const summary = {
    id: 'm',
    createdAt: 0,
    players: 3,
    variants: {},
    firstPlayer: null,
    spectators: 'none' as const,
    turnTimeMs: null,
    visibility: 'public' as const,
    chat: 'seats' as const,
    startedAt: null,
    fairness: null,
    next: null,
    seats: [
      { name: 'Ada', bot: null, open: false, left: false, kind: 'person' as const, connected: true },
      { name: null, bot: null, open: true, left: false, kind: 'open' as const, connected: false },
      { name: null, bot: 'heuristic', open: false, left: false, kind: 'bot' as const, connected: true },
    ],
  };
  const botName = (bot: string, seat: number): string => `Bot ${seat} (${bot})`;

  it('names come from the summary (bots by kind) until the client carries its own', () => {
    expect(readExtras({}, summary, botName, 0)).toEqual({ names: ['Ada', null, 'Bot 2 (heuristic)'] });
    expect(readExtras({ names: ['A', 'B', 7] }, summary, botName, 0).names).toEqual(['A', 'B', null]);
    // The client's seats come first; a bot's name is worded by the page, not the host.
    const table = {
      seats: [
        { name: 'Ada', bot: null },
        { name: null, bot: null },
        { name: 'Bot (heuristic)', bot: 'heuristic' },
      ],
    };
    expect(readExtras({ table, names: ['x', 'y', 'z'] }, summary, botName, 0).names).toEqual(['Ada', null, 'Bot 2 (heuristic)']);
  });

  it('presence and the deadline are read only when present and well-formed', () => {
    expect(readExtras({ connected: [true, false, 'x'] }, null, botName, 0)).toEqual({ connected: [true, false, null] });
    expect(readExtras({ presence: [true] }, null, botName, 0)).toEqual({ connected: [true] });
    expect(readExtras({ deadline: 5000 }, null, botName, 0)).toEqual({ deadline: 5000 });
    expect(readExtras({ remainingMs: 3000 }, null, botName, 1000)).toEqual({ deadline: 4000 });
    expect(readExtras({ deadline: null }, null, botName, 0)).toEqual({ deadline: null });
    expect(readExtras({ deadline: 'soon', connected: 'yes', names: Array(40).fill('x') }, null, botName, 0)).toEqual({});
    expect(readExtras(null, null, botName, 0)).toEqual({});
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
      },
    );
    expect(readExtras(hostile, null, botName, 0)).toEqual({});
  });
});
