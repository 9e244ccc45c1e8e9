/**
 * The sending side of view patches: one seat's last view sent, with its digest kept member by
 * member, so that the next update costs a comparison of what changed and a digest of the changed
 * members only. A host keeps one per (match, viewer) and shares its patches among every
 * connection of that viewer.
 * @module
 */
import type { PlayerView } from '../index.js';
import { MemberDigest } from './member-digest.js';
import { diffMembers, type PatchOp } from './patch.js';

/** A full view goes out at least this often (in updates of one viewer), even when a patch is smaller. */
export const FULL_VIEW_EVERY = 64;

/** The next update of a viewer: its patch from the previous view and the digest of the new view. */
export interface TrackedUpdate {
  /** The operations from the previous view; `null` when the full view must go out (see {@link ViewTrack.advance}). */
  readonly patch: PatchOp[] | null;
  readonly digest: number;
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
  private view: PlayerView;
  private readonly terms: MemberDigest;
  private sinceFull = 0;

  constructor(view: PlayerView, seq: number) {
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
   */
  advance(next: PlayerView, seq: number): TrackedUpdate {
    const prev = this.view as unknown as Record<string, unknown>;
    const record = next as unknown as Record<string, unknown>;
    const follows = seq === this.seq + 1 && this.sinceFull < FULL_VIEW_EVERY - 1;
    let patch: PatchOp[] | null = null;
    if (follows) {
      patch = diffMembers(prev, record, (key) => this.terms.set(key, record[key]));
      this.sinceFull++;
    } else {
      this.terms.reset(record);
      this.sinceFull = 0;
    }
    this.view = next;
    this.seq = seq;
    return { patch, digest: this.digest };
  }

  /** The update was sent as the full view after all (it was smaller than the patch): the count to the next full view starts again. */
  sentFull(): void {
    this.sinceFull = 0;
  }
}
