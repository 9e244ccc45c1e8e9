/**
 * @internal The command line's dispatcher: `play`, `watch`, `simulate`, `merge`, `replay`, `serve`, `env-server`, `--help`
 * (`help COMMAND`), `--version`. Usage errors print one line and return 2; other failures print one line and
 * return 1; no arguments at all print the help on stderr and return 2.
 * @module
 */
import { RulesError } from '../index.js';
import type { OptionSpec } from './args.js';
import { parseArgs, UsageError } from './args.js';
import { ENV_SERVER_OPTIONS, envServerCommand } from './env-server.js';
import type { Io } from './io.js';
import { say } from './io.js';
import { PLAY_OPTIONS, playCommand } from './play.js';
import { printable } from './printable.js';
import { REPLAY_OPTIONS, replayCommand } from './replay.js';
import { SERVE_OPTIONS, serveCommand } from './serve.js';
import { MERGE_OPTIONS, mergeCommand, SIMULATE_OPTIONS, simulateCommand } from './simulate.js';
import { packageVersion } from './version.js';
import { WATCH_OPTIONS, watchCommand } from './watch.js';

const BOTS =
  'random, heuristic, ismcts (1000 iterations), ismcts:N, net (the policy network), ismcts-net (the search guided by the networks, 1000 iterations) or ismcts-net:N';

/** @internal The help text of each command, and of the program. */
export const HELP: Readonly<Record<string, string>> = {
  '': `for-the-king — play and simulate For the King (and Me) in the terminal

Usage:
  for-the-king play [--players 4] [--seat 0] [--bots ismcts,heuristic,random] [--seed N] [--load FILE] [--lang en|uk]
  for-the-king watch [--players 4] [--bots heuristic] [--seed N] [--save FILE] [--lang en|uk]
  for-the-king simulate [--players 4] [--bots ismcts,heuristic,heuristic,random] [--games 1000] [--workers 2] [--seed N] [--json]
                        [--shard i/N --out DIR]
  for-the-king merge DIR [--json]
  for-the-king replay FILE [--seat N] [--all] [--lang en|uk]
  for-the-king serve [--port 8080] [--host 127.0.0.1] [--data DIR | --memory | --postgres URL] [--static DIR] [--cors ORIGIN,…] [--trust-proxy]
  for-the-king env-server [--players 4] [--reward win|points] [--encoding base64|json] [--seed N] [--vector]
  for-the-king --version

Bots: ${BOTS}.
An option with a value is given once; "--" ends the options (for a file named like one).
Run "for-the-king COMMAND --help" or "for-the-king help COMMAND" for details; "--version" (or "-v") prints the version.`,
  play: `for-the-king play — play against bots, one line of input per decision

  --players N     2 to 5 (default 4)
  --seat N        your seat, from 0 (default 0)
  --bots LIST     bots for the other seats, in seat order, repeated if short, no more than those seats
                  (default heuristic); ${BOTS}
  --seed N        the game's seed (default: random, printed at the start)
  --load FILE     continue a game saved with "save FILE" (a game record, or a save from serialize/toSave);
                  its players and seed come from the file, so --players and --seed are refused with it
  --lang en|uk    language of the board, the prompts and the help (default en);
                  with uk the commands can be typed in Ukrainian too

During the game type a choice number, "bid N", "pass", "board", "save FILE", "help" or "quit".`,
  watch: `for-the-king watch — one full game between bots, printed as it happens

  --players N     2 to 5 (default 4)
  --bots LIST     bots in seat order, repeated if short, no more than the players (default heuristic); ${BOTS}
  --seed N        the game's seed (default: random)
  --save FILE     save the finished game (step through it with "for-the-king replay FILE"); checked
                  before the game starts; a device or a named pipe (/dev/stdout, a fifo) is written into
  --lang en|uk    language (default en)`,
  simulate: `for-the-king simulate — many bot games, then a summary

  --players N     2 to 5 (default 4)
  --bots LIST     one bot per seat, or one bot for all seats (default heuristic); ${BOTS}
                  seats rotate from game to game
  --games N       number of games (default 1000)
  --workers N     worker threads (default 1); the result is identical for any number
  --seed N        master seed (default 1)
  --json          print the result as JSON instead of a table (not with --shard: "merge DIR --json")
  --shard i/N     play only shard i (0 to N-1) of the games, and write its totals to --out
  --out DIR       the folder for shard files (shard-i-of-N.json), checked (with the shard's file)
                  before the games start; "for-the-king merge DIR" adds them up

A progress bar (rate, time left) is drawn on stderr when it is a terminal. Each game's seed
depends only on --seed and the game's number, so shards run anywhere, in any order, and again.`,
  merge: `for-the-king merge DIR — the result of a simulation played in shards

Checks that DIR holds every shard of one plan (same players, bots, games, seed), each with a
valid checksum, and prints exactly what the unsharded "simulate" prints for that plan.

  --json          print the result as JSON instead of a table`,
  replay: `for-the-king replay FILE — step through a game record (a save: where it stands)

  --seat N        show what player N saw (default: what a spectator saw)
  --all           print the whole game without pausing
  --lang en|uk    language (default en)

On a terminal, press Enter for the next action, "a" for the rest, "q" to stop.`,
  serve: `for-the-king serve — the match host: the game's site (/), an HTTP lobby (/api) and WebSocket play (/ws)

  --port N        TCP port (default 8080; 0 picks a free one)
  --host ADDR     address to listen on (default 127.0.0.1; put a reverse proxy in front for the world)
  --data DIR      the embedded store's folder (default ./ftk-data, created if missing); matches
                  survive restarts
  --memory        keep matches in memory only
  --postgres URL  keep matches in PostgreSQL (postgres://user@host:5432/db; password from PGPASSWORD):
                  any number of hosts may share the database (needs the "pg" package)
  --static DIR    serve the files of DIR at / instead of the built-in site (the lobby and table at /,
                  the package's ES modules under /lib/); never its dotfiles
  --static-max-age SECONDS
                  with --static: how long browsers keep DIR's files other than HTML without asking
                  (default 0: they revalidate each time, a cheap 304 when unchanged)
  --cors ORIGINS  let pages of these other origins use the lobby and the WebSocket, separated by commas
                  (http://localhost:5173 for a Vite dev server; * for any)
  --trust-proxy   take client addresses from X-Forwarded-For (only behind your own reverse proxy)
  --metrics-port N
                  also listen on port N for /metrics (Prometheus), /health and /health/ready
                  (/health and /health/ready are on --port too)
  --metrics-host ADDR
                  the metrics listener's address (default 127.0.0.1; a private address to scrape
                  from another machine, never a public one)
  --expire-finished TIME
                  delete a finished match TIME after its last move (90s, 30m, 12h, 7d; default never)
  --expire-abandoned TIME
                  delete a match whose game is not over once nothing has happened in it for TIME
                  (nobody joined, or its players left; default never)
  --drop-records  drop an expired match's record too (default: kept, still served at
                  /api/matches/ID/record to the seats and the creator)
  --kept-records N
                  with --memory: keep the records of the latest N expired matches, dropping the
                  oldest (default 1000; the embedded store and PostgreSQL keep every record)
  --away TIME     how long a player must have been away before the match's creator may hand
                  their seat to a bot or give it a new link (default 60s)
  --matches-per-address N
                  matches one address may create at once (default 20; then one every --match-every)
  --match-every TIME
                  after those, one more match per address every TIME (default 30s)
  --bot-matches N matches with a bot to move this host has at once (default 50): past them, a new
                  match with a bot seat is refused until fewer have
  --take-over-lock PID
                  take over the --data folder's lock left by process PID, which must be gone
                  (check with ps -p PID on the host the refusal names): refused if the lock names
                  another process, or PID still runs here
  --cut-corrupt-tail
                  open a --data folder whose journal ends in records that fail their checksum
                  (changed on disk) by cutting them off, copied first to journal.ftk.cut-TIME;
                  only when there is no backup to restore

Needs the "ws" package (npm install ws). Stops cleanly on Ctrl-C or SIGTERM. See docs/server.md.`,
  'env-server': `for-the-king env-server — the learning environment over JSON lines on stdin and stdout

  --players N       create the environment at once (else send {"cmd":"make","players":N} first)
  --reward KIND     win (default: 1 for the winner, a shared win split) or points
  --encoding KIND   base64 (default: little-endian float32 / uint8 bytes) or json (arrays of numbers)
  --seed N          the seed of the first game; later resets without a seed follow from it

  --vector          batched games over binary frames instead (options in the first frame): the
                    protocol of the Python VectorEnv

One JSON request per line, one JSON answer per line: make, reset, step, observe, infoState,
globalState, action, score, state, clone, restore, load, drop, close. The Python wrapper
python/for_the_king_env.py speaks it (and --vector); docs/env.md describes both protocols.`,
};

const COMMANDS: Readonly<Record<string, { spec: OptionSpec; run: (p: ReturnType<typeof parseArgs>, io: Io) => Promise<number> }>> = {
  play: { spec: PLAY_OPTIONS, run: playCommand },
  watch: { spec: WATCH_OPTIONS, run: watchCommand },
  simulate: { spec: SIMULATE_OPTIONS, run: simulateCommand },
  merge: { spec: MERGE_OPTIONS, run: mergeCommand },
  replay: { spec: REPLAY_OPTIONS, run: replayCommand },
  serve: { spec: SERVE_OPTIONS, run: serveCommand },
  'env-server': { spec: ENV_SERVER_OPTIONS, run: envServerCommand },
};

/** @internal Runs the command line with `argv` (without `node` and the script); returns the exit code. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined) {
      // Nothing asked: a mistake, so the help goes where mistakes go.
      say(io.stderr, HELP[''] as string);
      return 2;
    }
    if (name === '--version' || name === '-v') {
      if (rest[0] !== undefined) throw new UsageError(`${name} takes no arguments, got "${rest[0]}"`);
      say(io.stdout, packageVersion());
      return 0;
    }
    if (name === '--help' || name === '-h' || name === 'help') {
      const [topic, extra] = rest;
      if (extra !== undefined) throw new UsageError(`${name} takes one command at most, got also "${extra}"`);
      if (topic !== undefined && !Object.hasOwn(COMMANDS, topic))
        throw new UsageError(`unknown command "${topic}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
      say(io.stdout, HELP[topic ?? ''] as string);
      return 0;
    }
    // Own names only: `constructor` is no command.
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!command)
      throw new UsageError(`unknown command "${name}" (commands: play, watch, simulate, merge, replay, serve, env-server; see --help)`);
    const parsed = parseArgs(rest, command.spec, name);
    if (parsed.options.help === true) {
      say(io.stdout, HELP[name] as string);
      return 0;
    }
    return await command.run(parsed, io);
  } catch (e) {
    if (e instanceof UsageError) {
      say(io.stderr, `for-the-king: ${printable(e.message)}`);
      return 2;
    }
    const message = e instanceof RulesError ? e.message : e instanceof Error ? e.message : String(e);
    say(io.stderr, `for-the-king: error: ${printable(message.split('\n')[0] ?? '')}`);
    return 1;
  }
}
