import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/bots/index.js';
import { run } from '../../src/cli/run.js';
import { GAME_FILE_FORMAT, loadGame } from '../../src/cli/savefile.js';
import { printedJson } from '../../src/cli/simulate.js';
import type { Action } from '../../src/index.js';
import { apply, checkRecord, createGame, legalActions, makeRecord, RECORD_FORMAT, serialize, toSave } from '../../src/index.js';
import { fakeIo } from './io.js';

const dir = mkdtempSync(join(tmpdir(), 'ftk-cli-'));

describe('for-the-king simulate', () => {
  it('--json prints the simulation result', async () => {
    const io = fakeIo();
    const code = await run(['simulate', '--players', '2', '--bots', 'heuristic,random', '--games', '4', '--seed', '9', '--json'], io);
    expect(code).toBe(0);
    const result = JSON.parse(io.out()) as { games: number; bots: { id: string; wins: number }[] };
    expect(result.games).toBe(4);
    expect(result.bots.map((b) => b.id)).toEqual(['heuristic', 'random']);
    expect(io.err()).toBe(''); // no progress bar when stderr is not a terminal
  });

  it('--json rounds printed fractions to 6 decimals (no float noise), whole numbers as they are', async () => {
    const io = fakeIo();
    expect(await run(['simulate', '--players', '3', '--bots', 'random', '--games', '7', '--seed', '3', '--json'], io)).toBe(0);
    const fractions = [...io.out().matchAll(/-?\d+\.(\d+)/g)].map((m) => m[1] as string);
    expect(fractions.length).toBeGreaterThan(5);
    for (const f of fractions) expect(f.length).toBeLessThanOrEqual(6);
    const exact = await simulate({ players: 3, bots: ['random', 'random', 'random'], games: 7, seed: 3 });
    const printed = JSON.parse(io.out()) as typeof exact;
    expect(printed.length.mean).toBeCloseTo(exact.length.mean, 6);
    expect(printed.bots[0]?.wins).toBe(exact.bots[0]?.wins);
    expect(printedJson({ ...exact, length: { ...exact.length, mean: 25.45999999999999 } })).toContain('"mean": 25.46');
  });

  it('prints a summary table, with one bot id for every seat', async () => {
    const io = fakeIo();
    expect(await run(['simulate', '--players', '3', '--bots', 'random', '--games', '3'], io)).toBe(0);
    expect(io.out()).toMatch(/3 players · 3 games · seed 1/);
    expect(io.out()).toMatch(/win rate/);
    expect(io.out()).toMatch(/game length/);
  });

  it('draws a progress bar on a terminal', async () => {
    const io = fakeIo('', true);
    expect(await run(['simulate', '--players', '2', '--bots', 'random', '--games', '3'], io)).toBe(0);
    expect(io.err()).toMatch(/3\/3 100\.0%/);
    expect(io.err()).toMatch(/games\/s/);
  });
});

describe('bad options print one clear line and exit non-zero', () => {
  const plainFile = join(dir, 'plain-file.txt');
  writeFileSync(plainFile, 'not a folder');
  const cases: [string[], RegExp][] = [
    [['simulate', '--bots', 'alphago'], /unknown bot "alphago"/],
    [['simulate', '--players', '7'], /--players must be a whole number from 2 to 5, got "7"/],
    [['simulate', '--players', '3', '--bots', 'random,heuristic'], /--bots lists 2 bots for 3 players/],
    [['simulate', '--games'], /--games needs a value/],
    [['simulate', '--fast'], /unknown option --fast/],
    [['play', '--seat', '4', '--players', '4'], /--seat must be a whole number from 0 to 3/],
    [['play', '--load', join(dir, 'missing.json')], /cannot load .*missing\.json: no such file/],
    [['replay'], /replay needs a file/],
    [['dance'], /unknown command "dance"/],
    [['serve', '--expire-finished', '7'], /--expire-finished takes a time such as 90s, 30m, 12h or 7d \(from 1s to 3650d\), got "7"/],
    [['serve', '--expire-abandoned', '0s'], /--expire-abandoned takes a time/],
    [['serve', '--drop-records'], /--drop-records goes with --expire-finished or --expire-abandoned/],
    [['serve', '--away', '30'], /--away takes a time such as 90s, 30m, 12h or 7d \(from 1s to 3650d\), got "30"/],
    [['serve', '--matches-per-address', '0'], /--matches-per-address must be a whole number from 1 to 1000000, got "0"/],
    [['serve', '--match-every', '30'], /--match-every takes a time such as 90s, 30m, 12h or 7d \(from 1s to 3650d\), got "30"/],
    [['serve', '--bot-matches', 'many'], /--bot-matches must be a whole number from 1 to 100000, got "many"/],
    [
      ['serve', '--memory', '--expire-abandoned', '1d', '--kept-records', '-1'],
      /--kept-records must be a whole number from 0 to 1000000, got "-1"/,
    ],
    [
      ['serve', '--memory', '--expire-abandoned', '1d', '--kept-records', '1.5'],
      /--kept-records must be a whole number from 0 to 1000000, got "1.5"/,
    ],
    [
      ['serve', '--expire-abandoned', '1d', '--kept-records', '5'],
      /--kept-records goes with --memory \(the other stores keep every record\)/,
    ],
    [['serve', '--memory', '--kept-records', '5'], /--kept-records goes with --expire-finished or --expire-abandoned/],
    [
      ['serve', '--memory', '--expire-abandoned', '1d', '--drop-records', '--kept-records', '5'],
      /--kept-records and --drop-records exclude each other/,
    ],
    // An option given twice: one of the two values would be dropped unseen.
    [
      ['simulate', '--players', '2', '--games', '10', '--games', '3', '--json'],
      /^for-the-king: --games given twice \("10", then "3"\): give it once\n$/,
    ],
    [['serve', '--memory', '--port=1', '--port', '2', '--expire-finished', '7'], /--port given twice/],
    // More bots than seats: the last ones would never play.
    [
      ['watch', '--players', '2', '--bots', 'random,ismcts:5,net', '--seed', '1'],
      /^for-the-king: --bots lists 3 bots for 2 bot seats \(a shorter list repeats\)\n$/,
    ],
    [['play', '--players', '2', '--bots', 'random,random'], /--bots lists 2 bots for 1 bot seat \(/],
    // (--expire-finished 7 after it: were the argument taken, serve would stop there rather than start.)
    [['serve', '--memory', '9000', '--expire-finished', '7'], /^for-the-king: serve takes no arguments, got "9000"\n$/],
    // A folder that is not one: said in one line, not as a raw file-system error.
    [['merge', join(dir, 'no-such-folder')], /^for-the-king: cannot read .*no-such-folder: there is no such folder\n$/],
    [['merge', plainFile], /^for-the-king: cannot read .*plain-file\.txt: it is not a folder\n$/],
    [['serve', '--data', plainFile, '--port', '0'], /^for-the-king: --data: .*plain-file\.txt is not a folder\n$/],
    [
      ['serve', '--data', join(plainFile, 'sub'), '--port', '0'],
      /^for-the-king: cannot write to .*sub: .*plain-file\.txt is not a folder\n$/,
    ],
    // "--" ends the options: what follows is an argument, and "--" is none.
    [['replay', '--', '--all'], /^for-the-king: cannot load --all: no such file\n$/],
    [['watch', '--', '--players'], /^for-the-king: watch takes no arguments, got "--players"\n$/],
    [['help', 'dance'], /unknown command "dance"/],
  ];
  for (const [argv, message] of cases) {
    it(argv.join(' '), async () => {
      const io = fakeIo();
      const code = await run(argv, io);
      expect(code).toBe(2);
      expect(io.err()).toMatch(message);
      expect(io.err().trim().split('\n')).toHaveLength(1);
      expect(io.out()).toBe('');
    });
  }

  it('an unreadable save file', async () => {
    const file = join(dir, 'garbage.json');
    writeFileSync(file, '{"format":"something-else"}');
    const io = fakeIo();
    expect(await run(['replay', file], io)).toBe(2);
    expect(io.err()).toMatch(/cannot load .*garbage\.json: unknown format "something-else"/);
  });
});

describe('options are refused rather than taken empty, ignored or looked up on Object.prototype', () => {
  const saved = join(dir, 'to-load.json');
  writeFileSync(
    saved,
    JSON.stringify(makeRecord({ players: 3, seed: 5 }, [], { meta: { program: 'for-the-king', seats: 'human,random,random' } })),
  );
  const foreignBots = join(dir, 'foreign-bots.json');
  writeFileSync(
    foreignBots,
    JSON.stringify(makeRecord({ players: 3, seed: 5 }, [], { meta: { program: 'x', seats: 'human,alphazero,random' } })),
  );
  const oldBots = join(dir, 'old-bots.json');
  writeFileSync(
    oldBots,
    JSON.stringify({
      format: GAME_FILE_FORMAT,
      version: 1,
      options: { players: 2, seed: 5 },
      seat: null,
      seats: ['random', 'nope'],
      actions: [],
    }),
  );
  const cases: [string[], RegExp][] = [
    // An empty value is refused for every option that takes one (none means anything by it).
    // `serve` is given --port 70000 too: were the empty value taken, it would stop on the port
    // rather than start a host (or open a store in the working folder).
    [['serve', '--port', '70000', '--host='], /^for-the-king: --host needs a value, got an empty one\n$/],
    [['serve', '--port', '70000', '--host', ''], /--host needs a value, got an empty one/],
    [['serve', '--port', '70000', '--metrics-port', '0', '--metrics-host='], /--metrics-host needs a value, got an empty one/],
    [['serve', '--port', '70000', '--static', ''], /--static needs a value, got an empty one/],
    [['serve', '--port', '70000', '--data='], /--data needs a value, got an empty one/],
    [['serve', '--port', '70000', '--cors='], /--cors needs a value, got an empty one/],
    [['simulate', '--seed='], /--seed needs a value, got an empty one/],
    [['play', '--load', ''], /--load needs a value, got an empty one/],
    [['watch', '--save='], /--save needs a value, got an empty one/],
    // Names inherited from Object.prototype are unknown options.
    [['simulate', '--constructor', '5'], /unknown option --constructor for "simulate"/],
    [['simulate', '--toString', 'x'], /unknown option --toString for "simulate"/],
    [['simulate', '--__proto__', 'x'], /unknown option --__proto__ for "simulate"/],
    [['simulate', '--hasOwnProperty=1'], /unknown option --hasOwnProperty for "simulate"/],
    [['watch', '--valueOf'], /unknown option --valueOf for "watch"/],
    // Combinations that would be accepted and then have no effect.
    [['play', '--load', saved, '--players', '5'], /--load takes the players and the seed from the saved game: drop --players\n$/],
    [['play', '--load', saved, '--seed', '999'], /--load takes the players and the seed from the saved game: drop --seed\n$/],
    [['simulate', '--games', '4', '--shard', '0/2', '--out', join(dir, 'never'), '--json'], /--json goes without --shard/],
    // (--expire-finished 7 is refused after it: were --static-max-age taken, serve would stop there.)
    [['serve', '--memory', '--static-max-age', '60', '--expire-finished', '7'], /--static-max-age goes with --static/],
    // A folder that is not there would serve 404s for every page.
    [
      ['serve', '--memory', '--static', join(dir, 'no-such-folder'), '--expire-finished', '7'],
      /--static: .*no-such-folder is not a folder/,
    ],
    [['serve', '--memory', '--static', saved, '--expire-finished', '7'], /--static: .* is not a folder/],
    // Bots named in a file are checked when it is loaded.
    [['play', '--load', foreignBots], /cannot load .*foreign-bots\.json: unknown bot "alphazero"/],
    [['replay', foreignBots], /cannot load .*foreign-bots\.json: unknown bot "alphazero"/],
    [['replay', oldBots], /cannot load .*old-bots\.json: unknown bot "nope"/],
  ];
  for (const [argv, message] of cases) {
    it(argv.map((a) => a.replace(dir, 'DIR')).join(' '), async () => {
      const io = fakeIo('quit\n');
      const code = await run(argv, io);
      expect(io.err()).toMatch(message);
      expect(code).toBe(2);
      expect(io.err().trim().split('\n')).toHaveLength(1);
      expect(io.out()).toBe('');
    });
  }

  it('--load still takes --seat, --bots and --lang', async () => {
    const io = fakeIo('quit\n');
    expect(await run(['play', '--load', saved, '--seat', '1', '--bots', 'heuristic', '--lang', 'uk'], io)).toBe(0);
    expect(io.out()).toMatch(/гравців: 3, зерно 5\. Ви — гравець 1\./);
    expect(io.out()).toMatch(/Місця: 0: бот heuristic, 1: Ви, 2: бот heuristic/);
  });
});

describe('for-the-king play', () => {
  it('plays a whole game from scripted input, re-asking after bad input', async () => {
    const script = ['hello', '99', 'bid 5', 'board', ...Array<string>(400).fill('1')].join('\n');
    const io = fakeIo(`${script}\n`);
    const code = await run(['play', '--players', '2', '--bots', 'heuristic', '--seed', '21'], io);
    expect(code).toBe(0);
    const out = io.out();
    expect(out).toMatch(/Not a choice: type a choice number/);
    expect(out).toMatch(/Not a choice: choose a number from 1 to/);
    expect(out).toMatch(/=== Score ===/);
    expect(out).toMatch(/Winner +(You|Player 1)/);
  });

  it('saves with "save FILE" and goes on from it with --load', async () => {
    const file = join(dir, 'half.json');
    const io = fakeIo(`1\n1\nsave ${file}\nquit\n`);
    expect(await run(['play', '--players', '3', '--seed', '5', '--bots', 'random'], io)).toBe(0);
    expect(io.out()).toMatch(/Saved to/);
    const saved = checkRecord(readFileSync(file, 'utf8'));
    expect(saved.format).toBe(RECORD_FORMAT);
    expect(saved.meta?.seats).toBe('human,random,random');
    expect(saved.names).toEqual(['human', 'random', 'random']);
    expect(saved.actions.length).toBeGreaterThan(0);
    const more = fakeIo(`${Array<string>(400).fill('1').join('\n')}\n`);
    expect(await run(['play', '--load', file], more)).toBe(0);
    expect(more.out()).toMatch(/=== Score ===/);
  });

  it('refuses a line of more than 4,096 characters as a choice, read no further than that, and goes on', async () => {
    // (A line of 600 MiB ended the process: `readline` held it whole.)
    const io = fakeIo(`${'x'.repeat(3 * 2 ** 20)}\nquit\n`);
    expect(await run(['play', '--players', '2', '--seed', '1'], io)).toBe(0);
    const out = io.out();
    expect(out).toMatch(/Not a choice: a line of more than 4,096 characters\.\n/);
    expect(out).toMatch(/Game stopped\.\n$/);
    expect(out.length).toBeLessThan(64 * 1024); // the line's echo was cut too
  });

  it('stops with exit code 1 when the input ends before the game', async () => {
    const io = fakeIo('1\n');
    expect(await run(['play', '--players', '2', '--seed', '1'], io)).toBe(1);
    expect(io.out()).toMatch(/Input ended before the game did/);
  });
});

describe('for-the-king watch and replay', () => {
  it('watch prints a full bot game and its score; replay steps through the saved game', async () => {
    const file = join(dir, 'watched.json');
    const io = fakeIo();
    expect(await run(['watch', '--players', '3', '--bots', 'heuristic,random', '--seed', '4', '--save', file], io)).toBe(0);
    expect(io.out()).toMatch(/== Phase: Gain Esteem ==/);
    expect(io.out()).toMatch(/=== Score ===/);
    const again = fakeIo();
    expect(await run(['replay', file, '--all'], again)).toBe(0);
    expect(again.out()).toMatch(/Replay .*watched\.json: Players 3 · Seed 4 · /);
    expect(again.out()).toMatch(/#1 Player \d places the drawn card/);
    const winner = /Winner +(.*)/.exec(io.out())?.[1];
    expect(again.out()).toContain(`Winner          ${winner}`);
  });

  it('replay pauses on a terminal and stops on "q"', async () => {
    const file = join(dir, 'watched2.json');
    await run(['watch', '--players', '2', '--seed', '8', '--save', file], fakeIo());
    const io = fakeIo('\n\nq\n', true);
    expect(await run(['replay', file], io)).toBe(0);
    expect(io.out()).toMatch(/#3 /);
    expect(io.out()).not.toMatch(/#4 /);
  });

  it("replay steps through any game record (without the command line's metadata) and the plain-object save", async () => {
    const options = { players: 3, seed: 'rec' } as const;
    let state = createGame(options);
    const actions: Action[] = [];
    for (let i = 0; i < 12; i++) {
      const a = legalActions(state)[0] as Action;
      state = apply(state, a);
      actions.push(a);
    }
    const file = join(dir, 'record.json');
    writeFileSync(file, JSON.stringify(makeRecord(options, actions, { names: ['Ann', 'Bo', 'Cy'] })));
    const io = fakeIo();
    expect(await run(['replay', file, '--all'], io)).toBe(0);
    expect(io.out()).toMatch(/Replay .*record\.json: Players 3 · Seed rec · Actions 12/);
    expect(io.out()).toMatch(/#12 /);
    const more = fakeIo(`${Array<string>(400).fill('1').join('\n')}\n`);
    expect(await run(['play', '--load', file, '--seat', '1', '--bots', 'random'], more)).toBe(0);
    expect(more.out()).toMatch(/=== Score ===/);
    const saveFile = join(dir, 'object-save.json');
    writeFileSync(saveFile, JSON.stringify(toSave(state), null, 2));
    const shown = fakeIo();
    expect(await run(['replay', saveFile], shown)).toBe(0);
    expect(shown.out()).toMatch(/plain save without history/);
  });

  it('replay names what is wrong with a record', async () => {
    const file = join(dir, 'bad-record.json');
    writeFileSync(file, JSON.stringify({ format: RECORD_FORMAT, version: 1, options: { players: 3 }, actions: [] }));
    const io = fakeIo();
    expect(await run(['replay', file], io)).toBe(2);
    expect(io.err()).toMatch(/cannot load .*bad-record\.json: record\.options: lacks the key "seed"/);
  });

  it('V3: an older command-line file (before the middle variant) replays under the retail middle', async () => {
    const retail = { players: 3, seed: 5, variants: { middle: 'one-per-opponent' } } as const;
    let state = createGame(retail);
    const actions: Action[] = [];
    for (let i = 0; i < 30; i++) {
      const a = legalActions(state)[0] as Action;
      actions.push(a);
      state = apply(state, a);
    }
    const file = join(dir, 'old-cli-game.json');
    const old = {
      format: GAME_FILE_FORMAT,
      version: 1,
      options: { players: 3, seed: 5 },
      seat: 0,
      seats: ['human', 'heuristic', 'heuristic'],
      actions,
    };
    writeFileSync(file, JSON.stringify(old));
    expect(loadGame(file).state).toEqual(state);
  });

  it('replay shows where a plain library save stands', async () => {
    const file = join(dir, 'plain.json');
    writeFileSync(file, serialize(createGame({ players: 4, seed: 2 })));
    const io = fakeIo();
    expect(await run(['replay', file], io)).toBe(0);
    expect(io.out()).toMatch(/plain save without history/);
    expect(io.out()).toMatch(/Share Influence/);
  });
});

describe('help', () => {
  it('--help lists the commands; a command’s --help lists its options', async () => {
    const io = fakeIo();
    expect(await run(['--help'], io)).toBe(0);
    expect(io.out()).toMatch(/for-the-king play/);
    expect(io.out()).toMatch(/for-the-king simulate/);
    const sim = fakeIo();
    expect(await run(['simulate', '--help'], sim)).toBe(0);
    expect(sim.out()).toMatch(/--workers N/);
  });

  it('"help COMMAND" prints that command’s help', async () => {
    for (const name of ['help', '--help']) {
      const io = fakeIo();
      expect(await run([name, 'play'], io)).toBe(0);
      expect(io.out()).toMatch(/^for-the-king play — /);
      expect(io.err()).toBe('');
    }
  });

  it('--version and -v print the package’s version on stdout, and the help names them', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const name of ['--version', '-v']) {
      const io = fakeIo();
      expect(await run([name], io)).toBe(0);
      expect(io.out()).toBe(`${version}\n`);
      expect(io.err()).toBe('');
    }
    const extra = fakeIo();
    expect(await run(['--version', 'play'], extra)).toBe(2);
    expect(extra.err()).toBe('for-the-king: --version takes no arguments, got "play"\n');
    const help = fakeIo();
    expect(await run(['--help'], help)).toBe(0);
    expect(help.out()).toMatch(/for-the-king --version/);
  });

  it('no arguments at all: the help on stderr (a mistake, exit 2), nothing on stdout', async () => {
    const io = fakeIo();
    expect(await run([], io)).toBe(2);
    expect(io.out()).toBe('');
    expect(io.err()).toMatch(/^for-the-king — .*\n\nUsage:\n/);
  });
});

describe('the options around the arguments', () => {
  it('"--" ends the options: the file after it is read, "--" itself is no file', async () => {
    const file = join(dir, 'after-dashes.json');
    expect(await run(['watch', '--players', '2', '--seed', '3', '--save', file], fakeIo())).toBe(0);
    const io = fakeIo();
    expect(await run(['replay', '--all', '--', file], io)).toBe(0);
    expect(io.out()).toMatch(/Replay .*after-dashes\.json: Players 2 · Seed 3 · /);
  });

  it('a flag given twice says the same thing twice, and is taken', async () => {
    const io = fakeIo();
    expect(await run(['simulate', '--players', '2', '--bots', 'random', '--games', '2', '--json', '--json'], io)).toBe(0);
    expect((JSON.parse(io.out()) as { games: number }).games).toBe(2);
  });

  it('a --bots list as long as the bot seats is taken', async () => {
    const io = fakeIo('quit\n');
    expect(await run(['play', '--players', '3', '--bots', 'random,heuristic'], io)).toBe(0);
    expect(io.out()).toMatch(/Seats: 0: you, 1: random, 2: heuristic/);
    const watched = fakeIo();
    expect(await run(['watch', '--players', '2', '--bots', 'random,heuristic', '--seed', '1'], watched)).toBe(0);
    expect(watched.out()).toMatch(/Player 0 random, Player 1 heuristic/);
  });
});
