/**
 * A seat's action, from untrusted input to the log: read it, check the session may play it at
 * this seq, advance the state once, append it (compare-and-set on the seq), push it, and set the
 * deadline the new position calls for (its failure does not undo the acknowledgement). The seat
 * is checked against the live match's record, which `Store.watchMatches` keeps fresh (a seat
 * another host reopened, handed to a bot or gave a new token arrives there as a notification): no
 * store read per action. A refusal reads the store once, in case this host has not heard of a
 * change that lets the session in (a new token).
 * @module
 */
import { type Action, type GameEvent, type GameState, parseAction, RulesError, step } from '../../index.js';
import { HostError } from '../../protocol/errors.js';
import type { LogEntry, Store } from '../store/store.js';
import { deadlineFor } from '../turns.js';
import { parseSeq } from './access.js';
import type { Deadlines } from './deadlines.js';
import type { Computed } from './live-match.js';
import type { LiveMatches } from './live-matches.js';
import type { Session } from './types.js';

/** What {@link submit} works with. */
export interface SubmitParts {
  readonly store: Store;
  readonly matches: LiveMatches;
  readonly deadlines: Deadlines;
  readonly now: () => number;
}

/** Plays the session's action (see {@link MatchHost.submit}). */
export async function submit(parts: SubmitParts, session: Session, actionIn: unknown, seqIn: unknown): Promise<{ seq: number }> {
  const { store, matches } = parts;
  const seq = parseSeq(seqIn, 'seq');
  let action: Action;
  try {
    action = parseAction(actionIn);
  } catch (e) {
    if (e instanceof RulesError) throw new HostError('ILLEGAL', e.message, e.code);
    throw e;
  }
  if (session.viewer === 'spectator') throw new HostError('FORBIDDEN', 'a spectator cannot act');
  if (action.player !== session.viewer)
    throw new HostError('FORBIDDEN', `this token holds seat ${session.viewer}, not seat ${action.player}`);
  const live = await matches.mustLoad(session.matchId);
  await matches.authorize(live, session);
  const computed = await live.serial(async () => {
    if (!live.started) {
      await matches.catchUp(live, store.getMatch(live.record.id));
      if (!live.started) throw new HostError('NOT_STARTED', 'the cards are dealt once every seat is taken');
    }
    if (seq < live.seq) throw new HostError('STALE', `the match is at update ${live.seq}, not ${seq}: sync and try again`);
    if (seq > live.seq) await matches.catchUp(live);
    if (seq !== live.seq) {
      throw new HostError(
        seq < live.seq ? 'STALE' : 'BAD_MESSAGE',
        `the match is at update ${live.seq}, not ${seq}${seq < live.seq ? ': sync and try again' : ''}`,
      );
    }
    let r: { state: GameState; events: readonly GameEvent[] };
    try {
      r = step(live.state, action);
    } catch (e) {
      if (e instanceof RulesError) throw new HostError('ILLEGAL', e.message, e.code);
      throw e;
    }
    const c: Computed = { action, state: r.state, events: r.events };
    live.computed.set(seq + 1, c);
    return c;
  });
  const at = parts.now();
  const entry: LogEntry = { seq: seq + 1, action, by: 'seat', at };
  if (!(await matches.commit(live, entry))) {
    throw new HostError('STALE', `another action was applied at update ${seq + 1} first: sync and try again`);
  }
  // From the live record as it is now, not as it was before the append: a turn time set meanwhile
  // (which set its own deadline) must not be undone by this one. Nor is it by a change another
  // host made that this one has not taken in yet: the store writes nothing decided at an old
  // version, and this host sets the deadline again from the new record (`LiveMatches.reread`).
  // The action is in: a deadline that cannot be written is logged and left to the sweep, not made
  // the action's answer.
  await parts.deadlines.follow(live.record, seq + 1, deadlineFor(live.record, computed.state, seq + 1, at));
  return { seq: seq + 1 };
}
