/**
 * `<ftk-match>`: a table wired to a match on a host. It connects with `connectMatch` (which
 * reconnects and resyncs by itself), draws each view and animates each update, sends the
 * reader's actions, and says in words what happens to the connection and why a move was
 * refused. Names come from the match summary; presence and the turn countdown from the host
 * when it sends them (see `extras.ts`).
 * @module
 */

import type { ClientError, MatchClient } from '../../client/index.js';
import type { GameRecord, PlayerView } from '../../index.js';
import { CHROME_CSS } from '../chrome.js';
import { ElementBase, fill, h, shadow, text, upgradeProperties, watchLang } from '../dom.js';
import type { TableElement } from '../table/element.js';
import { TABLE_PARTS } from '../table/parts.js';
import { langOf, WORDS } from '../words.js';
import { hostBase, socketUrl } from './address.js';
import { loadRecord, renderAfter } from './after.js';
import { CHAT_CSS, ChatPanel, chatContext } from './chat.js';
import { Connection } from './connection.js';
import { readExtras } from './extras.js';
import { renderInvites } from './links.js';
import { RematchPanel } from './rematch.js';
import { SeatKeeper } from './seats.js';
import { MATCH_CSS } from './style.js';
import { MatchVoice } from './voice.js';

/** The connection as the element words it: `reconnecting` is `connecting` after having been open. */
export type MatchStatus = 'connecting' | 'reconnecting' | 'open' | 'closed';

/** The detail of `ftk-over`: the last view and, when the host gives it, the match's record. */
export interface OverDetail {
  readonly view: PlayerView;
  readonly record: GameRecord | null;
}

/** The match element's own parts (besides the table's, which it passes on). */
export const MATCH_PARTS: readonly string[] = ['connection', 'error', 'invites', 'seat-keeper', 'after', 'rematch', 'chat'];

/**
 * The match element, `<ftk-match>`.
 *
 * - Attributes: `match` (the match id), `server` (the host's base URL; default this page's
 *   origin), `lang`, `invite-base` (the page an invite link opens; default this page),
 *   `invite` (the match's invite code, which the invite links then carry in their fragment;
 *   without it, an unlisted match's invite panel says the code is missing instead of links).
 * - Properties: `token` (the seat token from `joinMatch`, or `null` to watch; the element
 *   connects once `match` and `token` are both set), `creatorToken` (the match's creator token:
 *   shows the creator's seat panel, to hand an away player's seat to a bot or give it a new
 *   link), `client` (the live `MatchClient`), `table`.
 * - Events: `ftk-status` (`{ status }`; `closed` once the element is taken out of the page,
 *   which ends its connection: moved in the page, it keeps it), `ftk-error` (`{ code, message }`), `ftk-over`
 *   (`OverDetail`), `ftk-replay` (`{ record }`: the reader asked to watch the replay),
 *   `ftk-rematch` (`{ match, previous }`: everybody agreed to a rematch; cancelable: unless a
 *   listener calls `preventDefault()`, the element moves to the new match with the same token).
 * - After the end, under the score: a **Rematch** button and who agreed (a seat, with a host
 *   that speaks protocol version 2), the replay and the record.
 * - The match's chat (`chat.ts`), for a reader it is open to: beside the table where the
 *   element is wide, else closed above it; Enter or **Send** writes a line.
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
  readonly #conn = new Connection();
  #status: MatchStatus = 'connecting';
  #record: GameRecord | null = null;
  #recordUrl: string | null = null;
  #over = false;
  #creatorToken: string | null = null;
  #keeper = new SeatKeeper();
  #rematch = new RematchPanel();
  #chat = new ChatPanel();
  /** The move count an action that failed was sent on (or seen with): a later view says the error no more. */
  #failedAt: number | null = null;
  #stopLang: (() => void) | null = null;

  readonly #root: ShadowRoot;
  readonly #pill: HTMLElement = h('span', { class: 'pill', part: 'connection' });
  readonly #error: HTMLElement = h('p', { class: 'error', part: 'error', role: 'alert' });
  readonly #invites: HTMLElement = h('div', { class: 'links', part: 'invites' });
  readonly #after: HTMLElement = h('div', { class: 'after', part: 'after', slot: 'after-score' });
  readonly #keeperBox: HTMLElement = h('div', { class: 'keeper-box' });
  readonly #table: TableElement;
  readonly #voice: MatchVoice;

  constructor() {
    super();
    this.#root = shadow(this, `${CHROME_CSS}${MATCH_CSS}${CHAT_CSS}`);
    this.#table = document.createElement('ftk-table') as TableElement;
    this.#table.setAttribute('exportparts', TABLE_PARTS.join(', '));
    this.#voice = new MatchVoice(this.#table);
    this.#table.addEventListener('ftk-action', (e) => this.#send(e as CustomEvent<{ action: PlayerView['legal'][number] }>));
    // A view the table could not draw: said here too (the event goes on to the page).
    this.#table.addEventListener('ftk-error', (e) => text(this.#error, (e as CustomEvent<{ message: string }>).detail.message));
    this.#root.append(
      h(
        'div',
        { class: 'match' },
        h('div', { class: 'strip bar' }, this.#pill, this.#voice.el, this.#voice.waiting, this.#error),
        this.#invites,
        this.#keeperBox,
        this.#chat.el,
        this.#table,
      ),
    );
    // Under the table's final score (its `after-score` slot): the rematch, the replay, the record.
    this.#table.append(this.#after);
    upgradeProperties(this, ['token', 'creatorToken']);
  }

  /** @internal */
  connectedCallback(): void {
    this.#stopLang?.();
    this.#stopLang = watchLang(this, () => this.#langChanged());
    this.#words();
    this.#connect();
  }

  /** @internal */
  disconnectedCallback(): void {
    this.#stopLang?.();
    this.#stopLang = null;
    // Closed once the element is out of the page; moved in it (out and back in one task), it
    // keeps its connection.
    queueMicrotask(() => {
      if (this.isConnected) return;
      const connected = this.#conn.key !== '';
      this.#conn.close();
      this.#keeper.stop();
      if (connected) this.#onStatus('closed');
    });
  }

  /** @internal */
  attributeChangedCallback(name: string): void {
    if (name === 'lang') this.#langChanged();
    else if (name === 'invite' || name === 'invite-base') this.#drawInvites();
    else if (this.isConnected) this.#connect();
  }

  #langChanged(): void {
    this.#table.setAttribute('lang', this.lang);
    this.#words();
    this.#voice.hush();
    this.#drawInvites();
    this.#drawAfter();
    this.#extras();
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

  /** The match's creator token: the element then shows the creator's seat panel while the game runs. */
  get creatorToken(): string | null {
    return this.#creatorToken;
  }
  /** Sets `creatorToken` (see the getter). */
  set creatorToken(value: string | null | undefined) {
    this.#creatorToken = typeof value === 'string' && value !== '' ? value : null;
    this.#panels();
  }

  /** The live client, once connected. */
  get client(): MatchClient | null {
    return this.#conn.client;
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

  #connect(): void {
    const match = this.getAttribute('match');
    const token = this.#token;
    if (match === null || match === '' || token === undefined) return;
    const key = `${this.#base()}|${match}|${token}`;
    if (key === this.#conn.key) return;
    this.#conn.close();
    this.#over = false;
    this.#record = null;
    this.#keeper.stop();
    this.#keeper = new SeatKeeper();
    this.#rematch = new RematchPanel();
    // Nor the last reader's chat, or the line they were writing.
    const chat = new ChatPanel();
    this.#chat.el.replaceWith(chat.el);
    this.#chat = chat;
    fill(this.#keeperBox, this.#keeper.el);
    fill(this.#after);
    delete this.dataset.over;
    // A new reader (another token or match): nothing the last one saw stays on the table.
    this.#table.view = null;
    this.#table.resetLog();
    this.#voice.reader();
    this.#table.setAttribute('lang', this.lang);
    let client: MatchClient;
    try {
      client = this.#conn.open(key, socketUrl(this.#base()), match, token, {
        status: (s) => this.#onStatus(s),
        events: (u) => this.#voice.heard(client, u, this.lang),
        view: (view) => this.#onView(view),
        chat: () => this.#drawChat(),
        error: (e) => this.#fail(e),
        revoked: () => this.#fail({ code: 'REVOKED', message: WORDS[this.lang].revoked } as ClientError),
        extras: () => this.#extras(),
      });
    } catch (e) {
      this.#fail(e as ClientError);
      return;
    }
    this.#onStatus(client.status);
    void this.#loadSummary(true);
  }

  #onStatus(status: 'connecting' | 'open' | 'closed'): void {
    const shown = this.#conn.shown(status);
    if (status === 'open') {
      this.#error.textContent = '';
      void this.#loadSummary(true);
    }
    this.#voice.status(this.#status, shown, this.lang);
    this.#status = shown;
    this.#words();
    this.dataset.status = shown;
    this.#table.disabled = shown !== 'open';
    this.#extras();
    this.dispatchEvent(new CustomEvent('ftk-status', { detail: { status: shown }, bubbles: true, composed: true }));
  }

  #onView(view: PlayerView): void {
    // The match moved on since an action failed (a timeout whose move the host did get, someone else's move): the error is old news.
    if (this.#failedAt !== null && view.moveCount > this.#failedAt) this.#error.textContent = '';
    try {
      this.#table.update(view, this.#voice.take(view));
    } catch {
      this.#fail({ code: 'BAD_MESSAGE' });
      return;
    }
    this.#extras();
    if (this.#conn.summary?.seats.some((s) => s.open)) void this.#loadSummary(false);
    if (view.currentPlayer === null && !this.#over) {
      this.#over = true;
      void this.#finish(view);
    }
  }

  async #finish(view: PlayerView): Promise<void> {
    const match = this.getAttribute('match');
    if (this.#conn.client === null || match === null) return;
    ({ record: this.#record, url: this.#recordUrl } = await loadRecord(this.#base(), match, this.#token ?? null, this.#recordUrl));
    this.#drawAfter();
    this.dataset.over = '';
    this.dispatchEvent(new CustomEvent<OverDetail>('ftk-over', { detail: { view, record: this.#record }, bubbles: true, composed: true }));
  }

  async #send(e: CustomEvent<{ action: PlayerView['legal'][number] }>): Promise<void> {
    e.stopPropagation();
    const client = this.#conn.client;
    if (client === null) return;
    const base = client.view?.moveCount ?? 0;
    try {
      await client.send(e.detail.action);
      this.#error.textContent = '';
    } catch (err) {
      this.#fail(err as ClientError);
      this.#failedAt = Math.max(base, client.view?.moveCount ?? 0);
      if (client.view !== null) this.#table.view = client.view;
    }
  }

  #fail(e: { code?: unknown; message?: unknown }): void {
    this.#failedAt = null;
    const code = typeof e?.code === 'string' ? e.code : 'HTTP';
    const message = WORDS[this.lang].errors[code] ?? (typeof e?.message === 'string' ? e.message : code);
    text(this.#error, message);
    this.dispatchEvent(new CustomEvent('ftk-error', { detail: { code, message }, bubbles: true, composed: true }));
  }

  async #loadSummary(force: boolean): Promise<void> {
    if (!(await this.#conn.loadSummary(this.#base(), this.getAttribute('match'), force))) return;
    this.#extras();
    this.#drawInvites();
  }

  #extras(): void {
    const x = readExtras(this.#conn.client, this.#conn.summary, WORDS[this.lang].botName, Date.now());
    if (x.names !== undefined) this.#table.names = x.names;
    // While (re)connecting nobody's presence is known: the last one heard would show everyone online.
    if (this.#status !== 'open') this.#table.connected = [];
    else if (x.connected !== undefined) this.#table.connected = x.connected;
    this.#voice.presence(this.#status === 'open' ? x.connected : undefined, this.#conn.client, (i) => this.#nameOf(i), this.lang);
    // Until the game starts (a seat still open), the table is empty: say whom it waits for.
    const c = this.#conn.client;
    this.#voice.waitingFor(
      this.#status === 'open' && c?.view === null ? (c.table.seats ?? this.#conn.summary?.seats) : undefined,
      this.lang,
    );
    if (x.deadline !== undefined) this.#table.deadline = x.deadline;
    this.#panels();
  }

  /** A seat's display name: its name, else "Seat N". */
  #nameOf(seat: number): string {
    const n = this.#table.names[seat];
    return typeof n === 'string' && n.trim() !== '' ? n.trim() : WORDS[this.lang].lobby.seat(seat);
  }

  /** The creator's seat panel while the game runs; the rematch panel once it is over. */
  #panels(): void {
    const client = this.#conn.client;
    const match = this.getAttribute('match');
    const view = client?.view ?? null;
    const over = view !== null && view.currentPlayer === null;
    const seats = client?.table.seats ?? this.#conn.summary?.seats ?? null;
    const me = typeof client?.seat === 'number' ? client.seat : null;
    const name = (seat: number): string => this.#nameOf(seat);
    const creator = this.#creatorToken;
    this.#keeper.update(
      // Not before the welcome: until then the reader's own seat is not known (it would show as away).
      creator === null || match === null || seats === null || over || client === null || client.seat === null
        ? null
        : {
            base: this.#base(),
            match,
            creatorToken: creator,
            lang: this.lang,
            me,
            seats,
            host: { awayMs: client.table.awayMs, awaySince: client.table.awaySince },
            page: this.#page(),
            name,
            changed: () => void this.#loadSummary(true),
          },
    );
    this.#drawChat();
    const state = client?.table.rematch ?? null;
    if (client === null || view === null || !over || me === null || client.version < 2) {
      this.#rematch.update(null);
      return;
    }
    this.#rematch.update({
      lang: this.lang,
      me,
      players: view.players,
      seats,
      state,
      name,
      agree: () => client.agreeToRematch(),
      go: (next) => this.#toRematch(next),
      open: this.#status === 'open',
    });
  }

  /** The chat panel, for a reader the match's chat is open to (see `chatContext`). */
  #drawChat(): void {
    this.#chat.update(chatContext(this.#conn.client, this.#conn.summary, this.lang, (n) => this.#nameOf(n)));
  }

  /** Tells the page that the rematch exists; unless it says otherwise, goes there with the same token. */
  #toRematch(next: string): void {
    const detail = { match: next, previous: this.getAttribute('match') ?? '' };
    const event = new CustomEvent('ftk-rematch', { detail, bubbles: true, composed: true, cancelable: true });
    if (this.dispatchEvent(event)) this.setAttribute('match', next);
  }

  /** The page an invite or seat link opens. */
  #page(): string {
    return this.getAttribute('invite-base') ?? (typeof location === 'undefined' ? '' : `${location.origin}${location.pathname}`);
  }

  #drawInvites(): void {
    const match = this.getAttribute('match');
    renderInvites(
      this.#invites,
      this.#over || match === null
        ? null
        : {
            seats: this.#conn.summary?.seats ?? null,
            page: this.#page(),
            match,
            invite: this.getAttribute('invite'),
            unlisted: this.#conn.summary?.visibility === 'unlisted',
            lang: this.lang,
          },
    );
  }

  #drawAfter(): void {
    renderAfter(
      this.#after,
      this.#rematch.el,
      this.#over ? { record: this.#record, url: this.#recordUrl, match: this.getAttribute('match') } : null,
      this.lang,
      (record) => this.dispatchEvent(new CustomEvent('ftk-replay', { detail: { record }, bubbles: true, composed: true })),
    );
  }

  #words(): void {
    text(this.#pill, WORDS[this.lang].status[this.#status]);
    this.#pill.dataset.state = this.#status;
  }
}
