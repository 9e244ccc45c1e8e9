/**
 * @internal `for-the-king play`: one human seat against bots in the terminal, line by line.
 * @module
 */

import type { Bot, BotRandom } from '../bots/index.js';
import { botFromId, botRandom } from '../bots/index.js';
import type { Action, GameEvent, GameOptions, GameState, PlayerCount } from '../index.js';
import { createGameWithEvents, currentPlayer, eventsFor, isGameOver, score, step, view } from '../index.js';
import type { Lang } from '../text/index.js';
import { describeAction, describeEvent } from '../text/index.js';
import type { Parsed } from './args.js';
import { intOption, langOption, seedOption, stringOption, UsageError } from './args.js';
import { readChoice, renderBoard, renderChoices, renderScore } from './board.js';
import type { Io } from './io.js';
import { boundedLineReader, MAX_INPUT_LINE, say } from './io.js';
import { printable } from './printable.js';
import type { GameFile } from './savefile.js';
import { loadGame, saveGame } from './savefile.js';
import { botList, fillSeats } from './seats.js';
import { CLI_WORDS, commandOf } from './words.js';

/** @internal Options of `play`. */
export const PLAY_OPTIONS = { players: 'string', seat: 'string', bots: 'string', seed: 'string', load: 'string', lang: 'string' } as const;

/** @internal A seed for a game started without `--seed` (the command line may use the clock and `Math.random`). */
export function freshSeed(): number {
  return Math.floor(Math.random() * 1e9);
}

/** @internal A game in progress at the command line. */
export interface Table {
  options: GameOptions & { readonly seed: number | string };
  state: GameState;
  actions: Action[] | null;
  readonly seats: readonly string[];
  readonly bots: readonly (Bot | null)[];
  readonly rngs: readonly BotRandom[];
}

/** @internal Seats a table: bots rebuilt from their ids, one random source per seat. */
export function seatTable(options: Table['options'], state: GameState, actions: Action[] | null, seats: readonly string[]): Table {
  return {
    options,
    state,
    actions,
    seats,
    bots: seats.map((id) => (id === 'human' ? null : botFromId(id))),
    rngs: seats.map((_, p) => botRandom(`${String(options.seed)}:${p}:${actions?.length ?? 0}`)),
  };
}

/** @internal Applies an action to the table; returns its events. */
export function act(table: Table, action: Action): readonly GameEvent[] {
  const r = step(table.state, action);
  table.state = r.state;
  table.actions?.push(action);
  return r.events;
}

/** @internal Plays the bot to move. */
export function botMove(table: Table, p: number): readonly GameEvent[] {
  const bot = table.bots[p];
  if (!bot) throw new Error(`seat ${p} has no bot`);
  return act(table, bot(view(table.state, p), table.rngs[p] as BotRandom));
}

function setUp(parsed: Parsed): { table: Table; seat: number; events: readonly GameEvent[] } {
  const file = stringOption(parsed, 'load');
  if (file !== undefined) {
    const given = ['players', 'seed'].filter((o) => parsed.options[o] !== undefined);
    if (given.length > 0)
      throw new UsageError(`--load takes the players and the seed from the saved game: drop ${given.map((o) => `--${o}`).join(' and ')}`);
    const game: GameFile = loadGame(file);
    const n = game.state.players;
    const seat = intOption(parsed, 'seat', game.seat ?? 0, 0, n - 1);
    const saved = game.seats.filter((s, p) => p !== game.seat && s !== 'human');
    const ids = botList(stringOption(parsed, 'bots'), saved.length > 0 ? saved : ['heuristic'], n - 1);
    const actions = game.actions === null ? null : game.actions.slice();
    return { table: seatTable(game.options, game.state, actions, fillSeats(n, seat, ids)), seat, events: [] };
  }
  const players = intOption(parsed, 'players', 4, 2, 5) as PlayerCount;
  const seat = intOption(parsed, 'seat', 0, 0, players - 1);
  const ids = botList(stringOption(parsed, 'bots'), ['heuristic'], players - 1);
  const seed = seedOption(parsed) ?? freshSeed();
  const options = { players, seed };
  const start = createGameWithEvents(options);
  return { table: seatTable(options, start.state, [], fillSeats(players, seat, ids)), seat, events: start.events };
}

/** @internal Runs `play`; returns the exit code. */
export async function playCommand(parsed: Parsed, io: Io): Promise<number> {
  const lang: Lang = langOption(parsed);
  if (parsed.positional.length > 0) throw new UsageError(`play takes no arguments, got "${parsed.positional[0]}"`);
  const { table, seat, events } = setUp(parsed);
  const input = boundedLineReader(io, MAX_INPUT_LINE);
  const out = io.stdout;
  const words = CLI_WORDS[lang];
  say(
    out,
    words.banner(table.state.players, printable(String(table.options.seed)), seat),
    words.seats(table.seats.map((s, p) => `${p}: ${s === 'human' ? words.you : words.bot(s)}`)),
    '',
  );
  const tell = (events: readonly GameEvent[]): void => {
    for (const e of eventsFor(events, seat)) say(out, `  · ${describeEvent(e, lang, { viewer: seat })}`);
  };
  const echo = io.stdin.isTTY !== true;
  tell(events);
  try {
    while (!isGameOver(table.state)) {
      const p = currentPlayer(table.state) as number;
      if (p !== seat) {
        tell(botMove(table, p));
        continue;
      }
      const v = view(table.state, seat);
      if (v.legal.length === 1) {
        // A forced move (the last middle card, the last coin): no question to ask.
        say(out, `  ${words.onlyChoice} ${describeAction(v.legal[0] as Action, lang, v)}`);
        tell(act(table, v.legal[0] as Action));
        continue;
      }
      say(out, '', ...renderBoard(v, lang), '', ...renderChoices(v, lang));
      for (;;) {
        const line = await input.next('> ');
        if (echo) say(out, printable(line ?? ''));
        if (line === null) {
          say(out, '', words.inputEnded);
          return 1;
        }
        if (line.length > MAX_INPUT_LINE) {
          say(out, words.notAChoice(words.tooLong(MAX_INPUT_LINE)));
          continue;
        }
        const text = line.trim();
        if (text === '') continue;
        const [first = '', ...rest] = text.split(/\s+/);
        const command = commandOf(first, lang);
        if (command === 'help' && rest.length === 0) {
          say(out, ...words.help);
          continue;
        }
        if ((command === 'quit' && rest.length === 0) || text === 'exit') {
          say(out, words.stopped);
          return 0;
        }
        if (command === 'board' && rest.length === 0) {
          say(out, ...renderBoard(v, lang), '', ...renderChoices(v, lang));
          continue;
        }
        if (command === 'save') {
          const file = text.slice(first.length).trim();
          if (file === '') say(out, words.saveNeedsFile);
          else {
            try {
              saveGame(file, { options: table.options, seat, seats: table.seats, actions: table.actions, state: table.state });
              say(out, words.saved(printable(file)));
            } catch (e) {
              say(out, e instanceof Error ? e.message : String(e));
            }
          }
          continue;
        }
        const choice = readChoice(v, text, lang);
        if (typeof choice === 'string') {
          say(out, words.notAChoice(choice));
          continue;
        }
        tell(act(table, choice));
        break;
      }
    }
    say(out, '', ...renderScore(score(table.state), table.state.players, seat, lang));
    return 0;
  } finally {
    input.close();
  }
}
