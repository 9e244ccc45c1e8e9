/**
 * A view's digest kept member by member: the digest of an object is a function of the sum of its
 * members' terms ({@link memberTerm}), so when some members change only their terms are computed
 * again. The host keeps one per viewer to send a patch's digest ({@link ViewTrack}); a client
 * keeps one per view to check a patch's digest without walking the whole view.
 * @module
 */
import { memberTerm, objectDigest } from './digest.js';

/** One object's digest, kept as the terms of its members. */
export class MemberDigest {
  private readonly terms = new Map<string, number>();
  private sum = 0;

  /** Starts from every member of `record` (an empty object when none is given). */
  constructor(record?: Readonly<Record<string, unknown>>) {
    if (record !== undefined) this.reset(record);
  }

  /** The digest of the object now: `viewDigest` of it. */
  get digest(): number {
    return objectDigest(this.sum);
  }

  /** Forgets every term and takes every member of `record`. */
  reset(record: Readonly<Record<string, unknown>>): void {
    this.terms.clear();
    this.sum = 0;
    for (const key of Object.keys(record)) this.set(key, record[key]);
  }

  /** Member `key` now holds `value` (`undefined`: it is gone). */
  set(key: string, value: unknown): void {
    this.setTerm(key, memberTerm(key, value));
  }

  /** Member `key` now has the term `term` ({@link memberTerm} of its value, computed elsewhere; 0: it is gone). */
  setTerm(key: string, term: number): void {
    this.sum = (this.sum - (this.terms.get(key) ?? 0) + term) | 0;
    this.keep(key, term);
  }

  /** Keeps member `key`'s term (a term of 0, a member gone, is not kept). */
  private keep(key: string, term: number): void {
    if (term === 0) this.terms.delete(key);
    else this.terms.set(key, term);
  }

  /** The members and terms the last {@link MemberDigest.digestWith} computed, for {@link MemberDigest.takePreview}. */
  private readonly previewKeys: string[] = [];
  private readonly previewTerms: number[] = [];
  private previewSum = 0;

  /**
   * The digest the object would have if the members `keys` (each once) held what they hold in
   * `record`, without taking them; {@link MemberDigest.takePreview} then takes them without
   * digesting them again ({@link MemberDigest.set} each of them does the same).
   */
  digestWith(record: Readonly<Record<string, unknown>>, keys: Iterable<string>): number {
    let sum = this.sum;
    this.previewKeys.length = 0;
    this.previewTerms.length = 0;
    for (const key of keys) {
      const term = memberTerm(key, Object.hasOwn(record, key) ? record[key] : undefined);
      sum = (sum - (this.terms.get(key) ?? 0) + term) | 0;
      this.previewKeys.push(key);
      this.previewTerms.push(term);
    }
    this.previewSum = sum;
    return objectDigest(sum);
  }

  /** Takes the members of the last {@link MemberDigest.digestWith}, as it saw them (no other change in between). */
  takePreview(): void {
    for (let i = 0; i < this.previewKeys.length; i++) this.keep(this.previewKeys[i] as string, this.previewTerms[i] as number);
    this.sum = this.previewSum;
    this.previewKeys.length = 0;
    this.previewTerms.length = 0;
  }
}
