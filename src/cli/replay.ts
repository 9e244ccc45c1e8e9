/**
 * @internal `for-the-king replay FILE`: steps through a saved game.
 * @module
 */
import type { GameEvent, Viewer } from '../index.js';
import { createGameWithEvents, replay, score, view } from '../index.js';
import { describeAction } from '../text/index.js';
import type { Parsed } from './args.js';
import { intOption, langOption, UsageError } from './args.js';
import { renderBoard, renderScore } from './board.js';
import type { Io } from './io.js';
import { boundedLineReader, MAX_INPUT_LINE, say } from './io.js';
import { printable } from './printable.js';
import { loadGame } from './savefile.js';
import { printEvents } from './watch.js';
import { CLI_WORDS } from './words.js';

/** @internal Options of `replay`. */
export const REPLAY_OPTIONS = { seat: 'string', lang: 'string', all: 'boolean' } as const;

/** @internal Runs `replay`; returns the exit code. */
export async function replayCommand(parsed: Parsed, io: Io): Promise<number> {
  const file = parsed.positional[0];
  if (file === undefined) throw new UsageError('replay needs a file: for-the-king replay FILE');
  if (parsed.positional.length > 1) throw new UsageError(`replay takes one file, got ${parsed.positional.length}`);
  const lang = langOption(parsed);
  const game = loadGame(file);
  const n = game.state.players;
  const seat = parsed.options.seat === undefined ? null : intOption(parsed, 'seat', 0, 0, n - 1);
  const viewer: Viewer = seat ?? 'spectator';
  const out = io.stdout;
  if (game.actions === null) {
    say(out, CLI_WORDS[lang].plainSave(printable(file)), '', ...renderBoard(view(game.state, viewer), lang));
    if (game.state.step === 'over') say(out, '', ...renderScore(score(game.state), n, viewer, lang));
    return 0;
  }
  const interactive = parsed.options.all !== true && io.stdin.isTTY === true && io.stdout.isTTY === true;
  const seed = printable(String(game.options.seed));
  say(out, CLI_WORDS[lang].replayBanner(printable(file), n, seed, game.actions.length));
  if (interactive) say(out, CLI_WORDS[lang].replayKeys);
  const input = interactive ? boundedLineReader(io, MAX_INPUT_LINE) : null;
  let stepping = interactive;
  let stopped = false;
  try {
    const start = createGameWithEvents(game.options);
    let before = start.state;
    const steps: { index: number; text: string; events: readonly GameEvent[] }[] = [];
    replay(game.options, game.actions, (index, action, state, events) => {
      // Worded with the table as it stood (the lot, the payment, the Advisor), as a third
      // person's move: the seat's own actions are no commands here.
      const { lot, drawn, advisor, payment } = view(before, viewer);
      steps.push({ index, text: describeAction(action, lang, { lot, drawn, advisor, payment }), events });
      before = state;
    });
    printEvents(out, start.events, lang, viewer);
    for (const s of steps) {
      if (stopped) break;
      say(out, `#${s.index + 1} ${s.text}`);
      printEvents(out, s.events, lang, viewer);
      if (stepping && input) {
        const line = await input.next('');
        if (line === null || line.trim() === 'q') stopped = true;
        else if (line.trim() === 'a') stepping = false;
      }
    }
  } finally {
    input?.close();
  }
  if (stopped) return 0;
  say(out, '', ...renderBoard(view(game.state, viewer), lang));
  if (game.state.step === 'over') say(out, '', ...renderScore(score(game.state), n, viewer, lang));
  return 0;
}
