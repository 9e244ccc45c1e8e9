/**
 * The HTTP lobby from a client: create, list, look at and join matches, with `fetch`
 * (global in browsers and Node 20).
 * @module
 */
import type { GameRecord } from '../index.js';
import type { MatchSettings, MatchSummary } from '../protocol/lobby.js';
import { ClientError } from './errors.js';

/** The part of a `fetch` response the lobby calls read. */
export interface FetchResponse {
  /** Whether the status is 2xx. */
  readonly ok: boolean;
  /** The HTTP status. */
  readonly status: number;
  /** The body, parsed as JSON. */
  json(): Promise<unknown>;
}

/** A `fetch` function (the global one by default). */
export type FetchLike = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<FetchResponse>;

/** Match settings as the lobby takes them: every field but `players` optional. */
export type NewMatch = Partial<Omit<MatchSettings, 'options'>> & MatchSettings['options'];

async function call<T>(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string | null },
  fetchImpl?: FetchLike,
): Promise<T> {
  const f = fetchImpl ?? (globalThis.fetch as unknown as FetchLike);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await f(`${base.replace(/\/+$/, '')}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // An empty or non-JSON answer: the status says enough.
  }
  if (!res.ok) {
    const err = (body as { error?: { code?: unknown; message?: unknown; rulesCode?: unknown } } | null)?.error;
    const code = typeof err?.code === 'string' ? err.code : 'HTTP';
    const message = typeof err?.message === 'string' ? err.message : `the host answered ${res.status}`;
    throw new ClientError(code, message, typeof err?.rulesCode === 'string' ? err.rulesCode : undefined);
  }
  return body as T;
}

/**
 * Creates a match. Keep `creatorToken`: it reopens seats and hands them to bots.
 *
 * @example
 * ```ts
 * const { match, creatorToken } = await createMatch('http://127.0.0.1:8080', { players: 3, bots: [null, null, 'heuristic'] });
 * ```
 */
export function createMatch(
  base: string,
  settings: NewMatch,
  fetchImpl?: FetchLike,
): Promise<{ match: MatchSummary; creatorToken: string }> {
  return call(base, '/matches', { method: 'POST', body: settings }, fetchImpl);
}

/** Open matches (with a free seat), newest first. */
export async function listMatches(base: string, fetchImpl?: FetchLike): Promise<MatchSummary[]> {
  return (await call<{ matches: MatchSummary[] }>(base, '/matches', {}, fetchImpl)).matches;
}

/** One match's summary. */
export async function getMatch(base: string, matchId: string, fetchImpl?: FetchLike): Promise<MatchSummary> {
  return (await call<{ match: MatchSummary }>(base, `/matches/${encodeURIComponent(matchId)}`, {}, fetchImpl)).match;
}

/**
 * Claims a seat (`seat`, or the first open one) under a display name. Keep the token (for
 * example in `localStorage`): it is the only way back to the seat.
 */
export function joinMatch(
  base: string,
  matchId: string,
  request: { name: string; seat?: number },
  fetchImpl?: FetchLike,
): Promise<{ seat: number; token: string }> {
  return call(base, `/matches/${encodeURIComponent(matchId)}/join`, { method: 'POST', body: request }, fetchImpl);
}

/**
 * The match as a `GameRecord` (options with the seed, every action, the names): with a seat
 * token (or none, for a match open to spectators) once the game is over; with the creator token
 * at any time. Replay it with `replayRecord`.
 */
export function fetchRecord(base: string, matchId: string, token: string | null, fetchImpl?: FetchLike): Promise<GameRecord> {
  return call(base, `/matches/${encodeURIComponent(matchId)}/record`, { token }, fetchImpl);
}

/** The creator reopens a seat whose player left (`bot: null`) or hands it to a bot. */
export async function reassignSeat(
  base: string,
  matchId: string,
  creatorToken: string,
  seat: number,
  bot: string | null,
  fetchImpl?: FetchLike,
): Promise<MatchSummary> {
  return (
    await call<{ match: MatchSummary }>(
      base,
      `/matches/${encodeURIComponent(matchId)}/seats/${seat}`,
      { method: 'POST', body: { bot }, token: creatorToken },
      fetchImpl,
    )
  ).match;
}
