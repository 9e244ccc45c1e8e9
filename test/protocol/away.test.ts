/**
 * The host's away time and each seat's time away, as a client reads them (protocol version 2):
 * absent is "not said", anything but a duration in milliseconds is a typed `BAD_MESSAGE`; the
 * client's table turns a seat's time away into "since when" by its own clock, keeps its first
 * estimate while the same absence is told again, and reports a malformed field instead of using it.
 */
import { describe, expect, it } from 'vitest';
import type { ClientError, SeatSummary } from '../../src/client/index.js';
import { TableState } from '../../src/client/table.js';
import { HostError, readAwayForMs, readAwayMs } from '../../src/protocol/index.js';
import type { WelcomeMessage } from '../../src/protocol/server-messages.js';

const seat = (awayForMs: unknown, connected = false): SeatSummary =>
  ({ name: 'Bo', bot: null, open: false, left: false, kind: 'person', connected, awayForMs }) as SeatSummary;

const code = (f: () => unknown): string => {
  try {
    f();
    return 'read';
  } catch (e) {
    return e instanceof HostError ? e.code : `not a HostError: ${String(e)}`;
  }
};

describe('readAwayMs and readAwayForMs', () => {
  it('read durations, and absent (or null) as not said', () => {
    expect(readAwayMs(60_000)).toBe(60_000);
    expect(readAwayMs(0)).toBe(0);
    expect(readAwayMs(undefined)).toBeNull();
    expect(readAwayForMs(seat(4200))).toBe(4200);
    expect(readAwayForMs(seat(null))).toBeNull();
    expect(readAwayForMs({ name: 'Bo' })).toBeNull();
  });

  it('refuse anything else with a typed BAD_MESSAGE', () => {
    for (const bad of [null, -1, '60000', Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, {}, [1], true]) {
      expect(
        code(() => readAwayMs(bad)),
        String(bad),
      ).toBe('BAD_MESSAGE');
    }
    for (const bad of [-5, '5', Number.NaN, 2 ** 60, { ms: 5 }, false]) {
      expect(
        code(() => readAwayForMs(seat(bad))),
        String(bad),
      ).toBe('BAD_MESSAGE');
    }
    for (const notSeat of [null, 'seat', [], 3]) expect(code(() => readAwayForMs(notSeat))).toBe('BAD_MESSAGE');
  });
});

describe("the client's table", () => {
  const welcome = (extra: Partial<WelcomeMessage>): WelcomeMessage => ({
    type: 'welcome',
    v: 2,
    match: 'm',
    seat: 0,
    seq: 0,
    updates: [],
    view: null,
    ...extra,
  });

  it("takes the away time, and turns a seat's time away into since when by its own clock", () => {
    let now = 100_000;
    const errors: ClientError[] = [];
    const t = new TableState(
      () => undefined,
      () => now,
      (e) => errors.push(e),
    );
    expect(t.awayMs).toBeNull();
    t.welcome(welcome({ awayMs: 60_000, seats: [seat(null, true), seat(18_000)] }));
    expect(t.awayMs).toBe(60_000);
    expect(t.awaySince).toEqual([null, 82_000]);
    // The same absence told again a little later, with the trip's noise: the first estimate stays.
    now = 105_000;
    t.receive({ type: 'seats', seats: [seat(null, true), seat(22_600)] });
    expect(t.awaySince).toEqual([null, 82_000]);
    // Back, then away again: a new start.
    t.receive({ type: 'seats', seats: [seat(null, true), seat(null, true)] });
    expect(t.awaySince).toEqual([null, null]);
    now = 200_000;
    t.receive({ type: 'seats', seats: [seat(null, true), seat(1000)] });
    expect(t.awaySince).toEqual([null, 199_000]);
    expect(errors).toEqual([]);
  });

  it('an older host says nothing: no away time, nobody away by its word', () => {
    const t = new TableState(() => undefined);
    const { awayForMs: _, ...old } = seat(null);
    t.welcome(welcome({ seats: [old] }));
    expect(t.awayMs).toBeNull();
    expect(t.awaySince).toEqual([null]);
  });

  it('a malformed field is reported as BAD_MESSAGE and taken as not said', () => {
    const errors: ClientError[] = [];
    const t = new TableState(
      () => undefined,
      () => 1000,
      (e) => errors.push(e),
    );
    t.welcome(welcome({ awayMs: -3 as number, seats: [seat('soon'), seat(500)] }));
    expect(t.awayMs).toBeNull();
    expect(t.awaySince).toEqual([null, 500]);
    expect(errors.map((e) => [e.name, e.code])).toEqual([
      ['ClientError', 'BAD_MESSAGE'],
      ['ClientError', 'BAD_MESSAGE'],
    ]);
    expect(errors[0]?.message).toContain('awayMs');
    expect(errors[1]?.message).toContain('awayForMs');
  });
});
