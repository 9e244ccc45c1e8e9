/**
 * The receiving side of a seat's updates: each action's events once and in seq order, and the
 * view kept current from whole views (protocol version 1, a welcome, a sync) and patches
 * (version 2) checked against their digest. A gap or a patch that does not fit asks for the
 * whole view again (the connection does the asking); patches that arrive meanwhile are kept and
 * applied after the answer. No I/O: {@link MatchClient} feeds it the host's messages.
 * @module
 */
import type { PlayerView } from '../index.js';
import { type CompactView, expandView, type WireView } from '../protocol/compact.js';
import { viewDigest } from '../protocol/digest.js';
import { MemberDigest } from '../protocol/member-digest.js';
import { isSeq } from '../protocol/parse.js';
import { applyPatch, unescapeKey } from '../protocol/patch.js';
import { isPlainObject } from '../protocol/plain.js';
import type { Clock, EventsAt, PatchMessage } from '../protocol/server-messages.js';
import { ClientError } from './errors.js';

/** Patches kept while the view is being fetched again; past this many, the client asks again. */
const MAX_PENDING_PATCHES = 256;

/** What a {@link ViewStream} tells its connection. */
export interface ViewStreamHooks {
  /**
   * An action's events, once each, in seq order: `live` for an update as it happened (with its
   * clock), not for one caught up from a welcome or a sync.
   */
  readonly events: (u: EventsAt & Partial<Clock>, live: boolean) => void;
  /** A new view at `seq`. */
  readonly view: (view: PlayerView, seq: number) => void;
  /** The view is behind or did not fit: fetch it again (`sync`), then hand the answer to {@link ViewStream.caughtUp}. */
  readonly repair: () => void;
}

/** One seat's events and view, as the host's updates arrive. */
export class ViewStream {
  /** The last seq whose events were taken. */
  seq: number;
  /** The current view, `null` until the first one. */
  view: PlayerView | null = null;
  /**
   * Whether the host sends views with `legal` as action ids (protocol version 3, `CompactView`):
   * they are patched and digested as sent, and handed on with the actions.
   */
  compact = false;
  /** {@link ViewStream.view} as the host sent it (patches apply to it, digests are of it). */
  private wire: WireView | null = null;
  /** The seq of {@link ViewStream.view}: `seq`, except while the view is fetched again. */
  viewSeq: number;
  /** How many patches did not fit (wrong base or digest). */
  repairs = 0;
  private pending: PatchMessage[] = [];
  /** The digest of {@link ViewStream.view} member by member, made when the first patch comes. */
  private terms: MemberDigest | null = null;

  constructor(
    after: number,
    private readonly hooks: ViewStreamHooks,
  ) {
    this.seq = after;
    this.viewSeq = after;
  }

  /** A fresh welcome: patches kept for an older answer no longer count. */
  forget(): void {
    this.pending = [];
  }

  /**
   * Checks a welcome's or a sync's `updates` and `seq` before anything is taken from them: seqs
   * in order, each update with its events (and its log digest, if any, text), and none missing after the last seq taken (nor up to
   * `seq`). A seq taken unchecked would be said back as `after` on every reconnect, and refused.
   *
   * @throws {@link ClientError} `BAD_MESSAGE`.
   */
  check(updates: unknown, seq: unknown): void {
    let at = this.seq; // the last seq whose events are taken or in `updates`
    let last = -1;
    const ok =
      isSeq(seq) &&
      Array.isArray(updates) &&
      updates.every((u: unknown) => {
        if (!isPlainObject(u) || !isSeq(u.seq) || u.seq <= last || !Array.isArray(u.events)) return false;
        if (u.logDigest !== undefined && typeof u.logDigest !== 'string') return false;
        last = u.seq;
        if (last === at + 1) at = last;
        return last <= at; // else a gap
      });
    if (!ok || seq > at) throw new ClientError('BAD_MESSAGE', `the updates or seq do not follow ${this.seq}`);
  }

  /**
   * Takes the updates after the last seq, once each, then the view at `seq` (with any patches
   * kept for after it); `false` when that view was refused (see {@link ViewStream.check} for
   * what to check first).
   */
  caughtUp(updates: readonly EventsAt[], view: WireView, seq: number): boolean {
    for (const u of updates) {
      if (u.seq <= this.seq) continue;
      this.seq = u.seq;
      this.hooks.events(u, false);
    }
    if (seq > this.seq) this.seq = seq;
    if (seq >= this.viewSeq || this.view === null) {
      let v = view;
      let at = seq;
      const terms = this.pending.length > 0 ? new MemberDigest(view as unknown as Record<string, unknown>) : null;
      // Patches that arrived before this answer, for the seqs after it.
      for (const p of this.pending) {
        if (p.seq <= at || terms === null) continue;
        const next = p.seq === at + 1 ? applied(v, terms, p) : null;
        if (next === null) break;
        v = next;
        at = p.seq;
      }
      this.pending = [];
      if (!this.setView(v, at, terms)) return false;
    }
    if (this.viewSeq < this.seq) this.hooks.repair();
    return true;
  }

  /** The view with no events (the deal's first view), if there is none yet (check its seq first: `check([], seq)`). */
  first(view: WireView, seq: number): void {
    if (this.view === null) this.setView(view, seq);
  }

  /** A version-1 update: its events, then its whole view (`BAD_MESSAGE` when its events are not a list: nothing is taken). */
  whole(m: EventsAt & Partial<Clock>, view: WireView): void {
    if (!this.next(m)) return;
    this.pending = [];
    this.setView(view, m.seq);
  }

  /** A version-2 update: its events, then the patch applied to the view at `seq - 1` and checked against its digest (`BAD_MESSAGE` when its events are not a list: nothing is taken). */
  patched(m: PatchMessage): void {
    if (!this.next(m)) return;
    let next: WireView | null = null;
    if (this.wire !== null && this.viewSeq === m.seq - 1) {
      this.terms ??= new MemberDigest(this.wire as unknown as Record<string, unknown>);
      next = applied(this.wire, this.terms, m);
    }
    if (next !== null) {
      this.setView(next, m.seq, this.terms); // a compact view that does not read is refused there, and fetched again
      return;
    }
    if (this.viewSeq < m.seq - 1) {
      // Already fetching the view again: keep the patch for after the answer.
      if (this.pending.length < MAX_PENDING_PATCHES) this.pending.push(m);
    } else this.repairs++;
    this.hooks.repair();
  }

  /**
   * Takes an update's events if it is the next seq; a later one means a gap: repair (never skip events).
   *
   * @throws {@link ClientError} `BAD_MESSAGE` when its events are not a list (nothing is taken).
   */
  private next(m: EventsAt & Partial<Clock>): boolean {
    if (!Array.isArray(m.events)) throw new ClientError('BAD_MESSAGE', `update ${String(m.seq)} has no list of events`);
    if (m.seq <= this.seq) return false;
    if (m.seq !== this.seq + 1) {
      this.hooks.repair();
      return false;
    }
    this.seq = m.seq;
    this.hooks.events(m, true);
    return true;
  }

  /**
   * The view at `seq` as the host sent it, with its digest's terms when they are known (else they
   * are made at the next patch). What is not an object with a `legal` list, or a compact view
   * whose `legal` does not read as action ids, is refused (`false`; the view stays as it was, and
   * it is fetched again).
   */
  private setView(wire: WireView, seq: number, terms: MemberDigest | null = null): boolean {
    let view: PlayerView;
    try {
      if (!isPlainObject(wire as unknown) || !Array.isArray(wire.legal)) throw new TypeError('not a view');
      view = this.compact ? expandView(wire as CompactView) : (wire as PlayerView);
    } catch {
      this.terms = null; // the terms may hold the refused view's: made again from the view kept
      this.repairs++;
      this.hooks.repair();
      return false;
    }
    this.wire = wire;
    this.view = view;
    this.viewSeq = seq;
    this.terms = terms;
    this.hooks.view(view, seq);
    return true;
  }
}

/**
 * `view` with the patch applied, or `null` when it does not fit or the digest differs. The
 * digest is checked from `terms` (those of `view`) and the terms of the members the patch
 * touched, so a patch costs what it changes; `terms` then holds those of the new view, and is
 * left as it was when the patch is refused.
 */
function applied(view: WireView, terms: MemberDigest, m: PatchMessage): WireView | null {
  let next: WireView;
  try {
    next = applyPatch(view, m.patch);
  } catch {
    return null;
  }
  const record = next as unknown as Record<string, unknown>;
  const members = touched(m.patch as readonly (readonly unknown[])[]);
  if (members === null) {
    // The whole view was replaced or spliced: count every member.
    if (viewDigest(next) !== m.digest) return null;
    terms.reset(record);
    return next;
  }
  if (terms.digestWith(record, members) !== m.digest) return null;
  terms.takePreview(); // the terms just computed: the members are not digested twice
  return next;
}

/** The view's members a patch (already applied, so well formed) touched; `null` when it touched the view as a whole. */
function touched(patch: readonly (readonly unknown[])[]): Set<string> | null {
  const members = new Set<string>();
  for (const op of patch) {
    const pointer = op[0] as string;
    if (pointer === '') return null;
    const end = pointer.indexOf('/', 1);
    const key = end < 0 ? pointer.slice(1) : pointer.slice(1, end);
    members.add(unescapeKey(key));
  }
  return members;
}
