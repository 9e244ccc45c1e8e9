/**
 * `<ftk-match>`: a table wired to a match on a host. It connects with `connectMatch` (which
 * reconnects and resyncs by itself), draws each view and animates each update, sends the
 * reader's actions, and says in words what happens to the connection and why a move was
 * refused. Names come from the match summary; presence and the turn countdown from the host
 * when it sends them (see `extras.ts`).
 * @module
 */

import { type ClientError, connectMatch, fetchRecord, getMatch, type MatchClient, type MatchSummary } from '../../client/index.js';
import type { GameRecord, PlayerView } from '../../index.js';
import { CHROME_CSS } from '../chrome.js';
import { ElementBase, fill, h, shadow, text } from '../dom.js';
import type { TableElement } from '../table/element.js';
import { TABLE_PARTS } from '../table/parts.js';
import { langOf, WORDS } from '../words.js';
import { readExtras } from './extras.js';

/** The connection as the element words it: `reconnecting` is `connecting` after having been open. */
export type MatchStatus = 'connecting' | 'reconnecting' | 'open' | 'closed';

/** The detail of `ftk-over`: the last view and, when the host gives it, the match's record. */
export interface OverDetail {
  readonly view: PlayerView;
  readonly record: GameRecord | null;
}

/** The base URL of a host (no trailing slash): the attribute, else this page's origin. */
export function hostBase(attribute: string | null): string {
  const base = attribute ?? (typeof location === 'undefined' ? '' : location.origin);
  return base.replace(/\/+$/, '');
}

/** The WebSocket URL of a host's base URL. */
export function socketUrl(base: string): string {
  return `${base.replace(/^http/, 'ws')}/ws`;
}

/**
 * The match element, `<ftk-match>`.
 *
 * - Attributes: `match` (the match id), `server` (the host's base URL; default this page's
 *   origin), `lang`, `invite-base` (the page an invite link opens; default this page),
 *   `invite` (the match's invite code, which the invite links then carry in their fragment).
 * - Properties: `token` (the seat token from `joinMatch`, or `null` to watch; the element
 *   connects once `match` and `token` are both set), `client` (the live `MatchClient`), `table`.
 * - Events: `ftk-status` (`{ status }`), `ftk-error` (`{ code, message }`), `ftk-over`
 *   (`OverDetail`), `ftk-replay` (`{ record }`: the reader asked to watch the replay).
 *
 * @example
 * ```html
 * <ftk-match match="Vd1…" server="https://cards.example"></ftk-match>
 * <script type="module">
 *   import 'for-the-king-and-me/ui';
 *   document.querySelector('ftk-match').token = localStorage.getItem('seat-token');
 * </script>
 * ```
 */
export class MatchElement extends ElementBase {
  /** Attributes the element watches. */
  static readonly observedAttributes = ['match', 'server', 'lang', 'invite-base', 'invite'];

  #token: string | null | undefined = undefined;
  #client: MatchClient | null = null;
  #stops: (() => void)[] = [];
  #summary: MatchSummary | null = null;
  #summaryAt = 0;
  #status: MatchStatus = 'connecting';
  #everOpen = false;
  #record: GameRecord | null = null;
  #recordUrl: string | null = null;
  #over = false;
  #connectedTo = '';

  readonly #root: ShadowRoot;
  readonly #pill: HTMLElement = h('span', { class: 'pill', part: 'connection', role: 'status' });
  readonly #error: HTMLElement = h('p', { class: 'error', part: 'error', role: 'alert' });
  readonly #invites: HTMLElement = h('div', { class: 'links', part: 'invites' });
  readonly #after: HTMLElement = h('div', { class: 'strip', part: 'after' });
  readonly #table: TableElement;

  constructor() {
    super();
    this.#root = shadow(this, `${CHROME_CSS} .strip:empty { display: none; } .match { display: grid; gap: 10px; }`);
    this.#table = document.createElement('ftk-table') as TableElement;
    this.#table.setAttribute('exportparts', TABLE_PARTS.join(', '));
    this.#table.addEventListener('ftk-action', (e) => this.#send(e as CustomEvent<{ action: PlayerView['legal'][number] }>));
    this.#root.append(
      h('div', { class: 'match' }, h('div', { class: 'strip' }, this.#pill, this.#error), this.#invites, this.#table, this.#after),
    );
  }

  /** @internal */
  connectedCallback(): void {
    this.#words();
    this.#connect();
  }

  /** @internal */
  disconnectedCallback(): void {
    this.#close();
  }

  /** @internal */
  attributeChangedCallback(name: string): void {
    if (name === 'lang') {
      this.#table.setAttribute('lang', this.lang);
      this.#words();
      this.#drawInvites();
      this.#drawAfter();
    } else if (name === 'invite' || name === 'invite-base') this.#drawInvites();
    else if (this.isConnected) this.#connect();
  }

  /** The seat token (`null`: watch as a spectator; unset: do not connect yet). */
  get token(): string | null | undefined {
    return this.#token;
  }
  /** Sets `token` (see the getter). */
  set token(value: string | null | undefined) {
    this.#token = typeof value === 'string' || value === null ? value : undefined;
    if (this.isConnected) this.#connect();
  }

  /** The live client, once connected. */
  get client(): MatchClient | null {
    return this.#client;
  }

  /** The table inside. */
  get table(): TableElement {
    return this.#table;
  }

  /** The connection, in the element's words. */
  get status(): MatchStatus {
    return this.#status;
  }

  /** The language (`en` or `uk`): the attribute, else the nearest one around. */
  override get lang(): 'en' | 'uk' {
    return langOf(this.getAttribute('lang') ?? this.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang);
  }
  /** Sets `lang` (see the getter). */
  override set lang(value: string) {
    this.setAttribute('lang', langOf(value));
  }

  #base(): string {
    return hostBase(this.getAttribute('server'));
  }

  #close(): void {
    for (const stop of this.#stops) stop();
    this.#stops = [];
    this.#client?.close();
    this.#client = null;
    this.#connectedTo = '';
  }

  #connect(): void {
    const match = this.getAttribute('match');
    const token = this.#token;
    if (match === null || match === '' || token === undefined) return;
    const key = `${this.#base()}|${match}|${token}`;
    if (key === this.#connectedTo) return;
    this.#close();
    this.#connectedTo = key;
    this.#everOpen = false;
    this.#over = false;
    this.#record = null;
    this.#summary = null;
    this.#table.setAttribute('lang', this.lang);
    let client: MatchClient;
    try {
      client = connectMatch({ url: socketUrl(this.#base()), match, token });
    } catch (e) {
      this.#fail(e as ClientError);
      return;
    }
    this.#client = client;
    const refresh = (): void => this.#extras();
    this.#stops.push(
      client.on('status', (s) => this.#onStatus(s)),
      client.on('events', ({ events }) => {
        this.#table.events = events;
      }),
      client.on('view', (view) => this.#onView(view)),
      client.on('error', (e) => this.#fail(e)),
      client.on('revoked', () => this.#fail({ code: 'REVOKED', message: WORDS[this.lang].revoked } as ClientError)),
    );
    // Hosts that send presence, names or deadlines may announce them as client events of their own.
    for (const kind of ['presence', 'names', 'deadline', 'match']) {
      try {
        this.#stops.push((client.on as (type: string, listener: () => void) => () => void)(kind, refresh));
      } catch {
        // This client has no such event.
      }
    }
    this.#onStatus(client.status);
    void this.#loadSummary(true);
  }

  #onStatus(status: 'connecting' | 'open' | 'closed'): void {
    const shown: MatchStatus = status === 'connecting' && this.#everOpen ? 'reconnecting' : status;
    if (status === 'open') {
      this.#everOpen = true;
      this.#error.textContent = '';
      void this.#loadSummary(true);
    }
    this.#status = shown;
    this.#pill.dataset.state = shown;
    text(this.#pill, WORDS[this.lang].status[shown]);
    this.dataset.status = shown;
    this.#table.disabled = shown !== 'open';
    this.#extras();
    this.dispatchEvent(new CustomEvent('ftk-status', { detail: { status: shown }, bubbles: true, composed: true }));
  }

  #onView(view: PlayerView): void {
    this.#table.view = view;
    this.#extras();
    if (this.#summary?.seats.some((s) => s.open)) void this.#loadSummary(false);
    if (view.currentPlayer === null && !this.#over) {
      this.#over = true;
      void this.#finish(view);
    }
  }

  async #finish(view: PlayerView): Promise<void> {
    const client = this.#client;
    const match = this.getAttribute('match');
    if (client === null || match === null) return;
    try {
      this.#record = await fetchRecord(this.#base(), match, this.#token ?? null);
    } catch {
      this.#record = null;
    }
    if (this.#recordUrl !== null) URL.revokeObjectURL(this.#recordUrl);
    this.#recordUrl =
      this.#record === null ? null : URL.createObjectURL(new Blob([`${JSON.stringify(this.#record)}\n`], { type: 'application/json' }));
    this.#drawAfter();
    this.dataset.over = '';
    this.dispatchEvent(new CustomEvent<OverDetail>('ftk-over', { detail: { view, record: this.#record }, bubbles: true, composed: true }));
  }

  async #send(e: CustomEvent<{ action: PlayerView['legal'][number] }>): Promise<void> {
    e.stopPropagation();
    const client = this.#client;
    if (client === null) return;
    try {
      await client.send(e.detail.action);
      this.#error.textContent = '';
    } catch (err) {
      this.#fail(err as ClientError);
      if (client.view !== null) this.#table.view = client.view;
    }
  }

  #fail(e: { code?: unknown; message?: unknown }): void {
    const code = typeof e?.code === 'string' ? e.code : 'HTTP';
    const message = WORDS[this.lang].errors[code] ?? (typeof e?.message === 'string' ? e.message : code);
    text(this.#error, message);
    this.dispatchEvent(new CustomEvent('ftk-error', { detail: { code, message }, bubbles: true, composed: true }));
  }

  async #loadSummary(force: boolean): Promise<void> {
    const match = this.getAttribute('match');
    const now = Date.now();
    if (match === null || (!force && now - this.#summaryAt < 1500)) return;
    this.#summaryAt = now;
    try {
      this.#summary = await getMatch(this.#base(), match);
    } catch {
      return;
    }
    this.#extras();
    this.#drawInvites();
  }

  #extras(): void {
    const x = readExtras(this.#client, this.#summary, WORDS[this.lang].botName, Date.now());
    if (x.names !== undefined) this.#table.names = x.names;
    if (x.connected !== undefined) this.#table.connected = x.connected;
    if (x.deadline !== undefined) this.#table.deadline = x.deadline;
  }

  #inviteLink(seat: number): string {
    const base = this.getAttribute('invite-base') ?? (typeof location === 'undefined' ? '' : `${location.origin}${location.pathname}`);
    const match = this.getAttribute('match') ?? '';
    // The invite code goes in the fragment, which browsers never send to a server.
    const invite = this.getAttribute('invite');
    return `${base}?match=${encodeURIComponent(match)}&seat=${seat}${invite ? `#invite=${encodeURIComponent(invite)}` : ''}`;
  }

  #drawInvites(): void {
    const w = WORDS[this.lang].lobby;
    const open = (this.#summary?.seats ?? []).map((s, i) => ({ s, i })).filter((x) => x.s.open && x.s.bot === null);
    if (open.length === 0 || this.#over) {
      fill(this.#invites);
      return;
    }
    fill(
      this.#invites,
      h(
        'section',
        { class: 'panel' },
        h('h3', null, w.invite),
        open.map(({ i }) => {
          const link = this.#inviteLink(i);
          const input = h('input', { readonly: true, value: link, 'aria-label': w.inviteSeat(i), 'data-invite': i });
          const copy = h('button', { type: 'button', class: 'btn quiet' }, w.copy);
          copy.addEventListener('click', () => {
            input.select();
            void navigator.clipboard?.writeText(link).then(
              () => text(copy, w.copied),
              () => undefined,
            );
          });
          return h('div', { class: 'link' }, h('span', null, w.inviteSeat(i)), input, copy);
        }),
      ),
    );
  }

  #drawAfter(): void {
    const w = WORDS[this.lang];
    if (!this.#over || this.#record === null) {
      fill(this.#after);
      return;
    }
    const record = this.#record;
    const replay = h('button', { type: 'button', class: 'btn' }, w.watchReplay);
    replay.addEventListener('click', () =>
      this.dispatchEvent(new CustomEvent('ftk-replay', { detail: { record }, bubbles: true, composed: true })),
    );
    fill(
      this.#after,
      replay,
      this.#recordUrl === null
        ? null
        : h(
            'a',
            { href: this.#recordUrl, download: `for-the-king-${this.getAttribute('match') ?? 'match'}.json`, 'data-record': '' },
            w.download,
          ),
    );
  }

  #words(): void {
    text(this.#pill, WORDS[this.lang].status[this.#status]);
    this.#pill.dataset.state = this.#status;
  }
}
