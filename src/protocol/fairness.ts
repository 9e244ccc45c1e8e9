/**
 * Provably fair deals: what the host and a verifier agree on. The host commits to a secret when
 * it creates a match (`commitmentOf`, in the match's summary); each seat contributes a random
 * value when it joins (`newContribution`); when every seat is taken the seed is derived from all
 * of them (`fairSeed`); every applied action extends a digest chain keyed by the secret
 * (`logDigest`, sent with each update); the record at the end reveals the secret and the
 * contributions under the `fair.*` meta keys. A client keeps a digest of each view it was shown
 * (`fairViewDigest`), which `verifyRecord` compares with the views of the replayed deal. The
 * exact byte strings hashed are built by the `…Input` functions, so a host without WebCrypto (Node's `crypto.createHash`) hashes the same.
 * docs/server.md, "Provably fair deals", says what this proves and what it does not.
 * @module
 */
import type { Action, PlayerView } from '../index.js';

/** The scheme's name, in a fair record's `fair.scheme` meta key. */
export const FAIRNESS_SCHEME = 'ftk-fair-v1';

/** The meta keys of a fair match's record. `fair.contribution.<seat>` holds each seat's contribution. */
export const FAIR_META = {
  scheme: 'fair.scheme',
  commitment: 'fair.commitment',
  secret: 'fair.secret',
  log: 'fair.log',
  contribution: 'fair.contribution.',
} as const;

/** The longest contribution a seat may send, in characters (base64url). */
export const MAX_CONTRIBUTION_LENGTH = 128;

/** Whether `x` can be a seat's contribution: base64url text of at most {@link MAX_CONTRIBUTION_LENGTH} characters (`''` for none). */
export function isContribution(x: unknown): x is string {
  return typeof x === 'string' && x.length <= MAX_CONTRIBUTION_LENGTH && /^[A-Za-z0-9_-]*$/.test(x);
}

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A fresh random value (256 bits from WebCrypto, base64url): a seat's contribution to a fair
 * deal, or a host's secret. Keep your contribution: `verifyRecord` can check the record holds it.
 *
 * @example
 * ```ts
 * const contribution = newContribution(); // 43 characters
 * ```
 */
export function newContribution(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return base64url(bytes);
}

/** JSON with every object's keys sorted: one text per value, whatever order its keys were built in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The text whose SHA-256 is the commitment to `secret`. */
export function commitmentInput(secret: string): string {
  return JSON.stringify([`${FAIRNESS_SCHEME} commitment`, secret]);
}

/** The text whose SHA-256 gives the seed of a fair deal. */
export function seedInput(secret: string, contributions: readonly string[]): string {
  return JSON.stringify([`${FAIRNESS_SCHEME} seed`, secret, ...contributions]);
}

/** The text whose SHA-256 is the log digest after `action`, following digest `previous` (the commitment before the first action). */
export function logDigestInput(secret: string, previous: string, action: Action): string {
  return canonicalJson([`${FAIRNESS_SCHEME} log`, secret, previous, action]);
}

/**
 * The text whose SHA-256 is a view's digest: the view's canonical JSON with `legal` left out (the
 * host may send it as action ids; the rules give it from the rest). Read a view as it arrives:
 * one changed later in place would give another text.
 */
export function fairViewInput(view: PlayerView): string {
  const { legal: _legal, ...rest } = view;
  return canonicalJson(rest);
}

/** The seed a fair deal's digest gives: `fair-v1:` and the digest. */
export function seedFromDigest(hex: string): string {
  return `fair-v1:${hex}`;
}

/** SHA-256 of the UTF-8 of `text`, as 64 lowercase hex digits (WebCrypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let hex = '';
  for (const b of new Uint8Array(digest)) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The commitment to a secret: the SHA-256 a match's summary shows from its creation on.
 *
 * @example
 * ```ts
 * const ok = (await commitmentOf(record.meta['fair.secret'] as string)) === summary.fairness.commitment;
 * ```
 */
export function commitmentOf(secret: string): Promise<string> {
  return sha256Hex(commitmentInput(secret));
}

/**
 * The seed of a fair deal: derived from the host's secret and every seat's contribution, in seat
 * order (`''` for a seat without one).
 *
 * @example
 * ```ts
 * const seed = await fairSeed(secret, [aliceContribution, '', bobContribution]);
 * ```
 */
export async function fairSeed(secret: string, contributions: readonly string[]): Promise<string> {
  return seedFromDigest(await sha256Hex(seedInput(secret, contributions)));
}

/**
 * The log digest after `action`: each applied action extends the chain that starts at the
 * commitment, keyed by the secret (so nobody can test a guess at a hidden card against it before
 * the secret is revealed).
 *
 * @example
 * ```ts
 * let digest = commitment;
 * for (const action of record.actions) digest = await logDigest(secret, digest, action);
 * ```
 */
export function logDigest(secret: string, previous: string, action: Action): Promise<string> {
  return sha256Hex(logDigestInput(secret, previous, action));
}

/**
 * The digest of a view (SHA-256 of {@link fairViewInput}): what a client keeps of each view a
 * fair match's host showed it (`client.table.fairness.views`), and what `verifyRecord` compares
 * with the view of the replayed deal at the same seq.
 *
 * @example
 * ```ts
 * const digest = await fairViewDigest(view(state, 0));
 * ```
 */
export function fairViewDigest(view: PlayerView): Promise<string> {
  return sha256Hex(fairViewInput(view));
}
