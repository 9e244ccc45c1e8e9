/**
 * A match's records for export and audit: its raw log (the creator's only: it holds every hidden
 * card) and its `GameRecord` (options with the seed, every action, the seats' names), given out
 * to seats and spectators once the game is over; an expired match's kept record to the same
 * people. A fair match's record also reveals the host's secret, the contributions and the last
 * log digest (`fair.*` meta keys), which `verifyRecord` checks; before its end, not even the
 * creator reads its log (the creator may be a player).
 * @module
 */
import { type GameRecord, makeRecord } from '../../index.js';
import { HostError } from '../../protocol/errors.js';
import type { KeptRecord, LogEntry, MatchRecord, Store } from '../store/store.js';
import { isTokenText } from '../tokens.js';
import { givenHash, isCreator, noSeat } from './access.js';
import { digestAfter, fairMeta } from './fairness.js';
import type { LiveMatches } from './live-matches.js';
import type { MatchRegistry } from './registry.js';
import type { Sessions } from './sessions.js';

/** What the record calls work with. */
export interface RecordParts {
  readonly store: Store;
  readonly registry: MatchRegistry;
  readonly sessions: Sessions;
  readonly matches: LiveMatches;
}

/** Whether the match's game is over (its live state caught up with the log). */
async function isOver(parts: RecordParts, m: MatchRecord): Promise<boolean> {
  const live = await parts.matches.mustLoad(m.id);
  return live.serial(async () => {
    await parts.matches.catchUp(live, parts.store.getMatch(m.id));
    return live.started && live.state.step === 'over';
  });
}

const NOT_YET = "a fair match's record and log are given out once the game is over (the seed gives away every card)";

/** The match's log, for its creator (see {@link MatchHost.actions}); a fair match's only once it is over. */
export async function creatorLog(
  parts: RecordParts,
  matchId: unknown,
  creatorToken: unknown,
  account: string | null = null,
): Promise<readonly LogEntry[]> {
  const m = await parts.registry.stored(matchId);
  if (!(await isCreator(m, creatorToken, account))) throw new HostError('FORBIDDEN', "only the match's creator may read its log");
  if (m.fairness && !(await isOver(parts, m))) throw new HostError('FORBIDDEN', NOT_YET);
  return parts.store.readLog(m.id, 0);
}

/**
 * The match as a `GameRecord`: its options with the seed, every action of `log`, the seats'
 * names (a bot's by its seat and kind, "Bot 2 (random)"); with bots, `meta.bots`: the bot of each
 * seat, comma-separated, empty for a person's ("`,random,heuristic`"); a fair match's also its
 * `fair.*` meta keys (the log digest chained over `log`).
 */
export function recordOf(m: MatchRecord, log: readonly LogEntry[]): GameRecord {
  // A bot's seat name says only its kind ("Bot (random)"): the record names it by its seat too, as the table does.
  const names = m.seats.map((s, i) => (s.bot === null ? (s.name ?? `Seat ${i}`) : `Bot ${i} (${s.bot})`).slice(0, 100));
  const bots = m.seats.map((s) => s.bot ?? '').join(',');
  const f = m.fairness;
  let lastDigest = f?.commitment;
  if (f) for (const e of log) lastDigest = digestAfter(f.secret, lastDigest as string, e.action);
  return makeRecord(
    m.options,
    log.map((e) => e.action),
    {
      names,
      meta: {
        program: 'for-the-king-and-me server',
        match: m.id,
        createdAt: new Date(m.createdAt).toISOString(),
        ...(bots.length > m.seats.length - 1 && bots.length <= 100 ? { bots } : {}),
        ...(f && lastDigest !== undefined ? fairMeta(f, lastDigest) : {}),
      },
    },
  );
}

/** The match as a `GameRecord` (see {@link MatchHost.record}); an expired match's kept record to the same people. */
export async function gameRecord(parts: RecordParts, matchId: unknown, token: unknown, account: string | null = null): Promise<GameRecord> {
  let m: MatchRecord;
  try {
    m = await parts.registry.stored(matchId);
  } catch (e) {
    const kept = e instanceof HostError && e.code === 'NOT_FOUND' && isTokenText(matchId) ? await parts.store.keptRecord(matchId) : null;
    if (kept === null) throw e;
    return keptFor(kept, token, account);
  }
  const creator = await isCreator(m, token, account);
  if (!creator) await parts.sessions.open(m.id, token ?? null, account);
  if (!(await isOver(parts, m)) && (!creator || m.fairness)) {
    throw new HostError(
      'FORBIDDEN',
      m.fairness ? NOT_YET : "a match's record is given out once the game is over (before that, only to its creator)",
    );
  }
  const log = await parts.store.readLog(m.id, 0);
  return recordOf((await parts.store.getMatch(m.id)) ?? m, log);
}

/**
 * An expired match's kept record, for the people who could read its record before it expired.
 * With an `account` (the app's `authenticate` named one), a bearer token that is no seat's nor the
 * creator's may be the app's own credential: the reader is one without a seat, as in
 * `Sessions.open`.
 */
async function keptFor(kept: KeptRecord, token: unknown, account: string | null): Promise<GameRecord> {
  const given = token !== null && token !== undefined;
  const hash = await givenHash(token, account);
  if (hash !== null && hash === kept.creatorHash) return kept.record;
  if (hash === null || !kept.seatHashes.includes(hash)) {
    if (given && account === null) throw noSeat();
    if (kept.spectators !== 'public') throw new HostError('FORBIDDEN', 'this match has no spectators');
  }
  if (kept.kind !== 'finished') {
    throw new HostError('FORBIDDEN', "a match's record is given out once the game is over (before that, only to its creator)");
  }
  return kept.record;
}
