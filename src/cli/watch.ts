/**
 * @internal `for-the-king watch`: one full game between bots, printed as it happens.
 * @module
 */
import type { GameEvent, PlayerCount, Viewer } from '../index.js';
import { createGameWithEvents, currentPlayer, eventsFor, isGameOver, score } from '../index.js';
import type { Lang } from '../text/index.js';
import { describeEvent } from '../text/index.js';
import type { Parsed } from './args.js';
import { intOption, langOption, seedOption, stringOption, UsageError } from './args.js';
import { renderScore } from './board.js';
import { checkFileDestination } from './files.js';
import type { Io, Out } from './io.js';
import { say } from './io.js';
import { botMove, freshSeed, seatTable } from './play.js';
import { printable } from './printable.js';
import { saveGame } from './savefile.js';
import { botList, fillSeats } from './seats.js';
import { CLI_WORDS } from './words.js';

/** @internal Options of `watch`. */
export const WATCH_OPTIONS = { players: 'string', bots: 'string', seed: 'string', lang: 'string', save: 'string' } as const;

/**
 * @internal Prints what `viewer` may see of `events` (a spectator's copy by default), one per line,
 * with a blank line before each phase and lot.
 */
export function printEvents(out: Out, events: readonly GameEvent[], lang: Lang, viewer: Viewer = 'spectator'): void {
  for (const e of eventsFor(events, viewer)) {
    if (e.type === 'drawn' && e.card === null) continue;
    const text = describeEvent(e, lang, { viewer });
    if (e.type === 'phase' || e.type === 'lot' || e.type === 'advisor') say(out, '');
    say(out, e.type === 'phase' || e.type === 'game-over' ? `== ${text} ==` : `  ${text}`);
  }
}

/** @internal Runs `watch`; returns the exit code. */
export async function watchCommand(parsed: Parsed, io: Io): Promise<number> {
  if (parsed.positional.length > 0) throw new UsageError(`watch takes no arguments, got "${parsed.positional[0]}"`);
  const lang = langOption(parsed);
  const players = intOption(parsed, 'players', 4, 2, 5) as PlayerCount;
  const ids = botList(stringOption(parsed, 'bots'), ['heuristic'], players);
  const seed = seedOption(parsed) ?? freshSeed();
  const file = stringOption(parsed, 'save');
  if (file !== undefined) checkFileDestination(file);
  const options = { players, seed };
  const seats = fillSeats(players, null, ids);
  const start = createGameWithEvents(options);
  const table = seatTable(options, start.state, [], seats);
  const out = io.stdout;
  say(out, CLI_WORDS[lang].watchBanner(printable(String(seed)), seats));
  printEvents(out, start.events, lang);
  while (!isGameOver(table.state)) printEvents(out, botMove(table, currentPlayer(table.state) as number), lang);
  say(out, '', ...renderScore(score(table.state), players, 'spectator', lang));
  if (file !== undefined) {
    saveGame(file, { options, seat: null, seats, actions: table.actions, state: table.state });
    say(out, CLI_WORDS[lang].savedForReplay(printable(file)));
  }
  return 0;
}
