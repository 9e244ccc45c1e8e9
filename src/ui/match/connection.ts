/**
 * `<ftk-match>`'s connection: one `MatchClient` at a time, for one reader (a host, a match, a
 * token), with the element's listeners on its events, also those a host may send besides the
 * game (presence, names, deadlines, seats, the rematch), its status in the element's words, and
 * the match's summary from the host's lobby.
 * @module
 */
import {
  type ClientEvents,
  type ConnectionStatus,
  connectMatch,
  getMatch,
  type MatchClient,
  type MatchSummary,
} from '../../client/index.js';

/** What the element does with the client's events; `extras`: presence, names, a deadline, the seats or the rematch changed. */
export type Listeners = Pick<ClientEvents, 'status' | 'events' | 'view' | 'chat' | 'error' | 'revoked'> & { readonly extras: () => void };

/** The element's connection (see the module's TSDoc). */
export class Connection {
  /** The live client, or `null`. */
  client: MatchClient | null = null;
  /** The reader connected (`host|match|token`), `''` when none is. */
  key = '';
  /** The match's summary (`null` until it comes for this reader). */
  summary: MatchSummary | null = null;
  #summaryAt = 0;
  #stops: (() => void)[] = [];
  /** The connection was open since the reader connected: `connecting` now means `reconnecting`. */
  #everOpen = false;

  /** Ends the connection, if any, and its listeners. */
  close(): void {
    for (const stop of this.#stops) stop();
    this.#stops = [];
    this.client?.close();
    this.client = null;
    this.key = '';
  }

  /**
   * Connects as the reader `key` (after closing the last connection) to `match` on the host's
   * WebSocket `url` with `token`, and listens with `on`. @throws {@link ClientError} from
   * `connectMatch` (the reader stays `key`: the element does not try again until it changes).
   */
  open(key: string, url: string, match: string, token: string | null, on: Listeners): MatchClient {
    this.close();
    this.key = key;
    this.#everOpen = false;
    this.summary = null;
    const client = connectMatch({ url, match, token });
    this.client = client;
    // Besides the game's, hosts that send presence, names or deadlines may announce them as client events of their own (`extras`).
    for (const kind of ['status', 'events', 'view', 'chat', 'error', 'revoked', 'presence', 'names', 'deadline', 'seats', 'rematch']) {
      try {
        this.#stops.push((client.on as (type: string, listener: unknown) => () => void)(kind, on[kind as keyof Listeners] ?? on.extras));
      } catch {
        // This client has no such event.
      }
    }
    return client;
  }

  /** `status` in the element's words: `reconnecting` is `connecting` after having been open. */
  shown(status: ConnectionStatus): 'connecting' | 'reconnecting' | 'open' | 'closed' {
    if (status === 'open') this.#everOpen = true;
    return status === 'connecting' && this.#everOpen ? 'reconnecting' : status;
  }

  /** Fetches the match's summary from the host at `base` (not within 1.5 s of the last time, unless `force`); resolves `true` once a new one came. */
  async loadSummary(base: string, match: string | null, force: boolean): Promise<boolean> {
    const now = Date.now();
    if (match === null || (!force && now - this.#summaryAt < 1500)) return false;
    this.#summaryAt = now;
    try {
      this.summary = await getMatch(base, match);
      return true;
    } catch {
      return false;
    }
  }
}
