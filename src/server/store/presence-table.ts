/**
 * Presence leases held in memory, for the in-process stores: who has a connection open for which
 * seat, on which host, until when. Not journaled: presence is rebuilt as clients reconnect.
 * @module
 */
import type { PresenceRecord } from './store.js';

/** Presence leases by match, then by `seat host`. */
export class PresenceTable {
  private readonly byMatch = new Map<string, Map<string, PresenceRecord>>();

  /** Sets one host's lease on one seat. */
  set(matchId: string, host: string, seat: number, until: number): void {
    let leases = this.byMatch.get(matchId);
    if (leases === undefined) {
      leases = new Map();
      this.byMatch.set(matchId, leases);
    }
    leases.set(`${seat} ${host}`, { seat, host, until });
  }

  /** Copies of the match's leases. */
  read(matchId: string): PresenceRecord[] {
    return [...(this.byMatch.get(matchId)?.values() ?? [])].map((r) => ({ ...r }));
  }

  /** Forgets a match's leases. */
  delete(matchId: string): void {
    this.byMatch.delete(matchId);
  }
}
