import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderBoard, renderScore } from '../../src/cli/board.js';
import { run } from '../../src/cli/run.js';
import type { Action, GameOptions, GameState } from '../../src/index.js';
import { createGame, currentPlayer, isGameOver, legalActions, makeRecord, score, step, view } from '../../src/index.js';
import { labels } from '../../src/text/index.js';
import { fakeIo } from './io.js';

const dir = mkdtempSync(join(tmpdir(), 'ftk-cli-text-'));

/** Any control character but the line break: C0, DEL, C1. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** A whole game with seeded choices, bidding often (so that lots are won and paid for). */
function playOut(options: GameOptions, seed: number): { actions: Action[]; states: GameState[] } {
  let x = seed * 2654435761;
  const pick = (n: number): number => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
  let state = createGame(options);
  const actions: Action[] = [];
  const states = [state];
  while (!isGameOver(state)) {
    const legal = legalActions(state, currentPlayer(state) as number);
    const bids = legal.filter((a) => a.type === 'bid');
    const a = bids.length > 0 && pick(5) < 3 ? (bids[pick(Math.min(3, bids.length))] as Action) : (legal[pick(legal.length)] as Action);
    actions.push(a);
    state = step(state, a).state;
    states.push(state);
  }
  return { actions, states };
}

function recordFile(name: string, options: GameOptions, actions: readonly Action[], more: object = {}): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify({ ...makeRecord(options, actions), ...more }));
  return file;
}

describe('replay and play print text read from a file with its control characters escaped', () => {
  const seed = '\u001b[2J\u001b]0;title\u0007\u009b31m\u007f';
  const file = recordFile('hostile-seed.json', { players: 3, seed }, []);

  it('replay: the seed in the banner', async () => {
    const io = fakeIo();
    expect(await run(['replay', file, '--all'], io)).toBe(0);
    expect(io.out()).not.toMatch(CONTROL);
    expect(io.out()).toContain('\\u001b[2J\\u001b]0;title\\u0007\\u009b31m\\u007f');
  });

  it('play --load: the seed in the banner', async () => {
    const io = fakeIo('quit\n');
    expect(await run(['play', '--load', file, '--bots', 'random'], io)).toBe(0);
    expect(io.out()).not.toMatch(CONTROL);
    expect(io.out()).toContain('\\u001b[2J');
  });

  it('replay and watch --save: a file name with control characters, in the banner and the saved line', async () => {
    const evil = recordFile('evil\u001b]0;T\u0007\u001b[31m.json', { players: 3, seed: 1 }, []);
    const replayed = fakeIo();
    expect(await run(['replay', evil, '--all'], replayed)).toBe(0);
    const watched = fakeIo();
    expect(await run(['watch', '--players', '3', '--seed', '1', '--save', join(dir, 'w\u001b[2J.json')], watched)).toBe(0);
    for (const text of [replayed.out(), watched.out()]) {
      expect(text).not.toMatch(CONTROL);
      expect(text).toContain('\\u001b');
    }
  });

  it('play with moves piped in: each line read is echoed with its control characters escaped', async () => {
    const io = fakeIo('\u001b]0;RETITLED\u0007\u001b[2J\u001b[31mred\nquit\n');
    expect(await run(['play', '--seed', '7', '--bots', 'random'], io)).toBe(0);
    expect(io.out()).not.toMatch(CONTROL);
    expect(io.out()).toContain('\\u001b]0;RETITLED\\u0007');
  });

  it('replay and play --load of a folder: a worded reason, as for a missing file', async () => {
    for (const args of [
      ['replay', dir],
      ['play', '--load', dir],
    ]) {
      const io = fakeIo();
      expect(await run(args, io)).toBe(2);
      expect(io.err()).toContain(`cannot load ${dir}: it is a folder`);
    }
  });

  it('an unknown bot named in meta.seats, in the error line', async () => {
    const bad = recordFile('hostile-seats.json', { players: 3, seed: 1 }, [], {
      meta: { seats: 'heuristic,\u001b[31mevil\u0007,random' },
    });
    const io = fakeIo();
    expect(await run(['replay', bad], io)).toBe(2);
    expect(io.err()).toMatch(/unknown bot "\\u001b\[31mevil\\u0007"/);
    expect(io.err()).not.toMatch(CONTROL);
  });
});

describe('replay words each action with the table as it stood (docs/variants.md)', () => {
  it('V1: under by-lot, a Gold card given for a Gold lot reads as discarded, as its event does; V3: the Advisor takes the last middle card', async () => {
    const options = { players: 2, seed: 124, variants: { payment: 'by-lot' } } as const;
    let checked = { discards: 0, pays: 0, lastTakes: 0 };
    for (let s = 1; s <= 6 && checked.discards === 0; s++) {
      const { actions } = playOut(options, s);
      const io = fakeIo();
      expect(await run(['replay', recordFile(`by-lot-${s}.json`, options, actions), '--all'], io)).toBe(0);
      const lines = io.out().split('\n');
      checked = { discards: 0, pays: 0, lastTakes: 0 };
      lines.forEach((line, i) => {
        const next = lines[i + 1] ?? '';
        if (/^#\d+ Player \d discards Gold/.test(line)) checked.discards++;
        if (/^#\d+ Player \d discards /.test(line)) expect(next).toMatch(/^ {2}Player \d discarded .* as payment$/);
        if (/^#\d+ Player \d pays with /.test(line)) {
          checked.pays++;
          expect(next).toMatch(/^ {2}Player \d paid with /);
        }
        if (/^ {2}Player \d took the last middle card/.test(next)) {
          checked.lastTakes++;
          expect(line).toMatch(/^#\d+ Player \d takes the last middle card, /);
        }
      });
    }
    expect(checked.discards).toBeGreaterThan(0);
    expect(checked.lastTakes).toBeGreaterThan(0);
  });

  it('with --seat, the seat’s own actions still read as its moves, not as commands', async () => {
    const options = { players: 3, seed: 8 } as const;
    const { actions } = playOut(options, 2);
    const io = fakeIo();
    expect(await run(['replay', recordFile('seat.json', options, actions), '--all', '--seat', '1'], io)).toBe(0);
    const actionLines = io
      .out()
      .split('\n')
      .filter((l) => /^#\d+ /.test(l));
    expect(actionLines).toHaveLength(actions.length);
    for (const l of actionLines) expect(l).toMatch(/^#\d+ Player \d /);
  });
});

describe('replay prints the opening events, as watch does', () => {
  it('the same game: watch and replay print the same events', async () => {
    const file = join(dir, 'watched.json');
    const watched = fakeIo();
    expect(await run(['watch', '--players', '3', '--seed', '11', '--save', file], watched)).toBe(0);
    const replayed = fakeIo();
    expect(await run(['replay', file, '--all'], replayed)).toBe(0);
    const events = (text: string): string[] => text.split('\n').filter((l) => l.startsWith('  ') || l.startsWith('== '));
    expect(events(replayed.out())).toEqual(events(watched.out()));
    const lines = replayed.out().split('\n');
    const first = lines.findIndex((l) => l.startsWith('#1 '));
    expect(lines.slice(0, first).join('\n')).toMatch(/== Phase: Share Influence ==\n\n {2}Player \d is now the Advisor/);
  });
});

describe('the board and the score in Ukrainian', () => {
  const options = { players: 3, seed: 130 } as const;
  const { states } = playOut(options, 3);
  const last = states[states.length - 1] as GameState;

  /** Each row's label (one of `known`), then spaces, then the value, the values in one column. */
  function checkRows(lines: readonly string[], known: readonly string[]): void {
    const starts = new Set<number>();
    for (const line of lines.slice(1)) {
      const label = known.filter((l) => line.startsWith(l)).sort((a, b) => b.length - a.length)[0];
      expect(label, line).toBeDefined();
      expect(line.charAt((label as string).length), line).toBe(' ');
      const value = (label as string).length + line.slice((label as string).length).search(/\S/);
      starts.add(value);
    }
    expect(starts.size).toBe(1);
  }

  it('every row keeps a space between the label and the value (Військова справа, Стос прихильності)', () => {
    const L = labels.uk;
    const rowLabels = [...Object.values(L.ui), ...Object.values(L.offices), L.kinds.king, `${L.ui.hand} (${L.ui.you})`];
    const scoreLines = renderScore(score(last), 3, 'spectator', 'uk');
    expect(scoreLines.some((l) => l.startsWith(L.offices.military))).toBe(true);
    checkRows(scoreLines, rowLabels);
    const withFavor = states.map((s) => view(s, 1)).find((v) => v.myFavor.length > 0);
    expect(withFavor).toBeDefined();
    const board = renderBoard(withFavor as NonNullable<typeof withFavor>, 'uk');
    expect(board.some((l) => l.startsWith(L.ui.favorPile))).toBe(true);
    checkRows(board, rowLabels);
  });

  it('the payment row names the way of paying in the language', () => {
    for (const lang of ['en', 'uk'] as const) {
      const paying = states.map((s) => view(s, 'spectator')).filter((v) => v.payment !== null);
      expect(paying.length).toBeGreaterThan(0);
      for (const v of paying) {
        const row = renderBoard(v, lang).find((l) => l.startsWith(labels[lang].ui.payment)) as string;
        const gold = v.payment?.mode === 'gold';
        const mode = lang === 'en' ? (gold ? 'gold' : 'discard') : gold ? 'золотом' : 'скиданням';
        expect(row.endsWith(`(${mode})`), row).toBe(true);
      }
    }
  });
});

describe('--lang uk: the banners of watch and replay', () => {
  it('watch and replay print no English words with --lang uk (but the game’s name and the bot ids)', async () => {
    const file = join(dir, 'watched-uk.json');
    const watched = fakeIo();
    expect(await run(['watch', '--players', '3', '--seed', '5', '--lang', 'uk', '--save', file], watched)).toBe(0);
    const replayed = fakeIo();
    expect(await run(['replay', file, '--all', '--lang', 'uk'], replayed)).toBe(0);
    const english = /\b(Player|players|bots|seed|Replay|Replaying|actions)\b/i;
    expect(watched.out().split('\n')[0]).not.toMatch(english);
    expect(replayed.out().split('\n')[0]).not.toMatch(english);
    expect(replayed.out().split('\n')[0]).toContain(file);
  });
});
