/**
 * The sending side of view patches: one seat's last view sent, with its digest kept member by
 * member, so that the next update costs a comparison of what changed and a digest of the changed
 * members only. A host keeps one per (match, viewer) and shares its patches among every
 * connection of that viewer; what changed in the members every viewer sees alike it compares
 * once per update for all viewers ({@link SharedChanges}).
 * @module
 */
import type { PlayerView } from '../index.js';
import type { WireView } from './compact.js';
import { memberTerm } from './digest.js';
import { MemberDigest } from './member-digest.js';
import { diffMembers, type PatchOp } from './patch.js';

/** A full view goes out at least this often (in updates of one viewer), even when a patch is smaller. */
export const FULL_VIEW_EVERY = 64;

/** The next update of a viewer: its patch from the previous view and the digest of the new view. */
export interface TrackedUpdate {
  /** The operations from the previous view; `null` when the full view must go out (see {@link ViewTrack.advance}). */
  readonly patch: PatchOp[] | null;
  /** `patch` as JSON text (`JSON.stringify(patch)`, its shared part written once per update); `null` with `patch`. */
  readonly patchJson: string | null;
  readonly digest: number;
}

/**
 * The members of a view that depend on who looks. Every other member of a `PlayerView` is the
 * same in every viewer's view of one state, the seats' and the spectators' alike (a test checks
 * it on random games, so a new member that depends on the viewer must be added here).
 */
const OWN_MEMBERS: readonly (keyof PlayerView)[] = ['viewer', 'hand', 'drawn', 'myFavor', 'legal'];
const OWN: ReadonlySet<string> = new Set(OWN_MEMBERS);
const shared = (key: string): boolean => !OWN.has(key);

/** An operation list's JSON without its brackets (`''` for none), to be joined with another's. */
function inner(ops: readonly PatchOp[]): string {
  return ops.length === 0 ? '' : JSON.stringify(ops).slice(1, -1);
}

/**
 * What changed from one update's views to the next in the members every viewer sees alike (all
 * but the viewer's own: `viewer`, `hand`, `drawn`, `myFavor`, `legal`), compared, digested and
 * written as JSON once, then handed to every viewer's {@link ViewTrack.advance} at that seq, which
 * compares the viewer's own members only. With four seats, a host does a quarter of the work of
 * comparing each seat's whole view.
 *
 * @example
 * ```ts
 * const shared = new SharedChanges(view(before, 0), view(after, 0), seq); // any one viewer's views at seq - 1 and seq
 * for (const [viewer, track] of tracks) send(viewer, track.advance(view(after, viewer), seq, shared));
 * ```
 */
export class SharedChanges {
  /** The operations on the shared members (in the order of the members of `after`, then those removed). */
  readonly ops: readonly PatchOp[];
  /** `ops` as JSON without the enclosing brackets (`''` when nothing changed). */
  readonly json: string;
  /** The shared members that changed, and each one's digest term in `after` (0: removed). */
  readonly keys: readonly string[];
  readonly terms: readonly number[];

  /**
   * @param before - a view of the game at `seq - 1` (any viewer's: the shared members are the same in each)
   * @param after - a view of the same game at `seq`
   */
  constructor(
    before: WireView,
    after: WireView,
    /** The seq of `after`: a track takes these changes only at this seq, from its view at `seq - 1`. */
    readonly seq: number,
  ) {
    const a = before as unknown as Record<string, unknown>;
    const b = after as unknown as Record<string, unknown>;
    const keys: string[] = [];
    const terms: number[] = [];
    this.ops = diffMembers(
      a,
      b,
      (key) => {
        keys.push(key);
        terms.push(memberTerm(key, Object.hasOwn(b, key) ? b[key] : undefined));
      },
      shared,
    );
    this.json = inner(this.ops);
    this.keys = keys;
    this.terms = terms;
  }
}

/**
 * One viewer's stream of views: the last view and seq, and the digest terms of its members.
 *
 * @example
 * ```ts
 * const track = new ViewTrack(view(state, 0), seq); // what the welcome sent
 * const next = track.advance(view(nextState, 0), seq + 1);
 * // next.patch: send { type: 'patch', seq: seq + 1, events, patch: next.patch, digest: next.digest }
 * ```
 */
export class ViewTrack {
  /** The seq of the last view. */
  seq: number;
  /**
   * The length of the viewer's last whole view as sent (a host's estimate of what a patch must
   * beat; 0 until one was sent).
   */
  wholeLength = 0;
  private view: WireView;
  private readonly terms: MemberDigest;
  private sinceFull = 0;

  /** @param view - the view the viewer holds at `seq`, in the form its protocol version sends (a `PlayerView`, or a `CompactView` for version 3) */
  constructor(view: WireView, seq: number) {
    this.view = view;
    this.seq = seq;
    this.terms = new MemberDigest(view as unknown as Record<string, unknown>);
  }

  /** The digest of the last view. */
  get digest(): number {
    return this.terms.digest;
  }

  /**
   * Takes the view at `seq` and returns the patch from the previous one with the new digest. The
   * patch is `null` (send the full view) when `seq` does not follow the last one, or when
   * {@link FULL_VIEW_EVERY} patches went out since the last full view.
   *
   * With `shared` (made from views of the same game at `seq - 1` and `seq`), the members every
   * viewer sees alike are taken from it instead of being compared again; the patch and digest are
   * the same either way, but for the order of the operations.
   */
  advance(next: WireView, seq: number, shared?: SharedChanges): TrackedUpdate {
    const prev = this.view as unknown as Record<string, unknown>;
    const record = next as unknown as Record<string, unknown>;
    const follows = seq === this.seq + 1 && this.sinceFull < FULL_VIEW_EVERY - 1;
    let patch: PatchOp[] | null = null;
    let patchJson: string | null = null;
    const take = (key: string): void => this.terms.set(key, record[key]);
    if (follows && shared !== undefined && shared.seq === seq) {
      for (let i = 0; i < shared.keys.length; i++) this.terms.setTerm(shared.keys[i] as string, shared.terms[i] as number);
      const mine = diffMembers(prev, record, take, OWN_MEMBERS);
      patch = shared.ops.concat(mine);
      const tail = inner(mine);
      patchJson = `[${shared.json}${shared.json !== '' && tail !== '' ? ',' : ''}${tail}]`;
      this.sinceFull++;
    } else if (follows) {
      patch = diffMembers(prev, record, take);
      patchJson = JSON.stringify(patch);
      this.sinceFull++;
    } else {
      this.terms.reset(record);
      this.sinceFull = 0;
    }
    this.view = next;
    this.seq = seq;
    return { patch, patchJson, digest: this.digest };
  }

  /** The update was sent as the full view after all (it was smaller than the patch): the count to the next full view starts again. */
  sentFull(): void {
    this.sinceFull = 0;
  }
}
