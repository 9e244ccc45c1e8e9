import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readChoice } from '../../src/cli/board.js';
import { run } from '../../src/cli/run.js';
import { CLI_WORDS } from '../../src/cli/words.js';
import type { Action, PlayerView } from '../../src/index.js';
import { apply, createGame, currentPlayer, legalActions, serialize, view } from '../../src/index.js';
import { fakeIo } from './io.js';

const dir = mkdtempSync(join(tmpdir(), 'ftk-cli-lang-'));

/** The English command line's fixed sentences (and the fixed heads of its worded ones). */
const ENGLISH = [
  'For the King (and Me)',
  'You are Player',
  'Type "help"',
  'Type the number of a choice',
  'Not a choice',
  'your only choice',
  'or type "bid N"',
  'choose a number',
  'type a choice number',
  'you cannot',
  'Input ended',
  'Game stopped',
  'Saved to',
  'save needs a file name',
  'plain save without history',
  'Press Enter',
];

function english(text: string): string[] {
  return ENGLISH.filter((s) => text.includes(s));
}

/** A view of the seat to move at the first auction of a 2-player game with seed 21. */
function auctionView(): PlayerView {
  let state = createGame({ players: 2, seed: 21 });
  for (let i = 0; i < 400; i++) {
    const p = currentPlayer(state) as number;
    const legal = legalActions(state, p);
    if (legal.some((a) => a.type === 'bid')) return view(state, p);
    state = apply(state, legal[0] as Action);
  }
  throw new Error('no auction');
}

describe('the command line speaks the language of --lang', () => {
  it('play --lang uk: banner, help, answers to bad input, the only choice and the end in Ukrainian', async () => {
    const script = ['hello', '99', 'довідка', 'стіл', ...Array<string>(400).fill('1')].join('\n');
    const io = fakeIo(`${script}\n`);
    expect(await run(['play', '--players', '2', '--bots', 'heuristic', '--seed', '21', '--lang', 'uk'], io)).toBe(0);
    const out = io.out();
    expect(out).toMatch(/^За Короля та за мене — гравців: 2, зерно 21\. Ви — гравець 0\./);
    expect(out).toMatch(/Місця: 0: Ви, 1: бот heuristic\. Введіть «довідка»/);
    expect(out).toMatch(/Це не вибір: введіть номер вибору/);
    expect(out).toMatch(/Це не вибір: оберіть число від 1 до \d+\./);
    expect(out).toMatch(/Введіть номер вибору й натисніть Enter/);
    expect(out).toMatch(/=== Рахунок ===/);
    expect(english(out)).toEqual([]);
  });

  it('play --lang uk: a long line, a save without a name, a save, a quit and an early end of input in Ukrainian', async () => {
    const file = join(dir, 'uk.json');
    const io = fakeIo(`${'x'.repeat(5000)}\nзберегти\nзберегти ${file}\nвийти\n`);
    expect(await run(['play', '--players', '2', '--seed', '3', '--lang', 'uk'], io)).toBe(0);
    const out = io.out();
    expect(out).toMatch(/Це не вибір: рядок довший за 4\s096 символів\./);
    expect(out).toMatch(/Команді «зберегти» потрібна назва файлу/);
    expect(out).toContain(`Збережено в ${file}.`);
    expect(out).toMatch(/Гру зупинено\.\n$/);
    expect(english(out)).toEqual([]);
    const ended = fakeIo('1\n');
    expect(await run(['play', '--players', '2', '--seed', '1', '--lang', 'uk'], ended)).toBe(1);
    expect(ended.out()).toMatch(/Введення скінчилося раніше за гру/);
    expect(english(ended.out())).toEqual([]);
  });

  it('play --lang uk still understands the English commands', async () => {
    const io = fakeIo('help\nboard\nquit\n');
    expect(await run(['play', '--players', '2', '--seed', '3', '--lang', 'uk'], io)).toBe(0);
    expect(io.out()).toMatch(/Введіть номер вибору й натисніть Enter/);
    expect(io.out()).toMatch(/Гру зупинено\./);
  });

  it('play in English does not take the Ukrainian commands', async () => {
    const io = fakeIo('вийти\nquit\n');
    expect(await run(['play', '--players', '2', '--seed', '3'], io)).toBe(0);
    expect(io.out()).toMatch(/Not a choice: type a choice number \(or "help"\)\.\n/);
    expect(io.out()).toMatch(/Game stopped\.\n$/);
  });

  it('readChoice: "ставка N" and "пас" in Ukrainian, "bid N" and "pass" in both, answers in the language', () => {
    const v = auctionView();
    const bid = v.legal.find((a) => a.type === 'bid') as Extract<Action, { type: 'bid' }>;
    expect(readChoice(v, `ставка ${bid.amount}`, 'uk')).toEqual(bid);
    expect(readChoice(v, `СТАВКА  ${bid.amount}`, 'uk')).toEqual(bid);
    expect(readChoice(v, `bid ${bid.amount}`, 'uk')).toEqual(bid);
    expect(readChoice(v, 'пас', 'uk')).toEqual(v.legal.find((a) => a.type === 'pass'));
    expect(readChoice(v, 'pass', 'uk')).toEqual(v.legal.find((a) => a.type === 'pass'));
    expect(readChoice(v, 'ставка 999', 'uk')).toBe('зараз не можна поставити 999');
    expect(readChoice(v, 'bid 999', 'en')).toBe('you cannot bid 999 now');
    expect(readChoice(v, 'ставка 5', 'en')).toBe('type a choice number, "bid N" or "pass" (or "help")');
    expect(readChoice(v, 'пас 5', 'uk')).toBe('введіть номер вибору, «ставка N» або «пас» (або «довідка»)');
    expect(readChoice(v, 'bid', 'en')).toBe('type a choice number, "bid N" or "pass" (or "help")');
  });

  it('watch --lang uk: the banner and the line after a save in Ukrainian; replay of a plain save too', async () => {
    const file = join(dir, 'watched-uk.json');
    const io = fakeIo();
    expect(await run(['watch', '--players', '3', '--seed', '4', '--lang', 'uk', '--save', file], io)).toBe(0);
    expect(io.out()).toMatch(/^За Короля та за мене — зерно 4: гравець 0 — бот heuristic, гравець 1 — бот heuristic/);
    expect(io.out()).toContain(`Збережено в ${file} (переглянути хід за ходом: for-the-king replay ${file}).`);
    expect(english(io.out())).toEqual([]);
    const plain = join(dir, 'plain-uk.json');
    writeFileSync(plain, serialize(createGame({ players: 3, seed: 2 })));
    const again = fakeIo();
    expect(await run(['replay', plain, '--lang', 'uk'], again)).toBe(0);
    expect(again.out()).toContain(`${plain} — збережена гра без історії: ось як вона стоїть.`);
    expect(english(again.out())).toEqual([]);
  });

  it('replay --lang uk on a terminal explains its keys in Ukrainian', async () => {
    const file = join(dir, 'watched-uk2.json');
    await run(['watch', '--players', '2', '--seed', '8', '--save', file], fakeIo());
    const io = fakeIo('q\n', true);
    expect(await run(['replay', file, '--lang', 'uk'], io)).toBe(0);
    expect(io.out()).toContain('Enter — наступна дія, «a» — усе інше, «q» — зупинити.');
    expect(io.out()).toMatch(/^Повтор .*watched-uk2\.json: гравців: 2 · зерно 8 · дій: \d+\n/);
    expect(english(io.out())).toEqual([]);
  });

  it('both languages have every sentence (none left empty)', () => {
    for (const words of Object.values(CLI_WORDS)) {
      for (const [key, value] of Object.entries(words)) {
        if (typeof value === 'string') expect(value.length, key).toBeGreaterThan(0);
      }
      expect(words.help.length).toBe(CLI_WORDS.en.help.length);
    }
  });
});
