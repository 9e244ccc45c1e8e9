/**
 * A match's records for export and audit: its raw log (the creator's only: it holds every hidden
 * card) and its `GameRecord` (options with the seed, every action, the seats' names), given out
 * to seats and spectators once the game is over.
 * @module
 */
import { type GameRecord, makeRecord } from '../../index.js';
import { HostError } from '../../protocol/errors.js';
import type { LogEntry, Store } from '../store/store.js';
import { isCreator } from './access.js';
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

/** The match's log, for its creator (see {@link MatchHost.actions}). */
export async function creatorLog(parts: RecordParts, matchId: unknown, creatorToken: unknown): Promise<readonly LogEntry[]> {
  const m = await parts.registry.stored(matchId);
  if (!(await isCreator(m, creatorToken))) throw new HostError('FORBIDDEN', "only the match's creator may read its log");
  return parts.store.readLog(m.id, 0);
}

/** The match as a `GameRecord` (see {@link MatchHost.record}). */
export async function gameRecord(parts: RecordParts, matchId: unknown, token: unknown): Promise<GameRecord> {
  const m = await parts.registry.stored(matchId);
  const creator = await isCreator(m, token);
  const log = await parts.store.readLog(m.id, 0);
  if (!creator) {
    await parts.sessions.open(m.id, token ?? null);
    const live = await parts.matches.mustLoad(m.id);
    const over = await live.serial(async () => {
      await parts.matches.catchUp(live);
      return live.state.step === 'over';
    });
    if (!over) throw new HostError('FORBIDDEN', "a match's record is given out once the game is over (before that, only to its creator)");
  }
  const names = m.seats.map((s, i) => (s.name ?? `Seat ${i}`).slice(0, 100));
  return makeRecord(
    m.options,
    log.map((e) => e.action),
    { names, meta: { program: 'for-the-king-and-me server', match: m.id, createdAt: new Date(m.createdAt).toISOString() } },
  );
}
