/**
 * A match's records for export and audit: its raw log (the creator's: it holds every hidden
 * card) and its `GameRecord` (options with the seed, every action, the seats' names), given out
 * to seats and spectators once the game is over. A fair match's record also reveals the host's
 * secret, the contributions and the last log digest (`fair.*` meta keys), which `verifyRecord`
 * checks; before its end, not even the creator reads its log (the creator may be a player).
 * @module
 */
import { type GameRecord, makeRecord } from '../../index.js';
import { HostError } from '../../protocol/errors.js';
import type { LogEntry, MatchRecord, Store } from '../store/store.js';
import { isCreator } from './access.js';
import { fairMeta } from './fairness.js';
import type { LiveMatch } from './live-match.js';
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
async function isOver(parts: RecordParts, m: MatchRecord): Promise<{ over: boolean; live: LiveMatch }> {
  const live = await parts.matches.mustLoad(m.id);
  const over = await live.serial(async () => {
    await parts.matches.catchUp(live, parts.store.getMatch(m.id));
    return live.started && live.state.step === 'over';
  });
  return { over, live };
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
  if (m.fairness && !(await isOver(parts, m)).over) throw new HostError('FORBIDDEN', NOT_YET);
  return parts.store.readLog(m.id, 0);
}

/** The match as a `GameRecord` (see {@link MatchHost.record}). */
export async function gameRecord(parts: RecordParts, matchId: unknown, token: unknown, account: string | null = null): Promise<GameRecord> {
  const m = await parts.registry.stored(matchId);
  const creator = await isCreator(m, token, account);
  if (!creator) await parts.sessions.open(m.id, token ?? null, account);
  const { over, live } = await isOver(parts, m);
  if (!over && (!creator || m.fairness)) {
    throw new HostError(
      'FORBIDDEN',
      m.fairness ? NOT_YET : "a match's record is given out once the game is over (before that, only to its creator)",
    );
  }
  const log = await parts.store.readLog(m.id, 0);
  const record = live.record;
  const names = record.seats.map((s, i) => (s.name ?? `Seat ${i}`).slice(0, 100));
  const f = record.fairness;
  const lastDigest = live.digests[live.seq];
  return makeRecord(
    record.options,
    log.map((e) => e.action),
    {
      names,
      meta: {
        program: 'for-the-king-and-me server',
        match: record.id,
        createdAt: new Date(record.createdAt).toISOString(),
        ...(f && lastDigest !== undefined ? fairMeta(f, lastDigest) : {}),
      },
    },
  );
}
