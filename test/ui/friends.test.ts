/**
 * The headless side of the match element's panels for games between friends, without a
 * browser: which seats the creator's panel lists and what it offers for each, since when a
 * player counts as away, who is ready for a rematch, and the invite link of a seat.
 */
import { describe, expect, it } from 'vitest';
import type { SeatSummary } from '../../src/client/index.js';
import { seatInvite } from '../../src/ui/match/links.js';
import { voteRows } from '../../src/ui/match/rematch.js';
import { AwayClock, seatRows, seatState } from '../../src/ui/match/seats.js';
import { WORDS } from '../../src/ui/words.js';

const person = (name: string, connected: boolean, left = false): SeatSummary => ({
  name,
  bot: null,
  open: false,
  left,
  kind: 'person',
  connected,
});
const bot = (name: string): SeatSummary => ({ name: null, bot: name, open: false, left: false, kind: 'bot', connected: true });
const open: SeatSummary = { name: null, bot: null, open: true, left: false, kind: 'open', connected: false };
const names = ['Ada', 'Bo', 'Cy', 'Di'];
const name = (seat: number): string => names[seat] ?? `Seat ${seat}`;

describe("the creator's seat panel", () => {
  it('words each seat by who holds it and whether they are there', () => {
    expect(seatState(person('Ada', true))).toBe('online');
    expect(seatState(person('Bo', false))).toBe('away');
    expect(seatState(person('Bo', false, true))).toBe('left');
    expect(seatState(bot('heuristic'))).toBe('bot');
    expect(seatState(open)).toBe('open');
  });

  it("lists every seat but the reader's, offering only what the host can do to each", () => {
    const away = new AwayClock();
    const seats = [person('Ada', true), person('Bo', false), bot('heuristic'), open];
    away.observe(seats, 1000);
    const rows = seatRows(seats, 0, away, name);
    expect(rows.map((r) => [r.seat, r.state, r.moves])).toEqual([
      [1, 'away', ['bot', 'reissue']],
      [2, 'bot', ['reopen', 'reissue']],
      [3, 'open', ['bot']],
    ]);
    expect(rows[0]?.name).toBe('Bo');
    expect(rows[0]?.awaySince).toBe(1000);
    expect(rows[1]?.awaySince).toBeNull();
    // Nothing is offered for a player who is there.
    expect(seatRows([person('Ada', true), person('Bo', true)], 0, away, name)[0]?.moves).toEqual([]);
  });

  it("counts down to the host's away time when the host says it, and takes the host's word for since when", () => {
    const away = new AwayClock();
    const seats = [person('Ada', true), person('Bo', false), person('Cy', false, true), bot('random'), person('Di', false)];
    away.observe(seats, 50_000);
    const host = { awayMs: 60_000, awaySince: [null, 40_000, 41_000, null, null] };
    const rows = seatRows(seats, 0, away, name, host);
    expect(rows.map((r) => [r.seat, r.state, r.awaySince, r.readyAt])).toEqual([
      [1, 'away', 40_000, 100_000],
      // A player who left may be replaced at once; a bot's seat is nobody's to wait for.
      [2, 'left', 41_000, null],
      [3, 'bot', null, null],
      // The host said nothing of Di: this page's own start, and no countdown (the host decides).
      [4, 'away', 50_000, null],
    ]);
    // An older host: no countdown at all.
    expect(seatRows(seats, 0, away, name, { awayMs: null, awaySince: [null, 40_000] })[0]?.readyAt).toBeNull();
    for (const lang of ['en', 'uk'] as const) {
      expect(WORDS[lang].seats.canHandIn('0:42')).toContain('0:42');
      expect(WORDS[lang].seats.canHand(1, 'Bo')).toContain('Bo');
    }
  });

  it('counts a player as away from when the page first saw them without a connection, until they come back', () => {
    const away = new AwayClock();
    expect(away.observe([person('Ada', true), person('Bo', true)], 0)).toEqual([]);
    expect(away.observe([person('Ada', true), person('Bo', false)], 5000)).toEqual([1]);
    // Still away later: the same start, and no new announcement.
    expect(away.observe([person('Ada', true), person('Bo', false)], 9000)).toEqual([]);
    expect(away.since(1)).toBe(5000);
    // Back, then away again: a new start.
    away.observe([person('Ada', true), person('Bo', true)], 10_000);
    expect(away.since(1)).toBeNull();
    expect(away.observe([person('Ada', true), person('Bo', false, true)], 12_000)).toEqual([1]);
    expect(away.since(1)).toBe(12_000);
    // A bot or an open seat is never away.
    expect(away.observe([bot('random'), open], 13_000)).toEqual([]);
    expect(away.since(0)).toBeNull();
  });

  it('does not count a friend who just sat down as gone away before their page was seen connected', () => {
    const away = new AwayClock();
    expect(away.observe([person('Ada', true), open], 0)).toEqual([]);
    // Bo took the seat; his page has not connected yet: waited for, not gone.
    expect(away.observe([person('Ada', true), person('Bo', false)], 1000)).toEqual([]);
    expect(away.observe([person('Ada', true), person('Bo', false)], 2000)).toEqual([]);
    expect(away.observe([person('Ada', true), person('Bo', true)], 3000)).toEqual([]);
    // Once he was there, losing his connection is going away.
    expect(away.observe([person('Ada', true), person('Bo', false)], 9000)).toEqual([1]);
    expect(away.since(1)).toBe(9000);
    // A seat given back to a person and taken again: the same.
    expect(away.observe([person('Ada', true), bot('heuristic')], 10_000)).toEqual([]);
    expect(away.observe([person('Ada', true), open], 11_000)).toEqual([]);
    expect(away.observe([person('Ada', true), person('Cy', false)], 12_000)).toEqual([]);
    // One who leaves outright has gone, connected or not.
    expect(away.observe([person('Ada', true), person('Cy', false, true)], 13_000)).toEqual([1]);
    // Not there when the page first sees the seats (a rematch starting, a reload): awaited too.
    const later = new AwayClock();
    expect(later.observe([person('Ada', true), person('Bo', false)], 20_000)).toEqual([]);
    expect(later.since(1)).toBe(20_000);
  });
});

describe('the rematch panel', () => {
  const seats = [person('Ada', true), person('Bo', true), bot('heuristic')];

  it('shows a bot ready at once and a person once the host counted their vote', () => {
    expect(voteRows(3, seats, null, 0, name).map((r) => r.vote)).toEqual(['deciding', 'deciding', 'ready']);
    const state = { votes: [false, true, true], next: null, commitment: null };
    const rows = voteRows(3, seats, state, 0, name);
    expect(rows.map((r) => [r.name, r.vote, r.me])).toEqual([
      ['Ada', 'deciding', true],
      ['Bo', 'ready', false],
      ['Cy', 'ready', false],
    ]);
  });

  it('shows everybody ready once the rematch exists', () => {
    const state = { votes: [true, true, true], next: 'next-match', commitment: null };
    expect(voteRows(3, null, state, 1, name).every((r) => r.vote === 'ready')).toBe(true);
  });

  it('has its words in both languages', () => {
    for (const lang of ['en', 'uk'] as const) {
      const w = WORDS[lang];
      expect(w.rematch.wants('Bo')).toContain('Bo');
      expect(w.seats.tooSoon(1, 'Bo')).toContain('Bo');
      expect(w.seats.away('1:05')).toContain('1:05');
      expect(Object.values(w.rematch).every((x) => typeof x === 'function' || x.length > 0)).toBe(true);
    }
    expect(WORDS.uk.rematch.ask).not.toBe(WORDS.en.rematch.ask);
  });
});

describe('invite links', () => {
  it('carry the match and the seat in the query and the invite code in the fragment', () => {
    expect(seatInvite('https://cards.example/', 'm1', 2, 'code-1')).toBe('https://cards.example/?match=m1&seat=2#invite=code-1');
    expect(seatInvite('https://cards.example/', 'a b', 1, null)).toBe('https://cards.example/?match=a%20b&seat=1');
  });
});
