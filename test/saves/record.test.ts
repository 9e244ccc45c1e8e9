/**
 * Game records (`makeRecord`, `checkRecord`, `replayRecord`) and the plain-object save form
 * (`toSave`, `fromSave`): a record rebuilds its game exactly (RULES S5), and untrusted records
 * are refused with `INVALID_RECORD` naming the field.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../src/index.js';
import {
  checkRecord,
  createGame,
  deserialize,
  fromSave,
  MAX_RECORD_LENGTH,
  makeRecord,
  maxGameLength,
  RECORD_FORMAT,
  RECORD_VERSION,
  replay,
  replayRecord,
  serialize,
  toSave,
} from '../../src/index.js';
import { rejection } from '../helpers/errors.js';
import { playGame, testRandom } from '../helpers/hidden.js';

const options = { players: 4, seed: 'record-1' } as const;
const actions = playGame(options, testRandom(1));
const finalState = replay(options, actions);

/** The message `checkRecord` refuses `input` with (and checks the code). */
function refused(input: unknown): string {
  const e = rejection(() => checkRecord(input));
  expect(e.code).toBe('INVALID_RECORD');
  return e.message;
}

/** A record as plain data, changed by `change`. */
function changed(change: (r: Record<string, unknown>) => void): Record<string, unknown> {
  const r = JSON.parse(JSON.stringify(makeRecord(options, actions))) as Record<string, unknown>;
  change(r);
  return r;
}

describe('a game record', () => {
  it('S5: replays to the very state of the live game, through JSON, with names and metadata kept', () => {
    const record = makeRecord(options, actions, {
      names: ['Ann', 'Bo', 'Cy', 'bot'],
      meta: { club: 'Lviv', round: 2, rated: true, note: null },
    });
    expect(record.format).toBe(RECORD_FORMAT);
    expect(record.version).toBe(RECORD_VERSION);
    expect(record.options).toEqual({
      players: 4,
      seed: 'record-1',
      variants: { payment: 'gold-or-discard', secondaryTitle: 'half', middle: 'advisor-keeps-last' },
    });
    const again = checkRecord(JSON.stringify(record));
    expect(again).toEqual(record);
    expect(replayRecord(JSON.parse(JSON.stringify(record)))).toEqual(finalState);
    expect(replayRecord(record).moveCount).toBe(actions.length);
  });

  it('V3: a stored record whose variants lack middle (written before V3) replays the retail middle; makeRecord keeps the default', () => {
    const retail = { players: 3 as const, seed: 'old-record', variants: { middle: 'one-per-opponent' as const } };
    const acts = playGame(retail, testRandom(5));
    const old = JSON.parse(JSON.stringify(makeRecord(retail, acts))) as { options: { variants: Record<string, unknown> } };
    expect(old.options.variants.middle).toBe('one-per-opponent');
    delete old.options.variants.middle;
    const read = checkRecord(JSON.stringify(old));
    expect(read.options.variants.middle).toBe('one-per-opponent');
    expect(replayRecord(old)).toEqual(replay(retail, acts));
    // A live game's partial variants take the defaults, the middle included.
    const live = makeRecord({ players: 3, seed: 1, variants: { payment: 'by-lot', secondaryTitle: 'half' } }, []);
    expect(live.options.variants.middle).toBe('advisor-keeps-last');
  });

  it('S4, S5: keeps firstPlayer only when it was given (an absent one is drawn from the seed)', () => {
    for (const firstPlayer of [undefined, 0, 2] as const) {
      const o = firstPlayer === undefined ? { players: 3 as const, seed: 9 } : { players: 3 as const, seed: 9, firstPlayer };
      const acts = playGame(o, testRandom(3));
      const r = checkRecord(JSON.stringify(makeRecord(o, acts)));
      expect('firstPlayer' in r.options).toBe(firstPlayer !== undefined);
      expect(replayRecord(r)).toEqual(replay(o, acts));
    }
  });

  it('a record of a game in progress replays to where it stands; onStep sees every action', () => {
    const part = actions.slice(0, 40);
    const seen: number[] = [];
    const s = replayRecord(makeRecord(options, part), (i) => seen.push(i));
    expect(s).toEqual(replay(options, part));
    expect(seen).toEqual(part.map((_, i) => i));
  });

  it('shares nothing with its input: later changes to the input do not reach the record', () => {
    const input = JSON.parse(JSON.stringify(makeRecord(options, actions.slice(0, 5), { names: ['a', 'b', 'c', 'd'], meta: { k: 1 } }))) as {
      actions: { player: number }[];
      names: string[];
      meta: Record<string, unknown>;
    };
    const r = checkRecord(input);
    (input.actions[0] as { player: number }).player = 3;
    input.names[0] = 'x';
    input.meta.k = 2;
    expect(r.actions[0]?.player).not.toBe(3);
    expect(r.names?.[0]).toBe('a');
    expect(r.meta?.k).toBe(1);
  });

  it('makeRecord refuses options without a seed or that createGame refuses', () => {
    expect(rejection(() => makeRecord({ players: 4 }, [])).message).toBe('record.options: lacks the key "seed"');
    expect(rejection(() => makeRecord({ players: 6 as 4, seed: 1 }, [])).message).toMatch(/^record\.options: players must be 2, 3, 4 or 5/);
    expect(rejection(() => makeRecord(options, [], { names: ['a'] })).message).toBe('record.names: must hold one name per seat (4), got 1');
  });
});

describe('checkRecord refuses what is not a record, naming the field', () => {
  it('text that is not JSON, too long, or not an object', () => {
    expect(refused('{')).toMatch(/^record: is not valid JSON/);
    expect(refused(' '.repeat(MAX_RECORD_LENGTH + 1))).toBe(`record: is longer than ${MAX_RECORD_LENGTH} characters`);
    expect(refused([])).toBe('record: must be an object, got []');
    expect(refused(null)).toBe('record: must be an object, got null');
    expect(refused(new (class Fancy {})())).toBe('record: must be a plain object');
  });

  it('the format, the version, unknown, missing and forbidden keys', () => {
    expect(refused(changed((r) => (r.format = 'for-the-king-and-me/save')))).toBe(
      'record.format: must be "for-the-king-and-me/record", got "for-the-king-and-me/save"',
    );
    expect(refused(changed((r) => (r.version = 2)))).toBe('record.version: this library reads version 1, got 2');
    expect(refused(changed((r) => (r.state = {})))).toMatch(/^record: has an unknown key "state"/);
    expect(refused(changed((r) => delete r.actions))).toBe('record: lacks the key "actions"');
    expect(refused(JSON.stringify(makeRecord(options, [])).replace('{"format"', '{"__proto__":{"x":1},"format"'))).toBe(
      'record: has a forbidden key "__proto__"',
    );
  });

  it('options: no seed, a bad player count, an unknown variant', () => {
    expect(refused(changed((r) => delete (r.options as Record<string, unknown>).seed))).toBe('record.options: lacks the key "seed"');
    expect(refused(changed((r) => ((r.options as Record<string, unknown>).players = 7)))).toMatch(/^record\.options: players must be/);
    expect(refused(changed((r) => ((r.options as Record<string, unknown>).variants = { payment: 'cash' })))).toMatch(
      /^record\.options: variants\.payment must be/,
    );
    expect(refused(changed((r) => ((r.options as Record<string, unknown>).rounds = 3)))).toMatch(
      /^record\.options: has an unknown key "rounds"/,
    );
  });

  it('actions: not an array, a malformed action (by position), more than any game can take', () => {
    expect(refused(changed((r) => (r.actions = {})))).toBe('record.actions: must be an array of actions, got {}');
    expect(refused(changed((r) => ((r.actions as unknown[])[12] = { type: 'bid', player: 1, amount: 4.5 })))).toMatch(
      /^record\.actions\[12\]: a bid action needs an integer "amount"/,
    );
    const most = maxGameLength({ players: 2 });
    const long = {
      format: RECORD_FORMAT,
      version: 1,
      options: { players: 2, seed: 1 },
      actions: new Array(most + 1).fill({ type: 'pass', player: 0 }),
    };
    expect(refused(long)).toBe(`record.actions: has ${most + 1} actions, more than any game with 2 players can take (${most})`);
  });

  it('names and metadata', () => {
    expect(refused(changed((r) => (r.names = ['a', 'b', 'c', 7])))).toBe(
      'record.names[3]: must be a string of at most 100 characters, got 7',
    );
    expect(refused(changed((r) => (r.names = 'abcd')))).toMatch(/^record\.names: must be an array of 4 strings/);
    expect(refused(changed((r) => (r.meta = { deep: { x: 1 } })))).toMatch(/^record\.meta\.deep: must be a string/);
    expect(refused(changed((r) => (r.meta = { n: Number.POSITIVE_INFINITY })))).toMatch(/^record\.meta\.n: must be a string/);
    expect(refused(changed((r) => (r.meta = { s: 'x'.repeat(1001) })))).toMatch(/^record\.meta\.s: must be a string \(at most 1000/);
    const many: Record<string, number> = {};
    for (let i = 0; i < 65; i++) many[`k${i}`] = i;
    expect(refused(changed((r) => (r.meta = many)))).toBe('record.meta: has 65 keys, at most 64');
    expect(refused(changed((r) => (r.meta = [])))).toMatch(/^record\.meta: must be an object/);
  });
});

describe('replayRecord', () => {
  it('refuses an illegal action with the rules code and its position', () => {
    const bad = changed((r) => {
      const list = r.actions as Action[];
      const a = list[3] as Action;
      list[3] = { ...a, player: (a.player + 1) % 4 } as Action;
    });
    const e = rejection(() => replayRecord(bad));
    expect(e.code).toBe('NOT_YOUR_TURN');
    expect(e.message).toMatch(/^action 3: /);
  });

  it('refuses a malformed record with INVALID_RECORD before replaying anything', () => {
    expect(rejection(() => replayRecord({ format: RECORD_FORMAT })).code).toBe('INVALID_RECORD');
  });
});

describe('the plain-object save form', () => {
  const states: GameState[] = [];
  replay(options, actions, (i, _a, s) => {
    if (i % 37 === 0) states.push(s);
  });

  it('toSave is serialize before JSON; fromSave reads it back exactly and shares nothing with it', () => {
    for (const s of [createGame(options), ...states, finalState]) {
      const save = toSave(s);
      expect(JSON.stringify(save)).toBe(serialize(s));
      const loaded = fromSave(save);
      expect(loaded).toEqual(s);
      expect(fromSave(JSON.parse(serialize(s)))).toEqual(deserialize(serialize(s)));
      (save.state.hands[0] as string[]).length = 0;
      expect(loaded.hands[0]).toEqual(s.hands[0]);
    }
  });

  it('toSave shares no array with the state: a caller may change its save freely', () => {
    for (const s of [createGame(options), ...states, finalState]) {
      const text = serialize(s);
      const save = toSave(s);
      // Every list of the save, nested ones included, is the caller's own.
      const lists: unknown[][] = [];
      for (const v of Object.values(save.state)) {
        if (!Array.isArray(v)) continue;
        lists.push(v);
        for (const row of v) if (Array.isArray(row)) lists.push(row);
      }
      expect(lists.length).toBeGreaterThanOrEqual(13);
      for (const list of lists) {
        list.length = 0;
        list.push(99);
      }
      expect(serialize(s)).toBe(text);
    }
  });

  it('fromSave refuses what deserialize refuses, with the same message', () => {
    const save = JSON.parse(serialize(finalState)) as { state: Record<string, unknown> };
    save.state.moveCount = 0;
    const e = rejection(() => fromSave(save));
    expect(e.code).toBe('INVALID_SAVE');
    expect(e.message).toBe(rejection(() => deserialize(JSON.stringify(save))).message);
    expect(rejection(() => fromSave('{}')).message).toMatch(/^save: must be an object/);
  });

  it('a record is not a save and a save is not a record', () => {
    expect(rejection(() => fromSave(makeRecord(options, []))).code).toBe('INVALID_SAVE');
    expect(refused(toSave(finalState))).toMatch(/^record: has an unknown key "state"|^record\.format/);
  });
});

describe('a record at its limits, and read once', () => {
  const limit = { name: 100, metaKeys: 64, metaString: 1000 };

  it('every limit is inclusive: at the limit is accepted, one over is refused, by name', () => {
    const names = (first: string) => ({ names: [first, 'b', 'c', 'd'] });
    expect(makeRecord(options, [], names('n'.repeat(limit.name))).names?.[0]).toHaveLength(limit.name);
    expect(rejection(() => makeRecord(options, [], names('n'.repeat(limit.name + 1)))).message).toBe(
      `record.names[0]: must be a string of at most 100 characters, got "${'n'.repeat(36)}...`,
    );
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(makeRecord(options, [], { meta: keys(limit.metaKeys) }).meta ?? {})).toHaveLength(limit.metaKeys);
    expect(rejection(() => makeRecord(options, [], { meta: keys(limit.metaKeys + 1) })).message).toBe(
      'record.meta: has 65 keys, at most 64',
    );
    const longKey = (n: number) => ({ meta: { ['k'.repeat(n)]: 1 } });
    expect(Object.keys(makeRecord(options, [], longKey(limit.name)).meta ?? {})).toEqual(['k'.repeat(limit.name)]);
    const e = rejection(() => makeRecord(options, [], longKey(limit.name + 1)));
    expect([e.code, e.message]).toEqual(['INVALID_RECORD', 'record.meta: has a key longer than 100 characters']);
    expect(makeRecord(options, [], { meta: { s: 's'.repeat(limit.metaString) } }).meta?.s).toHaveLength(limit.metaString);
    expect(refused(changed((r) => (r.meta = { s: 's'.repeat(limit.metaString + 1) })))).toMatch(
      /^record\.meta\.s: must be a string \(at most 1000/,
    );
    // The longest text: exactly MAX_RECORD_LENGTH characters (JSON allows any whitespace around).
    const text = JSON.stringify(makeRecord(options, actions));
    expect(checkRecord(text.padEnd(MAX_RECORD_LENGTH, ' ')).actions).toHaveLength(actions.length);
    expect(refused(text.padEnd(MAX_RECORD_LENGTH + 1, ' '))).toBe(`record: is longer than ${MAX_RECORD_LENGTH} characters`);
    const most = maxGameLength(options);
    expect(refused(changed((r) => (r.actions = new Array(most + 1).fill({ type: 'pass', player: 0 }))))).toMatch(/^record\.actions: has /);
    expect(checkRecord(changed((r) => (r.actions = new Array(most).fill({ type: 'pass', player: 0 })))).actions).toHaveLength(most);
  });

  it('metadata values: only strings, finite numbers, booleans and null; -0 is stored as 0; every key is an own, listed key', () => {
    for (const value of [[], { length: 3 }, () => 1, Number.NaN, undefined]) {
      expect(refused(changed((r) => (r.meta = { v: value })))).toMatch(/^record\.meta\.v: must be a string/);
    }
    const meta = checkRecord(changed((r) => (r.meta = { zero: -0, n: 2.5, t: true, z: null, s: '' }))).meta ?? {};
    expect(Object.is(meta.zero, 0)).toBe(true);
    expect(Object.keys(meta)).toEqual(['zero', 'n', 't', 'z', 's']);
    expect(JSON.parse(JSON.stringify(meta))).toEqual({ zero: 0, n: 2.5, t: true, z: null, s: '' });
    // The record is the caller's own: its metadata can be changed like any plain object's.
    (meta as Record<string, unknown>).n = 3;
    expect(meta.n).toBe(3);
  });

  it('a record without names or metadata has no such keys at all', () => {
    const r = checkRecord(changed(() => {}));
    expect(Object.keys(r)).toEqual(['format', 'version', 'options', 'actions']);
    expect(Object.keys(makeRecord(options, actions))).toEqual(['format', 'version', 'options', 'actions']);
  });

  it('objects: plain or prototype-less; functions and numbers are not objects; forbidden and unknown keys are named', () => {
    const plain = changed(() => {});
    expect(checkRecord(Object.assign(Object.create(null) as object, plain)).actions).toHaveLength(actions.length);
    expect(refused(() => 1)).toBe('record: must be an object, got a function');
    expect(refused(Object.assign(Object.create({ x: 1 }) as object, plain))).toBe('record: must be a plain object');
    for (const key of ['constructor', 'prototype', '__proto__']) {
      const text = JSON.stringify(plain).replace('{', `{"${key}":{},`);
      expect(refused(text)).toBe(`record: has a forbidden key "${key}"`);
    }
    expect(refused(changed((r) => (r.x = 1)))).toBe(
      'record: has an unknown key "x" (expected format, version, options, actions, names, meta)',
    );
    expect(refused(changed((r) => (r.options = 3)))).toBe('record.options: must be an object, got 3');
    expect(rejection(() => makeRecord(options, [], 5 as never)).message).toBe('extras: must be an object, got 5');
    expect(rejection(() => makeRecord(options, [], { x: 1 } as never)).message).toBe(
      'extras: has an unknown key "x" (expected names, meta)',
    );
  });

  it('V3: stored variants without `middle` are the retail middle only when written in full before V3', () => {
    const variants = (v: unknown) => checkRecord(changed((r) => ((r.options as Record<string, unknown>).variants = v))).options.variants;
    expect(variants({ payment: 'gold-or-discard', secondaryTitle: 'half' }).middle).toBe('one-per-opponent');
    expect(variants({ payment: 'by-lot' }).middle).toBe('advisor-keeps-last');
    expect(variants({ secondaryTitle: 'tile' }).middle).toBe('advisor-keeps-last');
    expect(variants({ payment: 'by-lot', secondaryTitle: 'tile', middle: 'advisor-keeps-last' }).middle).toBe('advisor-keeps-last');
    for (const bad of [null, 'x', 3]) {
      expect(refused(changed((r) => ((r.options as Record<string, unknown>).variants = bad)))).toMatch(/^record\.options: /);
    }
  });

  it('lists are read once: a proxy whose length changes after the first read cannot add entries', () => {
    const growing = <T>(list: T[], later: number): T[] => {
      let reads = 0;
      return new Proxy(list, {
        get(target, key, receiver) {
          if (key === 'length') return reads++ === 0 ? target.length : later;
          return Reflect.get(target, key, receiver);
        },
      });
    };
    const record = makeRecord(options, growing(actions.slice(0, 3), 5), { names: growing(['a', 'b', 'c', 'd'], 6) });
    expect(record.actions).toEqual(actions.slice(0, 3));
    expect(record.names).toEqual(['a', 'b', 'c', 'd']);
  });
});

/** `x` with its field `key` made a getter: the real value on the first read, `later` after. */
function twoFaced<T extends object>(x: T, key: string, later: unknown): { value: T; reads: () => number } {
  const real = (x as Record<string, unknown>)[key];
  let reads = 0;
  Object.defineProperty(x, key, {
    enumerable: true,
    get() {
      reads++;
      return reads === 1 ? real : later;
    },
  });
  return { value: x, reads: () => reads };
}

/** `x` with its field `key` made a getter that throws. */
function throwing<T extends object>(x: T, key: string): T {
  return Object.defineProperty({ ...x }, key, {
    enumerable: true,
    get() {
      throw new Error('boom');
    },
  });
}

describe('fromSave reads each field once', () => {
  const save = () => JSON.parse(serialize(finalState)) as { version: number; state: Record<string, unknown> };

  it('a field that answers one value to the check and another later loads with the value checked, or is refused', () => {
    const rng = save();
    const r = twoFaced(rng.state, 'rng', ['a', 'b', 'c', 'd']);
    expect(fromSave(rng).rng).toEqual(finalState.rng);
    expect(r.reads()).toBe(1);

    const pay = save();
    pay.state.variants = { ...(pay.state.variants as object) };
    const p = twoFaced(pay.state.variants as object, 'payment', 'bogus');
    expect(fromSave(pay).variants).toEqual(finalState.variants);
    expect(p.reads()).toBe(1);

    const version = save();
    const v = twoFaced(version, 'version', 1);
    expect(fromSave(version)).toEqual(finalState);
    expect(v.reads()).toBe(1);
  });

  it('a proxy over the generator words is read once per word: what is checked is what is loaded', () => {
    const s = save();
    const words = s.state.rng as number[];
    let reads = 0;
    s.state.rng = new Proxy(words, {
      get(t, k, r) {
        if (typeof k === 'string' && /^\d+$/.test(k) && ++reads > 4) return 'x';
        return Reflect.get(t, k, r);
      },
    });
    const loaded = fromSave(s);
    expect(loaded.rng).toEqual(finalState.rng);
    expect(deserialize(serialize(loaded))).toEqual(loaded);
  });
});

describe('a getter or proxy trap that throws is refused with a RulesError, never a plain error', () => {
  const record = makeRecord(options, actions.slice(0, 3));
  const save = toSave(finalState);
  const throwsOnRead = new Proxy(
    {},
    {
      getPrototypeOf() {
        throw new Error('boom');
      },
      ownKeys() {
        throw new Error('boom');
      },
    },
  );

  it('fromSave: INVALID_SAVE', () => {
    expect(rejection(() => fromSave(throwing(save, 'state'))).code).toBe('INVALID_SAVE');
    expect(rejection(() => fromSave({ ...save, state: throwing(save.state, 'deck') })).code).toBe('INVALID_SAVE');
    expect(rejection(() => fromSave(throwsOnRead)).code).toBe('INVALID_SAVE');
  });

  it('checkRecord and makeRecord: INVALID_RECORD', () => {
    expect(refused(throwing(record, 'options'))).toMatch(/could not be read/);
    expect(refused({ ...record, options: throwing(record.options, 'seed') })).toMatch(/could not be read/);
    expect(refused(throwsOnRead)).toMatch(/could not be read/);
    const actionsThrow = new Proxy([], {
      get() {
        throw new Error('boom');
      },
    });
    expect(refused({ ...record, actions: actionsThrow })).toMatch(/could not be read/);
    expect(rejection(() => makeRecord(throwing({ players: 3, seed: 1 }, 'players') as never, [])).code).toBe('INVALID_RECORD');
    expect(rejection(() => makeRecord(options, [], throwing({ names: ['a', 'b', 'c', 'd'] }, 'names'))).code).toBe('INVALID_RECORD');
  });
});
