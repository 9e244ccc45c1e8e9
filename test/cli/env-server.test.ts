/**
 * `for-the-king env-server`: the JSON-lines protocol (answers, errors that leave the game as it
 * was, both encodings), and the real program over pipes.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EnvSession, MAX_REQUEST } from '../../src/cli/env-server.js';
import { run } from '../../src/cli/run.js';
import { ACTION_COUNT, createEnv, OBSERVATION_SIZE } from '../../src/env/index.js';
import { fakeIo, hugeLineInput } from './io.js';

const main = new URL('../../src/cli/main.ts', import.meta.url).pathname;

function ask(session: EnvSession, request: unknown): Record<string, unknown> {
  return JSON.parse(session.handle(typeof request === 'string' ? request : JSON.stringify(request)));
}

const floats = (b64: unknown): number[] => Array.from(new Float32Array(new Uint8Array(Buffer.from(b64 as string, 'base64')).buffer));
const bytes = (b64: unknown): number[] => Array.from(Buffer.from(b64 as string, 'base64'));

describe('env-server protocol', () => {
  it('make, reset and step answer the same observations, masks and rewards as createEnv with the same seed', () => {
    const session = new EnvSession();
    const info = ask(session, { cmd: 'make', players: 3, id: 'm' });
    expect(info).toMatchObject({
      id: 'm',
      players: 3,
      observationSize: OBSERVATION_SIZE[3],
      actionCount: ACTION_COUNT,
      encoding: 'base64',
    });
    const env = createEnv({ players: 3, seed: 11 });
    let answer = ask(session, { cmd: 'reset', seed: 11, id: 1 });
    for (let t = 0; !env.done; t++) {
      const { observation, mask } = env.last();
      expect(answer).toMatchObject({ id: t === 0 ? 1 : t, agent: env.agentSelection, done: false, steps: t });
      expect(floats(answer.observation)).toEqual(Array.from(observation));
      expect(bytes(answer.mask)).toEqual(Array.from(mask));
      const legal = [...mask.keys()].filter((i) => mask[i] === 1);
      const action = legal[t % legal.length] as number;
      env.step(action);
      answer = ask(session, { cmd: 'step', action, id: t + 1 });
    }
    expect(answer).toMatchObject({
      agent: null,
      done: true,
      rewards: env.rewards,
      points: env.score().points,
      winners: env.score().winners,
    });
  });

  it('json encoding sends arrays of numbers; observe, action, score and state answer', () => {
    const session = new EnvSession();
    ask(session, { cmd: 'make', players: 2, encoding: 'json', reward: 'points' });
    const first = ask(session, { cmd: 'reset', seed: 'x' });
    const env = createEnv({ players: 2, seed: 'x' });
    expect(first.observation).toEqual(Array.from(env.last().observation));
    const other = ask(session, { cmd: 'observe', agent: 1 - (first.agent as number) });
    expect((other.mask as number[]).every((x) => x === 0)).toBe(true);
    const legal = (first.mask as number[]).indexOf(1);
    expect(ask(session, { cmd: 'action', action: legal })).toEqual({ action: env.actionOf(legal) });
    expect(ask(session, { cmd: 'score' }).score).toEqual(env.score());
    expect(ask(session, { cmd: 'state' }).state).toEqual(JSON.parse(JSON.stringify(env.state)));
  });

  it('bad requests get an error answer with a code and leave the game as it was', () => {
    const session = new EnvSession();
    expect(ask(session, { cmd: 'reset' })).toEqual({ error: { code: 'NO_ENV', message: expect.stringMatching(/make/) } });
    expect(ask(session, { cmd: 'make', players: 7 }).error).toMatchObject({ code: 'INVALID_OPTIONS' });
    ask(session, { cmd: 'make', players: 4, encoding: 'json' });
    const start = ask(session, { cmd: 'reset', seed: 2, id: 5 });
    const state = ask(session, { cmd: 'state' }).state;
    const illegal = (start.mask as number[]).indexOf(0);
    const refused = expect.stringMatching(/^(ILLEGAL_ACTION|WRONG_STEP)$/);
    const cases: [unknown, unknown][] = [
      ['not json', 'BAD_REQUEST'],
      ['[1,2]', 'BAD_REQUEST'],
      [{ cmd: 'dance' }, 'BAD_REQUEST'],
      [{ cmd: 'step' }, 'BAD_REQUEST'],
      [{ cmd: 'step', action: '3' }, 'BAD_REQUEST'],
      [{ cmd: 'step', action: 1.5 }, 'BAD_REQUEST'],
      [{ cmd: 'step', action: -1 }, 'MALFORMED_ACTION'],
      [{ cmd: 'step', action: illegal }, refused],
      [{ cmd: 'observe', agent: 9 }, 'MALFORMED_ACTION'],
      [{ cmd: 'reset', seed: { a: 1 } }, 'BAD_REQUEST'],
      [{ cmd: 'make', players: 4, encoding: 'xml' }, 'BAD_REQUEST'],
      [{ cmd: 'make', players: 4, reward: 'gold' }, 'INVALID_OPTIONS'],
      [{ cmd: 'make', players: 4, bots: 'heuristic' }, 'BAD_REQUEST'],
      [{ cmd: 'make', players: 4, bots: [5, null, null, null] }, 'BAD_REQUEST'],
      [{ cmd: 'make', players: 4, bots: [null, 'alphazero', null, null] }, 'INVALID_OPTIONS'],
      [`{"cmd":"step","pad":"${'x'.repeat(MAX_REQUEST)}"}`, 'BAD_REQUEST'],
    ];
    for (const [request, code] of cases) {
      const a = ask(session, request);
      expect(a.error, JSON.stringify(request).slice(0, 60)).toMatchObject({ code });
    }
    expect(ask(session, { cmd: 'state' }).state).toEqual(state);
    expect(ask(session, { cmd: 'step', action: 7, id: 'e' })).toMatchObject({ id: 'e', error: { code: refused } });
  });

  it('refuses a key no command takes (a misspelt "seed") with BAD_REQUEST naming it and the keys taken, and changes nothing', () => {
    const session = new EnvSession();
    expect(ask(session, { cmd: 'make', players: 3, sed: 1 }).error).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^unknown make option "sed": expected .*players.*seed/),
    });
    expect(ask(session, { cmd: 'reset' }).error).toMatchObject({ code: 'NO_ENV' }); // no environment was made
    ask(session, { cmd: 'make', players: 3, seed: 1, encoding: 'json', id: 1 });
    const start = ask(session, { cmd: 'reset', seed: 4 });
    ask(session, { cmd: 'clone' });
    const state = ask(session, { cmd: 'state' }).state;
    expect(ask(session, { cmd: 'reset', seeds: 1, id: 'r' })).toEqual({
      id: 'r',
      error: { code: 'BAD_REQUEST', message: expect.stringMatching(/^unknown reset option "seeds": expected .*seed/) },
    });
    const legal = (start.mask as number[]).indexOf(1);
    const requests = [
      { cmd: 'make', players: 3 },
      { cmd: 'reset' },
      { cmd: 'step', action: legal },
      { cmd: 'observe', agent: 0 },
      { cmd: 'infoState', agent: 0 },
      { cmd: 'globalState', agent: 0 },
      { cmd: 'action', action: legal },
      { cmd: 'score' },
      { cmd: 'state' },
      { cmd: 'clone' },
      { cmd: 'restore', from: 1 },
      { cmd: 'load', save: state },
      { cmd: 'drop', env: 1 },
      { cmd: 'close' },
    ];
    for (const request of requests) {
      const a = ask(session, { ...request, env: 0, id: 'x', zzz: true });
      expect(a, request.cmd).toEqual({
        id: 'x',
        error: { code: 'BAD_REQUEST', message: expect.stringContaining(`${request.cmd} option "zzz"`) },
      });
    }
    expect(session.closed).toBe(false);
    expect(ask(session, { cmd: 'state' }).state).toEqual(state);
    expect(ask(session, { cmd: 'state', env: 1 }).state).toEqual(state);
    expect(ask(session, { cmd: 'step', action: legal })).toMatchObject({ steps: 1 });
  });
});

describe('env-server protocol: clones, loads, information and global states, every seat', () => {
  it('clone gives a new environment id that plays on independently; restore brings a position back; drop forgets it', () => {
    const session = new EnvSession();
    ask(session, { cmd: 'make', players: 3, infoState: true, encoding: 'json' });
    const start = ask(session, { cmd: 'reset', seed: 5 });
    const cloned = ask(session, { cmd: 'clone' }) as { env: number };
    expect(cloned.env).toBe(1);
    const legal = (start.mask as number[]).indexOf(1);
    const moved = ask(session, { cmd: 'step', action: legal });
    expect(moved.steps).toBe(1);
    expect(ask(session, { cmd: 'state', env: 1 }).state).not.toEqual(ask(session, { cmd: 'state' }).state);
    const back = ask(session, { cmd: 'restore', from: 1 });
    expect(back).toMatchObject({ steps: 0, agent: start.agent, observation: start.observation });
    expect(ask(session, { cmd: 'state', env: 1 }).state).toEqual(ask(session, { cmd: 'state' }).state);
    const tokens = ask(session, { cmd: 'infoState', agent: 0 }).infoState as number[];
    const env = createEnv({ players: 3, seed: 5, infoState: true });
    expect(tokens).toEqual(Array.from(env.infoState(0)));
    expect(ask(session, { cmd: 'globalState', agent: 2 }).globalState).toEqual(Array.from(env.globalState(2)));
    expect(ask(session, { cmd: 'drop', env: 1 })).toEqual({ ok: true });
    expect(ask(session, { cmd: 'state', env: 1 }).error).toMatchObject({ code: 'NO_ENV' });
    expect(ask(session, { cmd: 'drop', env: 0 }).error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(ask(session, { cmd: 'restore', from: 7 }).error).toMatchObject({ code: 'NO_ENV' });
  });

  it('a refused request changes nothing: restore and load check every field first, reset refuses a seed JSON makes Infinity', () => {
    const session = new EnvSession();
    ask(session, { cmd: 'make', players: 3, encoding: 'json' });
    const start = ask(session, { cmd: 'reset', seed: 5 });
    ask(session, { cmd: 'clone' });
    ask(session, { cmd: 'step', action: (start.mask as number[]).indexOf(1) });
    const moved = ask(session, { cmd: 'state' }).state;
    expect(ask(session, { cmd: 'restore', from: 1, seats: 'everyone' }).error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(ask(session, { cmd: 'state' }).state).toEqual(moved);
    const other = createEnv({ players: 3, seed: 9 }).state;
    expect(ask(session, { cmd: 'load', save: JSON.parse(JSON.stringify(other)), seats: 7 }).error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(ask(session, { cmd: 'state' }).state).toEqual(moved);
    // 1e400 parses to Infinity: refused, and the run goes on from seed 5.
    expect(ask(session, '{"cmd":"reset","seed":1e400}').error).toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(ask(session, { cmd: 'state' }).state).toEqual(moved);
    ask(session, { cmd: 'reset' });
    expect((ask(session, { cmd: 'state' }).state as { seed: unknown }).seed).toBe('5/1');
  });

  it('load continues from a state or a save (privileged); seats "all" sends every seat’s observation and mask', () => {
    const session = new EnvSession();
    ask(session, { cmd: 'make', players: 2, encoding: 'json' });
    const env = createEnv({ players: 2, seed: 8 });
    for (let k = 0; k < 10; k++) env.step(env.last().mask.indexOf(1));
    const loaded = ask(session, { cmd: 'load', save: JSON.parse(JSON.stringify(env.state)), seats: 'all' });
    expect(loaded).toMatchObject({ agent: env.agentSelection, steps: 0 });
    expect(loaded.observations).toEqual(env.agents.map((p) => Array.from(env.observe(p).observation)));
    expect(loaded.masks).toEqual(env.agents.map((p) => Array.from(env.observe(p).mask)));
    expect(ask(session, { cmd: 'load', save: { players: 2 } }).error).toMatchObject({ code: 'INVALID_SAVE' });
    expect(ask(session, { cmd: 'reset', seats: 'some' }).error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(ask(session, { cmd: 'infoState', agent: 0 }).error).toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(ask(session, { cmd: 'make', players: 2, bots: ['heuristic', 'heuristic'] }).error).toMatchObject({ code: 'INVALID_OPTIONS' });
    const withBot = ask(session, { cmd: 'make', players: 2, bots: [null, 'random'], encoding: 'json' });
    expect(withBot.players).toBe(2);
    expect(ask(session, { cmd: 'reset', seed: 1 }).agent).toBe(0);
  });
});

describe('the env-server program', () => {
  it('answers one line per request over pipes and stops at close', () => {
    const input = [
      JSON.stringify({ cmd: 'reset', seed: 1 }),
      '',
      JSON.stringify({ cmd: 'step', action: 0 }),
      JSON.stringify({ cmd: 'close' }),
      JSON.stringify({ cmd: 'reset' }),
    ].join('\n');
    const r = spawnSync(process.execPath, ['--import', 'tsx', main, 'env-server', '--players', '2', '--encoding', 'json'], {
      input,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ agent: expect.any(Number), done: false, steps: 0 });
    expect(lines[1]).toMatchObject({ steps: 1 });
    expect(lines[2]).toEqual({ ok: true });
  }, 60_000);

  it('rejects a bad --players with a usage error (exit 2)', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', main, 'env-server', '--players', '9'], {
      input: '',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--players must be a whole number from 2 to 5, got "9"/);
  }, 60_000);

  it('reads --players as a whole number in digits, as the other commands do', async () => {
    for (const players of ['0x4', '4.0', '4e0', ' 4', '4 ', '+4', '1']) {
      const io = fakeIo('{"cmd":"close"}\n');
      expect(await run(['env-server', '--players', players], io), players).toBe(2);
      expect(io.err()).toMatch(/--players must be a whole number from 2 to 5/);
      expect(io.out()).toBe('');
    }
    const io = fakeIo('{"cmd":"close"}\n');
    expect(await run(['env-server', '--players', '4'], io)).toBe(0);
    expect(io.out()).toBe('{"ok":true}\n');
  });

  it('answers a line longer than any string BAD_REQUEST without holding it, and serves the lines after it', async () => {
    const io = { ...fakeIo(), stdin: hugeLineInput('{"cmd":"reset","pad":"', '"}\n{"cmd":"reset","seed":1,"id":2}\n{"cmd":"close"}\n') };
    expect(await run(['env-server', '--players', '2', '--encoding', 'json'], io)).toBe(0);
    const answers = io
      .out()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(answers).toHaveLength(3);
    expect(answers[0]).toEqual({ error: { code: 'BAD_REQUEST', message: `a request is at most ${MAX_REQUEST} characters` } });
    expect(answers[1]).toMatchObject({ id: 2, done: false, steps: 0 });
    expect(answers[2]).toEqual({ ok: true });
  }, 60_000);
});
