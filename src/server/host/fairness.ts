/**
 * The host's side of provably fair deals (the scheme is `protocol/fairness.ts`'s): a secret and
 * its commitment at creation (and the rematch's, committed at once), each seat's contribution as
 * it takes a seat, the seed derived when the last seat is taken, the log digest after each
 * action, and the `fair.*` meta keys of the record that reveals it all at the end. Hashes are
 * Node's `createHash('sha256')` over the protocol's own input texts, so they equal the
 * WebCrypto ones a verifier computes.
 * @module
 */
import { createHash } from 'node:crypto';
import type { Action, RecordMetaValue } from '../../index.js';
import {
  commitmentInput,
  FAIR_META,
  FAIRNESS_SCHEME,
  logDigestInput,
  newContribution,
  seedFromDigest,
  seedInput,
} from '../../protocol/fairness.js';
import type { FairnessSummary } from '../../protocol/lobby.js';
import { isOpen } from '../seats.js';
import type { FairnessRecord, MatchPatch, MatchRecord, SeatRecord } from '../store/store.js';

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The commitment to `secret` (as `commitmentOf` computes it). */
export function commit(secret: string): string {
  return sha256Hex(commitmentInput(secret));
}

/** A fresh fair deal for `players` seats: a secret, its commitment, no contribution yet, and the rematch's secret. */
export function newFairness(players: number, secret: string = newContribution()): FairnessRecord {
  return { secret, commitment: commit(secret), contributions: new Array<string>(players).fill(''), nextSecret: newContribution() };
}

/** What the summary shows of a fair deal: the commitments, never the secrets. */
export function fairnessSummary(f: FairnessRecord | null | undefined): FairnessSummary | null {
  return f ? { commitment: f.commitment, nextCommitment: commit(f.nextSecret) } : null;
}

/** The fair deal after `seat` was taken with `contribution` (`''` for none) before the deal. */
export function contributed(f: FairnessRecord, seat: number, contribution: string): FairnessRecord {
  const contributions = [...f.contributions];
  contributions[seat] = contribution;
  return { ...f, contributions };
}

/**
 * The patch that makes the deal if every seat is now taken (a fair match not started yet): the
 * seed derived from the secret and the contributions, `startedAt`, and the contributions frozen
 * (a bot seat's is `''`). `null` when the match is not ready (or not fair, or started).
 */
export function dealPatch(m: MatchRecord, seats: readonly SeatRecord[], now: number): MatchPatch | null {
  const f = m.fairness;
  if (!f || m.startedAt !== null || seats.some(isOpen)) return null;
  const contributions = seats.map((s, i) => (s.bot === null ? (f.contributions[i] ?? '') : ''));
  const seed = seedFromDigest(sha256Hex(seedInput(f.secret, contributions)));
  return { options: { ...m.options, seed }, startedAt: now, fairness: { ...f, contributions } };
}

/** The log digest after `action`, following `previous` (as `logDigest` computes it). */
export function digestAfter(secret: string, previous: string, action: Action): string {
  return sha256Hex(logDigestInput(secret, previous, action));
}

/** The `fair.*` meta keys of a fair match's record: the scheme, commitment, secret, contributions and the last log digest. */
export function fairMeta(f: FairnessRecord, lastDigest: string): Record<string, RecordMetaValue> {
  const meta: Record<string, RecordMetaValue> = {
    [FAIR_META.scheme]: FAIRNESS_SCHEME,
    [FAIR_META.commitment]: f.commitment,
    [FAIR_META.secret]: f.secret,
    [FAIR_META.log]: lastDigest,
  };
  f.contributions.forEach((c, i) => {
    meta[`${FAIR_META.contribution}${i}`] = c;
  });
  return meta;
}
