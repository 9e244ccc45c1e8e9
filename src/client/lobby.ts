/**
 * The HTTP lobby from a client: create, list, look at and join matches, with `fetch`
 * (global in browsers and Node 20).
 * @module
 */
import type { GameRecord } from '../index.js';
import { newContribution } from '../protocol/fairness.js';
import type { ChatLine, MatchSettings, MatchSummary } from '../protocol/lobby.js';
import { isPlainObject } from '../protocol/plain.js';
import type { RematchState } from '../protocol/server-messages.js';
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

/**
 * One call of the host's HTTP API. Its answer must be a JSON object holding every member of
 * `keys`; the errors are all {@link ClientError}s: the host's own code, `HTTP` (a refusal without
 * one), `NETWORK` (no answer at all) or `BAD_MESSAGE` (an answer that is not the API's).
 */
async function call<T>(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string | null },
  fetchImpl: FetchLike | undefined,
  keys: readonly string[],
): Promise<T> {
  const f = fetchImpl ?? (globalThis.fetch as unknown as FetchLike);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let res: FetchResponse;
  try {
    res = await f(`${base.replace(/\/+$/, '')}/api${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch (e) {
    throw new ClientError('NETWORK', `the host could not be reached: ${e instanceof Error ? e.message : String(e)}`);
  }
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
  const answer = body;
  if (!isPlainObject(answer))
    throw new ClientError('BAD_MESSAGE', `the host's answer to ${path} is not a JSON object: is this the game's host?`);
  const missing = keys.find((k) => answer[k] === undefined);
  if (missing !== undefined) throw new ClientError('BAD_MESSAGE', `the host's answer to ${path} has no "${missing}"`);
  return body as T;
}

/** What {@link createMatch} hands back. */
export interface CreatedMatch {
  readonly match: MatchSummary;
  /** Reopens seats, hands them to bots, gives them new tokens, sets the clock. Keep it private. */
  readonly creatorToken: string;
  /** The code that joins a seat of an unlisted match: share it in the invite link ({@link inviteLink}). */
  readonly invite: string;
}

/**
 * Creates a match (unlisted unless `visibility: 'public'`; without a `seed`, with a provably fair
 * deal). Keep `creatorToken` private; share `invite` with the players (see {@link inviteLink}).
 *
 * @example
 * ```ts
 * const { match, creatorToken, invite } = await createMatch('http://127.0.0.1:8080', { players: 3, bots: [null, null, 'heuristic'] });
 * ```
 */
export function createMatch(base: string, settings: NewMatch, fetchImpl?: FetchLike): Promise<CreatedMatch> {
  return call(base, '/matches', { method: 'POST', body: settings }, fetchImpl, ['match', 'creatorToken', 'invite']);
}

/** Public matches with a free seat, newest first (an unlisted match is never listed): the host's first page (50 by default; see {@link listOpenMatches}). */
export async function listMatches(base: string, fetchImpl?: FetchLike): Promise<MatchSummary[]> {
  return (await call<{ matches: MatchSummary[] }>(base, '/matches', {}, fetchImpl, ['matches'])).matches;
}

/** What {@link listOpenMatches} hands back: the newest open public matches, and whether the host has more. */
export interface OpenMatches {
  /** The open public matches, newest first. */
  readonly matches: MatchSummary[];
  /** The host has more open matches than these: ask again with a larger `limit`, up to 200 (past the newest 200, none can be listed). A host without paging says nothing: `false`. */
  readonly more: boolean;
}

/**
 * Public matches with a free seat, newest first: at most `limit` (1 to 200, the host's most: a
 * larger `limit` is taken as 200, so only the newest 200 can be listed; default 50), and whether
 * there are `more`.
 *
 * @example
 * ```ts
 * const { matches, more } = await listOpenMatches('http://127.0.0.1:8080', { limit: 30 });
 * ```
 */
export async function listOpenMatches(
  base: string,
  options: { readonly limit?: number } = {},
  fetchImpl?: FetchLike,
): Promise<OpenMatches> {
  const limit = options.limit === undefined ? null : Math.max(1, Math.min(200, Math.trunc(options.limit) || 1));
  const answer = await call<{ matches: MatchSummary[]; more?: unknown }>(
    base,
    limit === null ? '/matches' : `/matches?limit=${limit}`,
    {},
    fetchImpl,
    ['matches'],
  );
  return { matches: answer.matches, more: answer.more === true };
}

/** One match's summary. */
export async function getMatch(base: string, matchId: string, fetchImpl?: FetchLike): Promise<MatchSummary> {
  return (await call<{ match: MatchSummary }>(base, `/matches/${encodeURIComponent(matchId)}`, {}, fetchImpl, ['match'])).match;
}

/** What {@link joinMatch} takes: a display name, and optionally a seat, the invite code and a contribution. */
export interface JoinRequest {
  readonly name: string;
  readonly seat?: number;
  /** The invite code (needed for an unlisted match; the invite link carries it). */
  readonly invite?: string;
  /** The seat's contribution to a fair deal; drawn with `newContribution()` when not given. Pass the same one when retrying. */
  readonly contribution?: string;
}

/**
 * Claims a seat (`seat`, or the first open one) under a display name, with the invite code for
 * an unlisted match, and contributes to a fair deal. Keep the token (for example in
 * `localStorage`): it is the only way back to the seat. Keep the contribution to check the
 * record at the end (`verifyRecord`).
 *
 * @example
 * ```ts
 * const { match, invite } = readInvite(location.href)!;
 * const { seat, token, contribution } = await joinMatch(location.origin, match, { name: 'Bo', invite });
 * ```
 */
export async function joinMatch(
  base: string,
  matchId: string,
  request: JoinRequest,
  fetchImpl?: FetchLike,
): Promise<{ seat: number; token: string; contribution: string }> {
  const contribution = request.contribution ?? newContribution();
  const r = await call<{ seat: number; token: string }>(
    base,
    `/matches/${encodeURIComponent(matchId)}/join`,
    { method: 'POST', body: { ...request, contribution } },
    fetchImpl,
    ['seat', 'token'],
  );
  return { seat: r.seat, token: r.token, contribution };
}

/**
 * The creator gives a seat a new token (its player lost theirs, or a bot's seat goes back to a
 * person): the seat must be open, a bot's, or its player left or away long enough. Hand the token
 * to the player (for example in a link: {@link seatLink}); the old one stops working.
 *
 * @example
 * ```ts
 * const { token } = await reissueSeat(base, matchId, creatorToken, 1);
 * ```
 */
export function reissueSeat(
  base: string,
  matchId: string,
  creatorToken: string,
  seat: number,
  name?: string,
  fetchImpl?: FetchLike,
): Promise<{ seat: number; token: string }> {
  return call(
    base,
    `/matches/${encodeURIComponent(matchId)}/seats/${seat}/token`,
    { method: 'POST', body: name === undefined ? {} : { name }, token: creatorToken },
    fetchImpl,
    ['seat', 'token'],
  );
}

/**
 * The creator sets the turn time of a match, also while it runs (`null`: none; else 1,000 to
 * 86,400,000 ms); the turn's clock starts again.
 *
 * @example
 * ```ts
 * await setTurnTime(base, matchId, creatorToken, 60_000);
 * ```
 */
export async function setTurnTime(
  base: string,
  matchId: string,
  creatorToken: string,
  turnTimeMs: number | null,
  fetchImpl?: FetchLike,
): Promise<MatchSummary> {
  const path = `/matches/${encodeURIComponent(matchId)}/clock`;
  return (
    await call<{ match: MatchSummary }>(base, path, { method: 'POST', body: { turnTimeMs }, token: creatorToken }, fetchImpl, ['match'])
  ).match;
}

/**
 * Agrees to a rematch over HTTP (a connected `MatchClient` has `agreeToRematch()`), with a fresh
 * contribution to its fair deal. Resolves with the rematch's state (`next` once everybody agreed).
 */
export async function agreeToRematch(
  base: string,
  matchId: string,
  token: string,
  fetchImpl?: FetchLike,
): Promise<{ rematch: RematchState; contribution: string }> {
  const contribution = newContribution();
  const path = `/matches/${encodeURIComponent(matchId)}/rematch`;
  const r = await call<{ rematch: RematchState }>(base, path, { method: 'POST', body: { contribution }, token }, fetchImpl, ['rematch']);
  return { rematch: r.rematch, contribution };
}

/**
 * The match's chat lines after `after`, oldest first, the next 200 at most (with a seat token, or
 * none for a spectator when the chat is everyone's): read on after the last line's `n` while a
 * page comes back full (the host's answer also says `more`).
 */
export async function readChat(base: string, matchId: string, token: string | null, after = 0, fetchImpl?: FetchLike): Promise<ChatLine[]> {
  return (await readChatPage(base, matchId, token, after, fetchImpl)).chat;
}

/** @internal {@link readChat}'s page and whether more lines follow it (`more`; `false` when the host does not say). */
export async function readChatPage(
  base: string,
  matchId: string,
  token: string | null,
  after: number,
  fetchImpl?: FetchLike,
): Promise<{ chat: ChatLine[]; more: boolean }> {
  const path = `/matches/${encodeURIComponent(matchId)}/chat?after=${after}`;
  const answer = await call<{ chat: ChatLine[]; more?: unknown }>(base, path, { token }, fetchImpl, ['chat']);
  return { chat: answer.chat, more: answer.more === true };
}

/**
 * The match as a `GameRecord` (options with the seed, every action, the names): with a seat
 * token (or none, for a match open to spectators) once the game is over; with the creator token
 * at any time. Replay it with `replayRecord`.
 */
export function fetchRecord(base: string, matchId: string, token: string | null, fetchImpl?: FetchLike): Promise<GameRecord> {
  return call(base, `/matches/${encodeURIComponent(matchId)}/record`, { token }, fetchImpl, ['actions']);
}

/**
 * The creator reopens a seat (`bot: null`) or hands it to a bot: a seat that is open, a bot's, or
 * whose player left or has been away longer than the host's set time.
 *
 * @example
 * ```ts
 * await reassignSeat(base, matchId, creatorToken, 1, 'heuristic');
 * ```
 */
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
      ['match'],
    )
  ).match;
}
