/**
 * Checking a fair match's record: that the host's revealed secret is the one it committed to
 * before any seat contributed, that the seed is the one the secret and the contributions give,
 * that every action is legal in turn (a replay), that the actions are the ones whose log
 * digests the players were sent while they played, and that the views a player was shown are the
 * replayed deal's; with the summary seen before joining, that the options are the announced ones. WebCrypto SHA-256: it runs in browsers.
 * @module
 */
import {
  type Action,
  checkRecord,
  createGame,
  DEFAULT_VARIANTS,
  type GameRecord,
  type GameState,
  isGameOver,
  replay,
  type Viewer,
  view,
} from '../index.js';
import {
  canonicalJson,
  commitmentOf,
  FAIR_META,
  FAIRNESS_SCHEME,
  fairSeed,
  fairViewInput,
  logDigest,
  sha256Hex,
} from '../protocol/fairness.js';

/**
 * Digests by seq, as {@link verifyRecord} takes them: a `Map` (as the client keeps them), a list of
 * `{ seq, digest }`, or a list of `[seq, digest]` pairs (`Array.from(map)`, what a page stores).
 */
export type SeqDigests =
  | ReadonlyMap<number, string>
  | readonly { readonly seq: number; readonly digest: string }[]
  | readonly (readonly [number, string])[];

/**
 * What {@link verifyRecord} compares with a match's summary seen before joining (a
 * `MatchSummary` fits): the commitment, the player count, the variants and the first player the
 * match was created with.
 */
export interface VerifySummary {
  readonly players: number;
  readonly variants: Readonly<Record<string, unknown>>;
  /** Absent counts as `null` (the deal draws the first player). */
  readonly firstPlayer?: number | null | undefined;
  readonly fairness: { readonly commitment: string } | null;
  /**
   * The seats as the summary showed them: when `options.bots` is not given (the client did not
   * see the seats at the deal), the seats shown as bots here must have contributed `''`.
   */
  readonly seats?: readonly { readonly kind: string }[] | undefined;
}

/**
 * What {@link verifyRecord} may also check, from what the verifying player saw during the game
 * (`client.table.fairness`, after `await client.table.fairness.settled()`). Every option is read
 * once and strictly: a malformed one is the answer `{ ok: false, problem: 'format' }`.
 */
export interface VerifyOptions {
  /**
   * The log digests the player was sent, by seq (`fairness.digests`): each must be the digest of
   * the record's actions up to that seq. Without them, a changed action is caught only if the
   * record's own last digest (`fair.log`) was left as it was.
   */
  readonly seen?: SeqDigests | undefined;
  /** The verifying player's seat and the contribution it sent: the record must hold it. Give both or neither. */
  readonly seat?: number | undefined;
  readonly contribution?: string | undefined;
  /** The seats seen as bots when the cards were dealt (`fairness.bots`): each one's contribution in the record must be `''`. */
  readonly bots?: readonly number[] | undefined;
  /**
   * The digests of the views the player was shown, by seq (`fairness.views`): each must be the
   * digest (`fairViewDigest`) of the view of `seat` (a spectator's without one) in the replayed
   * deal at that seq, so the cards the host showed are the ones the record deals.
   */
  readonly views?: SeqDigests | undefined;
  /** The match's summary seen before joining: its commitment, players, variants and first player must be the record's. */
  readonly summary?: VerifySummary | undefined;
}

/** Why a record failed {@link verifyRecord}. */
export type VerifyProblem = 'format' | 'commitment' | 'options' | 'seed' | 'contribution' | 'actions' | 'log' | 'views';

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
      /** Whether the record's game reached its end (a record cut short can verify, digests aside). */
      readonly over: boolean;
    }
  | { readonly ok: false; readonly problem: VerifyProblem; readonly message: string };

function fail(problem: VerifyProblem, message: string): Verification {
  return { ok: false, problem, message };
}

/** A malformed option: the `format` answer, naming it. */
class BadOption extends Error {}

function isSeqNumber(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Digests by seq read once from `x` (see {@link SeqDigests}); `undefined` when not given. @throws {@link BadOption} */
function readSeqDigests(name: string, x: unknown): Map<number, string> | undefined {
  if (x === undefined) return undefined;
  const form = `options.${name} must be a Map of seq to digest, a list of { seq, digest } or of [seq, digest] pairs (seq a whole number from 0, digest a string)`;
  let entries: [unknown, unknown][];
  if (x instanceof Map) entries = [...x.entries()];
  else if (Array.isArray(x))
    entries = [...x].map((e: unknown): [unknown, unknown] => {
      if (Array.isArray(e) && e.length === 2) return [e[0], e[1]];
      if (isObject(e)) return [e.seq, e.digest];
      throw new BadOption(form);
    });
  else throw new BadOption(form);
  const map = new Map<number, string>();
  for (const [seq, digest] of entries) {
    if (!isSeqNumber(seq) || typeof digest !== 'string') throw new BadOption(form);
    if (map.has(seq) && map.get(seq) !== digest) throw new BadOption(`options.${name} names seq ${seq} twice, with two digests`);
    map.set(seq, digest);
  }
  return map;
}

/** The options read once, checked. */
interface ReadOptions {
  readonly seen: Map<number, string> | undefined;
  readonly mine: { readonly seat: number; readonly contribution: string } | undefined;
  readonly bots: readonly number[] | undefined;
  readonly views: Map<number, string> | undefined;
  readonly summary:
    | {
        readonly players: unknown;
        readonly variants: Record<string, unknown>;
        readonly firstPlayer: number | null;
        readonly commitment: string | null;
      }
    | undefined;
}

/** Reads `options` once, strictly. @throws {@link BadOption} (or whatever a getter throws) */
function readOptions(options: unknown): ReadOptions {
  if (options === undefined) return { seen: undefined, mine: undefined, bots: undefined, views: undefined, summary: undefined };
  if (!isObject(options)) throw new BadOption('options must be an object');
  const seen = readSeqDigests('seen', options.seen);
  const views = readSeqDigests('views', options.views);
  const seat = options.seat;
  const contribution = options.contribution;
  if (seat !== undefined && !isSeqNumber(seat)) throw new BadOption('options.seat must be a seat number');
  if (contribution !== undefined && typeof contribution !== 'string') throw new BadOption('options.contribution must be a string');
  if ((seat === undefined) !== (contribution === undefined))
    throw new BadOption('options.seat and options.contribution go together: give both or neither');
  const botsIn = options.bots;
  let bots: number[] | undefined;
  if (botsIn !== undefined) {
    if (!Array.isArray(botsIn)) throw new BadOption('options.bots must be a list of seat numbers');
    bots = [...botsIn];
    if (!bots.every(isSeqNumber)) throw new BadOption('options.bots must be a list of seat numbers');
  }
  const summaryIn = options.summary;
  let summary: ReadOptions['summary'];
  if (summaryIn !== undefined) {
    const form = 'options.summary must be a match summary: { players, variants, firstPlayer, fairness }';
    if (!isObject(summaryIn)) throw new BadOption(form);
    const { players, variants, firstPlayer, fairness, seats } = summaryIn;
    if (!isSeqNumber(players) || !isObject(variants)) throw new BadOption(form);
    if (firstPlayer !== undefined && firstPlayer !== null && !isSeqNumber(firstPlayer)) throw new BadOption(form);
    let commitment: string | null = null;
    if (fairness !== null) {
      if (!isObject(fairness)) throw new BadOption(form);
      const c = fairness.commitment;
      if (typeof c !== 'string') throw new BadOption(form);
      commitment = c;
    }
    let summaryBots: number[] | undefined;
    if (seats !== undefined) {
      if (!Array.isArray(seats)) throw new BadOption(form);
      summaryBots = [];
      for (const [i, seat] of [...(seats as readonly unknown[])].entries()) {
        if (!isObject(seat) || typeof seat.kind !== 'string') throw new BadOption(form);
        if (seat.kind === 'bot') summaryBots.push(i);
      }
    }
    summary = { players, variants: { ...variants }, firstPlayer: firstPlayer ?? null, commitment };
    // The seats seen at the deal say best which were bots; without them, the summary's.
    if (bots === undefined) bots = summaryBots;
  }
  return {
    seen,
    mine: seat === undefined ? undefined : { seat: seat as number, contribution: contribution as string },
    bots,
    views,
    summary,
  };
}

/**
 * Checks a fair match's record (from `fetchRecord` once the game is over) against `commitment`,
 * the hash the match's summary showed before anybody joined (keep it from then, not from the
 * record): the revealed secret hashes to it; the record's options are the summary's
 * (`options.summary`); the seed is derived from the secret and every seat's contribution;
 * `options.contribution` is the record's contribution of `options.seat`, and every seat in
 * `options.bots` contributed `''`; every action is legal, replayed from that seed; the actions
 * give the record's last log digest and every digest in `options.seen`; the replayed deal shows
 * the views whose digests are in `options.views`. It never throws: malformed input is the
 * answer `format`. docs/server.md says what this proves and what not.
 *
 * @example
 * ```ts
 * import { fetchRecord, verifyRecord } from 'for-the-king-and-me/client';
 *
 * const record = await fetchRecord(base, matchId, token);
 * const fairness = client.table.fairness;
 * await fairness?.settled();
 * const result = await verifyRecord(record, summarySeenAtJoin.fairness.commitment, {
 *   seen: fairness?.digests, views: fairness?.views, bots: fairness?.bots ?? undefined,
 *   summary: summarySeenAtJoin, seat, contribution,
 * });
 * if (!result.ok) alert(`this deal does not check out: ${result.message}`);
 * ```
 */
export async function verifyRecord(record: unknown, commitment: string, options?: VerifyOptions): Promise<Verification> {
  let r: GameRecord;
  let o: ReadOptions;
  try {
    o = readOptions(options);
    r = checkRecord(record);
  } catch (e) {
    return fail('format', e instanceof Error ? e.message : String(e));
  }
  if (typeof commitment !== 'string') return fail('format', 'the commitment must be a string');
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
  const summary = o.summary;
  if (summary !== undefined && summary.commitment !== commitment)
    return fail('commitment', 'the commitment is not the one the summary seen before joining showed');
  if ((await commitmentOf(secret)) !== commitment) return fail('commitment', 'the revealed secret is not the one the host committed to');
  if (summary !== undefined) {
    if (r.options.players !== summary.players)
      return fail('options', `the record has ${r.options.players} players, the summary ${summary.players}`);
    // As values: a variant the summary leaves out is the default one (the record names them all).
    if (canonicalJson({ ...DEFAULT_VARIANTS, ...r.options.variants }) !== canonicalJson({ ...DEFAULT_VARIANTS, ...summary.variants }))
      return fail('options', "the record's variants are not the summary's");
    if ((r.options.firstPlayer ?? null) !== summary.firstPlayer)
      return fail('options', `the record names first player ${r.options.firstPlayer ?? null}, the summary ${summary.firstPlayer}`);
  }
  const seed = await fairSeed(secret, contributions);
  if (r.options.seed !== seed) return fail('seed', 'the seed is not the one the secret and the contributions give');
  if (o.mine !== undefined && contributions[o.mine.seat] !== o.mine.contribution) {
    return fail('contribution', `the record does not hold seat ${o.mine.seat}'s contribution`);
  }
  for (const bot of o.bots ?? [])
    if (contributions[bot] !== '') return fail('contribution', `seat ${bot} was a bot at the deal, but the record gives it a contribution`);
  // The views to compare are read during the replay: each seq's text, hashed afterwards.
  const viewer: Viewer = o.mine?.seat ?? 'spectator';
  const views = o.views ?? new Map<number, string>();
  const texts = new Map<number, string>();
  let final: GameState;
  try {
    if (views.has(0)) texts.set(0, fairViewInput(view(createGame(r.options), viewer)));
    final = replay(r.options, r.actions, (i, _action, state) => {
      if (views.has(i + 1)) texts.set(i + 1, fairViewInput(view(state, viewer)));
    });
  } catch (e) {
    return fail('actions', e instanceof Error ? e.message : String(e));
  }
  const seen = o.seen ?? new Map<number, string>();
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
  for (const [seq, want] of views) {
    const text = texts.get(seq);
    if (text === undefined) return fail('views', `the player was shown update ${seq}, but the record stops at ${r.actions.length}`);
    if ((await sha256Hex(text)) !== want) return fail('views', `the view shown at update ${seq} is not the one the record's deal gives`);
  }
  return { ok: true, seed, contributions, actions: r.actions.length, over: isGameOver(final) };
}
