/**
 * A new match's settings, read from untrusted input (an HTTP body): the `createGame` options,
 * which seats bots play, who may watch, and the turn time limit.
 * @module
 */
import { botIdProblem } from '../bots/index.js';
import { createGame, type GameOptions, RulesError } from '../index.js';
import { HostError } from '../protocol/errors.js';
import type { ChatPolicy, MatchSettings, SpectatorPolicy, Visibility } from '../protocol/lobby.js';
import { isPlainObject } from '../protocol/plain.js';

/** The most ISMCTS iterations a host-played bot may use per move (it runs on the host's thread). */
export const MAX_HOST_BOT_ITERATIONS = 2000;
/** The shortest turn time limit, in milliseconds. */
export const MIN_TURN_TIME_MS = 1000;
/** The longest turn time limit, in milliseconds (one day). */
export const MAX_TURN_TIME_MS = 86_400_000;

function bad(message: string): HostError {
  return new HostError('BAD_OPTIONS', message);
}

/** Why a bot spec may not play a seat on the host, or `null` when it may. */
export function hostBotProblem(spec: unknown): string | null {
  if (typeof spec !== 'string' || spec.length > 32) return 'a bot is a string such as "heuristic", "random" or "ismcts:300"';
  const problem = botIdProblem(spec);
  if (problem !== null) return problem;
  // Both searches, with or without the networks: `name:N` is N iterations (the id is checked above).
  const colon = spec.indexOf(':');
  const name = colon < 0 ? spec : spec.slice(0, colon);
  if (spec === 'ismcts' || (colon >= 0 && Number(spec.slice(colon + 1)) > MAX_HOST_BOT_ITERATIONS)) {
    return `a bot played by the host uses at most ${MAX_HOST_BOT_ITERATIONS} ISMCTS iterations (write "${name}:${MAX_HOST_BOT_ITERATIONS}")`;
  }
  return null;
}

/** A new match's visibility when its settings name none: unlisted, reached only through its invite link (docs/server.md says why). */
export const DEFAULT_VISIBILITY: Visibility = 'unlisted';

/**
 * Reads match settings from untrusted input, field by field, into fresh plain values:
 * `{ players, seed?, firstPlayer?, variants?, bots?, spectators?, turnTimeMs?, visibility?, chat? }`.
 * Without a `seed`, the deal is provably fair (the host commits to a secret, each seat
 * contributes); with one, the creator chose the deal.
 *
 * @throws {@link HostError} `BAD_OPTIONS`, naming the field.
 * @example
 * ```ts
 * parseMatchSettings({ players: 3, bots: [null, null, 'heuristic'], spectators: 'public', turnTimeMs: 60000 });
 * ```
 */
export function parseMatchSettings(input: unknown): MatchSettings {
  if (!isPlainObject(input)) throw bad('match settings must be an object such as { "players": 3 }');
  const known = new Set(['players', 'seed', 'firstPlayer', 'variants', 'bots', 'spectators', 'turnTimeMs', 'visibility', 'chat']);
  for (const key of Object.keys(input)) if (!known.has(key)) throw bad(`unknown match setting "${key.slice(0, 40)}"`);
  const players = input.players;
  const seedIn = input.seed;
  const firstPlayer = input.firstPlayer;
  const variantsIn = input.variants;
  const botsIn = input.bots;
  const spectatorsIn = input.spectators;
  const turnIn = input.turnTimeMs;
  const visibilityIn = input.visibility;
  const chatIn = input.chat;

  if (
    seedIn !== undefined &&
    !(typeof seedIn === 'string' && seedIn.length <= 200) &&
    !(typeof seedIn === 'number' && Number.isSafeInteger(seedIn))
  ) {
    throw bad('seed must be a string of at most 200 characters or a safe integer');
  }
  let variants: Record<string, unknown> | undefined;
  if (variantsIn !== undefined) {
    if (!isPlainObject(variantsIn)) throw bad('variants must be an object');
    variants = {};
    for (const key of Object.keys(variantsIn)) {
      if (key !== 'payment' && key !== 'secondaryTitle' && key !== 'middle') throw bad(`unknown variant "${key.slice(0, 40)}"`);
      variants[key] = variantsIn[key];
    }
  }
  // Without a seed, createGame is tried with a stand-in: the fair deal's seed comes at the start.
  const options = {
    players,
    seed: seedIn ?? 0,
    ...(firstPlayer === undefined ? {} : { firstPlayer }),
    ...(variants === undefined ? {} : { variants }),
  } as GameOptions;
  try {
    createGame(options);
  } catch (e) {
    if (e instanceof RulesError) throw bad(e.message);
    throw e;
  }
  const n = options.players;

  let bots: (string | null)[] = new Array<string | null>(n).fill(null);
  if (botsIn !== undefined) {
    if (!Array.isArray(botsIn) || botsIn.length !== n)
      throw bad(`bots must be an array of ${n} entries (null for a person, or a bot such as "heuristic")`);
    bots = [];
    for (let i = 0; i < n; i++) {
      const b: unknown = botsIn[i];
      if (b === null) bots.push(null);
      else {
        const problem = hostBotProblem(b);
        if (problem !== null) throw bad(`bots[${i}]: ${problem}`);
        bots.push(b as string);
      }
    }
  }
  if (spectatorsIn !== undefined && spectatorsIn !== 'none' && spectatorsIn !== 'public')
    throw bad('spectators must be "none" or "public"');
  const spectators: SpectatorPolicy = spectatorsIn ?? 'none';
  const turnTimeMs = parseTurnTime(turnIn === undefined ? null : turnIn, bad);
  if (visibilityIn !== undefined && visibilityIn !== 'public' && visibilityIn !== 'unlisted')
    throw bad('visibility must be "public" (listed in the lobby) or "unlisted" (reached through its invite link)');
  const visibility: Visibility = visibilityIn ?? DEFAULT_VISIBILITY;
  if (chatIn !== undefined && chatIn !== 'seats' && chatIn !== 'everyone' && chatIn !== 'none')
    throw bad('chat must be "seats", "everyone" or "none"');
  const chat: ChatPolicy = chatIn ?? 'seats';
  const final = seedIn === undefined ? { ...options, seed: undefined } : options;
  return { options: JSON.parse(JSON.stringify(final)) as GameOptions, bots, spectators, turnTimeMs, visibility, chat };
}

/**
 * Reads a turn time limit from untrusted input: `null` (none) or an integer from
 * {@link MIN_TURN_TIME_MS} to {@link MAX_TURN_TIME_MS}.
 *
 * @throws {@link HostError} `BAD_OPTIONS` (or what `fail` makes).
 */
export function parseTurnTime(x: unknown, fail: (message: string) => HostError = bad): number | null {
  if (x === null) return null;
  if (typeof x !== 'number' || !Number.isInteger(x) || x < MIN_TURN_TIME_MS || x > MAX_TURN_TIME_MS) {
    throw fail(`turnTimeMs must be null or an integer from ${MIN_TURN_TIME_MS} to ${MAX_TURN_TIME_MS}`);
  }
  return x;
}
