/**
 * @internal The command line's own sentences in each language of the text layer: the banners,
 * prompts, help and answers of `play`, `watch` and `replay`. The game's words (cards, offices,
 * actions, events) come from `../text/`; usage errors and file errors stay in English, as the
 * options themselves are.
 * @module
 */
import type { Lang } from '../text/index.js';

/** @internal The typed commands of `play` (English ones are understood in every language). */
export interface PlayCommands {
  readonly bid: string;
  readonly pass: string;
  readonly board: string;
  readonly save: string;
  readonly quit: string;
  readonly help: string;
}

/** @internal The command line's sentences in one language. */
export interface CliWords {
  /** The game's name. */
  readonly title: string;
  readonly commands: PlayCommands;
  /** `play`'s banner: the game, its seed and the reader's seat. */
  banner(players: number, seed: string, seat: number): string;
  /** `play`'s seats line. */
  seats(seats: readonly string[]): string;
  readonly help: readonly string[];
  /** The forced move's prefix: "(your only choice)". */
  readonly onlyChoice: string;
  readonly inputEnded: string;
  /** A line over the length limit. */
  tooLong(limit: number): string;
  readonly stopped: string;
  readonly saveNeedsFile: string;
  saved(file: string): string;
  /** `watch --save`'s last line. */
  savedForReplay(file: string): string;
  /** Prefixes a reason a line is no choice: "Not a choice: …". */
  notAChoice(reason: string): string;
  /** The line under the bids: "… or type "bid N" for any amount up to 12". */
  anyBid(max: number): string;
  chooseNumber(count: number): string;
  readonly cannotPass: string;
  cannotBid(amount: number): string;
  typeAChoice(bidding: boolean): string;
  /** `replay` of a save without history. */
  plainSave(file: string): string;
  readonly replayKeys: string;
  /** The reader in `play`'s seats line. */
  readonly you: string;
  /** A bot seat in the seats lines, by the bot id given on the command line. */
  bot(id: string): string;
  /** `watch`'s banner: the seed and each seat's bot. */
  watchBanner(seed: string, bots: readonly string[]): string;
  /** `replay`'s banner: the file, the players, the seed and the number of actions. */
  replayBanner(file: string, players: number, seed: string, actions: number): string;
  /** How a payment is being made, on the board: by gold or by discarding. */
  paidBy(mode: 'gold' | 'discard'): string;
}

const EN_TITLE = 'For the King (and Me)';
const UK_TITLE = 'За Короля та за мене';

const EN: CliWords = {
  title: EN_TITLE,
  commands: { bid: 'bid', pass: 'pass', board: 'board', save: 'save', quit: 'quit', help: 'help' },
  banner: (players, seed, seat) => `${EN_TITLE} — ${players} players, seed ${seed}. You are Player ${seat}.`,
  seats: (seats) => `Seats: ${seats.join(', ')}. Type "help" for commands.`,
  help: [
    'Type the number of a choice and press Enter. Other commands:',
    '  bid N       bid any amount (during an auction)',
    '  pass        pass (during an auction)',
    '  board       show the board again',
    '  save FILE   save the game (continue later with: for-the-king play --load FILE)',
    '  quit        stop without saving',
  ],
  onlyChoice: '(your only choice)',
  inputEnded: 'Input ended before the game did (use "save FILE" to keep a game for later).',
  tooLong: (limit) => `a line of more than ${limit.toLocaleString('en')} characters`,
  stopped: 'Game stopped.',
  saveNeedsFile: 'save needs a file name: save FILE',
  saved: (file) => `Saved to ${file}.`,
  savedForReplay: (file) => `Saved to ${file} (step through it with: for-the-king replay ${file}).`,
  notAChoice: (reason) => `Not a choice: ${reason}.`,
  anyBid: (max) => `     … or type "bid N" for any amount up to ${max}`,
  chooseNumber: (count) => `choose a number from 1 to ${count}`,
  cannotPass: 'you cannot pass now',
  cannotBid: (amount) => `you cannot bid ${amount} now`,
  typeAChoice: (bidding) => `type a choice number${bidding ? ', "bid N" or "pass"' : ''} (or "help")`,
  plainSave: (file) => `${file} is a plain save without history: this is where it stands.`,
  replayKeys: 'Press Enter for the next action, "a" for all the rest, "q" to stop.',
  you: 'you',
  bot: (id) => id,
  watchBanner: (seed, bots) => `${EN_TITLE} — Seed ${seed}: ${bots.map((b, p) => `Player ${p} ${b}`).join(', ')}`,
  replayBanner: (file, players, seed, actions) => `Replay ${file}: Players ${players} · Seed ${seed} · Actions ${actions}`,
  paidBy: (mode) => (mode === 'gold' ? 'gold' : 'discard'),
};

const UK: CliWords = {
  title: UK_TITLE,
  commands: { bid: 'ставка', pass: 'пас', board: 'стіл', save: 'зберегти', quit: 'вийти', help: 'довідка' },
  banner: (players, seed, seat) => `${UK_TITLE} — гравців: ${players}, зерно ${seed}. Ви — гравець ${seat}.`,
  seats: (seats) => `Місця: ${seats.join(', ')}. Введіть «довідка», щоб побачити команди.`,
  help: [
    'Введіть номер вибору й натисніть Enter. Інші команди (можна й англійською: bid, pass, board, save, quit, help):',
    '  ставка N        поставити будь-яку суму (під час торгів)',
    '  пас             пасувати (під час торгів)',
    '  стіл            показати стіл ще раз',
    '  зберегти ФАЙЛ   зберегти гру (продовжити згодом: for-the-king play --load ФАЙЛ)',
    '  вийти           зупинити гру без збереження',
  ],
  onlyChoice: '(ваш єдиний вибір)',
  inputEnded: 'Введення скінчилося раніше за гру («зберегти ФАЙЛ» зберігає гру, щоб продовжити згодом).',
  tooLong: (limit) => `рядок довший за ${limit.toLocaleString('uk')} символів`,
  stopped: 'Гру зупинено.',
  saveNeedsFile: 'Команді «зберегти» потрібна назва файлу: зберегти ФАЙЛ',
  saved: (file) => `Збережено в ${file}.`,
  savedForReplay: (file) => `Збережено в ${file} (переглянути хід за ходом: for-the-king replay ${file}).`,
  notAChoice: (reason) => `Це не вибір: ${reason}.`,
  anyBid: (max) => `     … або введіть «ставка N» для будь-якої суми до ${max}`,
  chooseNumber: (count) => `оберіть число від 1 до ${count}`,
  cannotPass: 'зараз пасувати не можна',
  cannotBid: (amount) => `зараз не можна поставити ${amount}`,
  typeAChoice: (bidding) => `введіть номер вибору${bidding ? ', «ставка N» або «пас»' : ''} (або «довідка»)`,
  plainSave: (file) => `${file} — збережена гра без історії: ось як вона стоїть.`,
  replayKeys: 'Enter — наступна дія, «a» — усе інше, «q» — зупинити.',
  you: 'Ви',
  bot: (id) => `бот ${id}`,
  watchBanner: (seed, bots) => `${UK_TITLE} — зерно ${seed}: ${bots.map((b, p) => `гравець ${p} — бот ${b}`).join(', ')}`,
  replayBanner: (file, players, seed, actions) => `Повтор ${file}: гравців: ${players} · зерно ${seed} · дій: ${actions}`,
  paidBy: (mode) => (mode === 'gold' ? 'золотом' : 'скиданням'),
};

/** @internal The command line's sentences by language. */
export const CLI_WORDS: Readonly<Record<Lang, CliWords>> = { en: EN, uk: UK };

/**
 * @internal Which command a typed word is, in the reader's language or in English: the
 * command's English name, or `null`.
 */
export function commandOf(word: string, lang: Lang): keyof PlayCommands | null {
  const w = word.toLowerCase();
  for (const table of lang === 'en' ? [EN.commands] : [CLI_WORDS[lang].commands, EN.commands]) {
    for (const [name, text] of Object.entries(table) as [keyof PlayCommands, string][]) if (text === w) return name;
  }
  return null;
}
