/**
 * Checking a fair match's record: that the host's revealed secret is the one it committed to
 * before any seat contributed, that the seed is the one the secret and the contributions give,
 * that every action is legal in turn (a replay), and that the actions are the ones whose log
 * digests the players were sent while they played. WebCrypto SHA-256: it runs in browsers.
 * @module
 */
import { type Action, checkRecord, type GameRecord, replay } from '../index.js';
import { commitmentOf, FAIR_META, FAIRNESS_SCHEME, fairSeed, logDigest } from '../protocol/fairness.js';

/** What {@link verifyRecord} may also check, from what the verifying player saw during the game. */
export interface VerifyOptions {
  /**
   * The log digests the player was sent, by seq (`client.table.fairness.digests`): each must be
   * the digest of the record's actions up to that seq. Without them, a changed action is caught
   * only if the record's own last digest (`fair.log`) was left as it was.
   */
  readonly seen?: ReadonlyMap<number, string> | readonly { readonly seq: number; readonly digest: string }[] | undefined;
  /** The verifying player's seat and the contribution it sent: the record must hold it. */
  readonly seat?: number | undefined;
  readonly contribution?: string | undefined;
}

/** Why a record failed {@link verifyRecord}. */
export type VerifyProblem = 'format' | 'commitment' | 'seed' | 'contribution' | 'actions' | 'log';

/** The answer of {@link verifyRecord}. */
export type Verification =
  | {
      readonly ok: true;
      /** The seed the record's deal was made from. */
      readonly seed: string;
      /** Every seat's contribution, in seat order (`''` for none). */
      readonly contributions: readonly string[];
      /** The number of actions checked. */
      readonly actions: number;
    }
  | { readonly ok: false; readonly problem: VerifyProblem; readonly message: string };

function fail(problem: VerifyProblem, message: string): Verification {
  return { ok: false, problem, message };
}

/**
 * Checks a fair match's record (from `fetchRecord` once the game is over) against `commitment`,
 * the hash the match's summary showed before anybody joined (keep it from then, not from the
 * record): the revealed secret hashes to it; the seed is derived from the secret and every
 * seat's contribution; every action is legal, replayed from that seed; the actions give the
 * record's last log digest and every digest in `options.seen`; `options.contribution` is the
 * record's contribution of `options.seat`. docs/server.md says what this proves and what not.
 *
 * @example
 * ```ts
 * import { fetchRecord, verifyRecord } from 'for-the-king-and-me/client';
 *
 * const record = await fetchRecord(base, matchId, token);
 * const result = await verifyRecord(record, commitmentSeenAtJoin, { seen: client.table.fairness?.digests, seat, contribution });
 * if (!result.ok) alert(`this deal does not check out: ${result.message}`);
 * ```
 */
export async function verifyRecord(record: unknown, commitment: string, options: VerifyOptions = {}): Promise<Verification> {
  let r: GameRecord;
  try {
    r = checkRecord(record);
  } catch (e) {
    return fail('format', e instanceof Error ? e.message : String(e));
  }
  const meta = r.meta ?? {};
  if (meta[FAIR_META.scheme] !== FAIRNESS_SCHEME)
    return fail('format', `the record is not of a fair match (no "${FAIR_META.scheme}": "${FAIRNESS_SCHEME}")`);
  const secret = meta[FAIR_META.secret];
  const lastDigest = meta[FAIR_META.log];
  if (typeof secret !== 'string' || typeof lastDigest !== 'string') return fail('format', 'the record lacks its secret or its log digest');
  const contributions: string[] = [];
  for (let i = 0; i < r.options.players; i++) {
    const c = meta[`${FAIR_META.contribution}${i}`];
    if (typeof c !== 'string') return fail('format', `the record lacks seat ${i}'s contribution`);
    contributions.push(c);
  }
  if ((await commitmentOf(secret)) !== commitment) return fail('commitment', 'the revealed secret is not the one the host committed to');
  const seed = await fairSeed(secret, contributions);
  if (r.options.seed !== seed) return fail('seed', 'the seed is not the one the secret and the contributions give');
  if (options.seat !== undefined && options.contribution !== undefined && contributions[options.seat] !== options.contribution) {
    return fail('contribution', `the record does not hold seat ${options.seat}'s contribution`);
  }
  try {
    replay(r.options, r.actions);
  } catch (e) {
    return fail('actions', e instanceof Error ? e.message : String(e));
  }
  const seen = new Map<number, string>(
    options.seen === undefined
      ? []
      : options.seen instanceof Map
        ? options.seen
        : (options.seen as readonly { seq: number; digest: string }[]).map((s) => [s.seq, s.digest]),
  );
  let digest = commitment;
  if (seen.has(0) && seen.get(0) !== digest) return fail('log', 'the digest seen before the first action is not the commitment');
  for (const [i, action] of r.actions.entries()) {
    digest = await logDigest(secret, digest, action as Action);
    const want = seen.get(i + 1);
    if (want !== undefined && want !== digest) return fail('log', `the actions up to ${i + 1} are not the ones the player was sent`);
  }
  for (const seq of seen.keys())
    if (seq > r.actions.length) return fail('log', `the player saw action ${seq}, but the record stops at ${r.actions.length}`);
  if (digest !== lastDigest) return fail('log', "the actions do not give the record's last log digest");
  return { ok: true, seed, contributions, actions: r.actions.length };
}
