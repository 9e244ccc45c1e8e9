/**
 * `<ftk-app>`: the whole site in one element, as `for-the-king serve` shows it at `/` and as the
 * repository's demo page uses it. It routes by the page's address (`?match=ID&seat=N#invite=CODE` from an
 * invite link, or the client's `inviteLink`; a seat link `#match=ID&seat=TOKEN` from the
 * creator; `?watch=ID`, `?local&players=3&seed=7`), keeps seat tokens in `localStorage`
 * (a seat link's token is taken out of the address at once, and replaces another token kept for
 * the match only once the host takes it; only the 50 most recent matches' keys are kept, and a
 * match the host does not know is forgotten: see `keys.ts`), follows a rematch with the same
 * token, and puts the lobby, a match, a local game against bots or a replay on the page, with a
 * language switch.
 * @module
 */
import type { GameRecord } from '../../index.js';
import { CHROME_CSS } from '../chrome.js';
import { css } from '../css.js';
import { ElementBase, fill, h, shadow, text, upgradeProperties } from '../dom.js';
import { LOBBY_PARTS, type SeatedDetail } from '../lobby/element.js';
import { createLocalGame, type LocalGame, randomSeed, type SeatBot } from '../local.js';
import { MATCH_PARTS, type MatchElement } from '../match/element.js';
import { REPLAY_PARTS, type ReplayElement } from '../replay/element.js';
import { CROWN, icon } from '../table/cards.js';
import type { ActionDetail, TableElement } from '../table/element.js';
import { TABLE_PARTS } from '../table/parts.js';
import { langOf, WORDS } from '../words.js';
import { forget, store, stored } from './keys.js';

/** Makes the bot of one seat of a local game: `(seat, seed) => (view) => action`. */
export type BotFactory = (seat: number, seed: string) => SeatBot;

/** The app's own look: its header (the brand and the language buttons) and main column, on top of the shared chrome. */
export const APP_CSS = css`${CHROME_CSS}
  :host { max-width: 1500px; margin: 0 auto; }
  .head { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; justify-content: space-between; margin-bottom: 12px; }
  .brand { display: flex; gap: 10px; align-items: center; color: inherit; text-decoration: none; font: 700 clamp(1.2rem, 4vw, 1.8rem) var(--_card-font); }
  .brand .crown { width: 34px; color: var(--_gold); } .brand .crown svg { width: 100%; display: block; stroke: var(--_king); }
  .langs { display: inline-flex; gap: 4px; } .langs .btn { min-width: 48px; padding: 0.4em 0.8em; }
  .langs .btn[aria-pressed="false"] { background: rgba(255,255,255,.1); color: var(--_ink); box-shadow: inset 0 0 0 1px var(--_line); }
  .main { display: grid; gap: 12px; } .main:focus { outline: none; }`;

/**
 * The site element, `<ftk-app>`.
 *
 * - Attributes: `server` (the host's base URL; default this page's origin), `local` (offer
 *   games against bots on this page, with no host), `online` (offer the host's lobby; on by
 *   default, `online="false"` for a page without a host), `lang`.
 * - Properties: `bots` (makes the bots of local games), `record` (the finished game's record,
 *   once it is over), `game` (the local game).
 */
export class AppElement extends ElementBase {
  /** Attributes the element watches. */
  static readonly observedAttributes = ['lang'];

  readonly #root: ShadowRoot;
  readonly #main: HTMLElement = h('main', { class: 'main', tabindex: '-1' });
  readonly #head: HTMLElement = h('header', { class: 'head bar', part: 'header' });
  #record: GameRecord | null = null;
  #game: LocalGame | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #run = 0;
  #bots: BotFactory | null = null;
  /** Writes again, in the language of the moment, the words the element puts beside the screen shown (a local game's, a seat link's notice). */
  #words: (() => void) | null = null;
  /** Starts a local game's bots again after the element was moved (taken out and put back). */
  #resume: (() => void) | null = null;

  constructor() {
    super();
    this.#root = shadow(this, APP_CSS);
    this.#root.append(this.#head, this.#main);
    this.#root.addEventListener('ftk-created', (e) => this.#seated((e as CustomEvent<SeatedDetail>).detail));
    this.#root.addEventListener('ftk-joined', (e) => this.#seated((e as CustomEvent<SeatedDetail>).detail));
    this.#root.addEventListener('ftk-watch', (e) =>
      this.#go(`?watch=${encodeURIComponent((e as CustomEvent<{ match: string }>).detail.match)}`),
    );
    // A row's Join and the join form's Back go through the address, so that the browser's Back works too.
    this.#root.addEventListener('ftk-join', (e) => {
      e.preventDefault();
      this.#go(`?match=${encodeURIComponent((e as CustomEvent<{ match: string }>).detail.match)}`, { fromLobby: true });
    });
    this.#root.addEventListener('ftk-back', (e) => {
      e.preventDefault();
      if ((history.state as { fromLobby?: unknown } | null)?.fromLobby === true) history.back();
      else this.#go('');
    });
    this.#root.addEventListener('ftk-local', (e) => this.#go(`?local&players=${(e as CustomEvent<{ players: number }>).detail.players}`));
    this.#root.addEventListener('ftk-over', (e) => {
      this.#record = (e as CustomEvent<{ record: GameRecord | null }>).detail.record;
      this.dataset.over = '';
    });
    this.#root.addEventListener('ftk-rematch', (e) => {
      const { match, previous } = (e as CustomEvent<{ match: string; previous: string }>).detail;
      e.preventDefault();
      // The rematch has the same seats, tokens, creator and invite.
      for (const kind of ['token', 'creator', 'invite'] as const) {
        const value = stored(kind, previous);
        if (value !== null) store(kind, match, value);
      }
      this.#go(`?match=${encodeURIComponent(match)}`);
    });
    this.#root.addEventListener('ftk-replay', (e) => this.#replay((e as CustomEvent<{ record: GameRecord }>).detail.record));
    // The host knows no such match (any more), read or joined: its keys go.
    this.#root.addEventListener('ftk-error', (e) => {
      const match = (e.target as Element).getAttribute('match');
      if ((e as CustomEvent<{ code?: unknown }>).detail.code === 'NOT_FOUND' && match) forget(match);
    });
    upgradeProperties(this, ['bots']);
  }

  /** @internal */
  connectedCallback(): void {
    addEventListener('popstate', this.#route);
    // Moved in the page: the local game goes on where it was.
    if (this.#resume !== null) this.#resume();
    else this.#route();
  }

  /** @internal */
  disconnectedCallback(): void {
    removeEventListener('popstate', this.#route);
    this.#pauseBots();
  }

  /** @internal */
  attributeChangedCallback(): void {
    if (!this.isConnected) return;
    this.#drawHead();
    this.#words?.();
    for (const el of Array.from(this.#main.querySelectorAll('ftk-lobby, ftk-match, ftk-table, ftk-replay')))
      el.setAttribute('lang', this.lang);
  }

  /** The language (`en` or `uk`): the attribute, else the page's `?lang=`, else the document's. */
  override get lang(): 'en' | 'uk' {
    const own = this.getAttribute('lang');
    if (own !== null) return langOf(own);
    return langOf(new URLSearchParams(location.search).get('lang') ?? document.documentElement.lang);
  }
  /** Sets `lang` (see the getter). */
  override set lang(value: string) {
    this.setAttribute('lang', langOf(value));
  }

  /**
   * Makes the bots of local games: `(seat, seed) => (view) => action`. Local play is offered
   * only with the `local` attribute and a factory (the page chooses and loads its bots, for
   * example the heuristic bot of `for-the-king-and-me/bots`).
   */
  get bots(): BotFactory | null {
    return this.#bots;
  }
  /** Sets `bots` (see the getter). */
  set bots(value: BotFactory | null) {
    this.#bots = typeof value === 'function' ? value : null;
    // The lobby offers local play only with bots; a page that sets them after loading gets it redrawn.
    if (this.isConnected && this.#main.querySelector('ftk-lobby, ftk-table:not(ftk-match ftk-table)') !== null) this.#route();
  }

  /** The finished game's record (local or online), `null` before the end. */
  get record(): GameRecord | null {
    return this.#record;
  }

  /** The local game being played, if any. */
  get game(): LocalGame | null {
    return this.#game;
  }

  readonly #route = (): void => {
    this.#stopBots();
    this.#record = null;
    delete this.dataset.over;
    this.#drawHead();
    const params = new URLSearchParams(location.search);
    const hash = new URLSearchParams(location.hash.slice(1));
    const match = params.get('match') ?? hash.get('match');
    const watch = params.get('watch');
    if (params.has('local') && this.#offersLocal()) this.#local(params);
    else if (watch !== null && watch !== '') this.#match(watch, null);
    else if (match !== null && match !== '') {
      // An invite link carries the match's invite code in its fragment: keep it for this match
      // (not on the creator's page: the code it keeps is the match's own).
      const invite = hash.get('invite');
      if (invite && stored('creator', match) === null) store('invite', match, invite);
      // A seat link (`seatLink`): the seat's new token, taken out of the address. Kept here at once
      // when the page keeps none for this match; else tried, and kept once the host takes it.
      const seatToken = hash.get('seat');
      const kept = stored('token', match);
      if (seatToken && !kept) store('token', match, seatToken);
      if (hash.has('match') || seatToken) {
        const query = new URLSearchParams(location.search);
        query.set('match', match);
        history.replaceState(null, '', `${location.pathname}?${query.toString()}${seatToken ? '' : location.hash}`);
      }
      const token = seatToken || kept;
      if (token) this.#match(match, token, kept);
      else this.#lobby(match, params.get('seat'));
    } else this.#lobby(null, null);
  };

  /** Goes to the address `search` (a new entry of the page's history, with `state`). */
  #go(search: string, state: { readonly fromLobby: true } | null = null): void {
    // The language as chosen: the attribute, else the address's (the language buttons keep it there).
    const lang = this.getAttribute('lang') ?? new URLSearchParams(location.search).get('lang');
    const params = new URLSearchParams(search);
    if (lang !== null) params.set('lang', lang);
    const query = params.toString().replace(/=(?=&|$)/g, '');
    history.pushState(state, '', `${location.pathname}${query === '' ? '' : `?${query}`}`);
    this.#route();
  }

  #seated(d: SeatedDetail): void {
    store('token', d.match, d.token);
    if (d.creatorToken !== undefined) store('creator', d.match, d.creatorToken);
    if (d.invite !== undefined) store('invite', d.match, d.invite);
    this.#go(`?match=${encodeURIComponent(d.match)}`);
  }

  #drawHead(): void {
    const lang = this.lang;
    const w = WORDS[lang].app;
    document.documentElement.lang = lang;
    document.title = w.title;
    const brand = h('a', { class: 'brand', href: location.pathname, 'data-key': 'home' }, icon(CROWN, 'crown'), h('span', null, w.title));
    brand.addEventListener('click', (e) => {
      e.preventDefault();
      this.#go('');
    });
    const langs = h(
      'div',
      { class: 'langs', role: 'group', 'aria-label': w.language },
      (['en', 'uk'] as const).map((l) => {
        const b = h(
          'button',
          { type: 'button', class: 'btn', lang: l, 'aria-pressed': String(l === lang), 'data-lang': l },
          l === 'en' ? 'EN' : 'УК',
        );
        b.addEventListener('click', () => {
          this.setAttribute('lang', l);
          const params = new URLSearchParams(location.search);
          params.set('lang', l);
          history.replaceState(null, '', `${location.pathname}?${params.toString().replace(/=(?=&|$)/g, '')}`);
        });
        return b;
      }),
    );
    // Focus stays on the language button pressed (the buttons are drawn anew).
    const focused = this.#root.activeElement?.getAttribute('data-lang');
    fill(this.#head, h('h1', { style: 'margin: 0; font-size: inherit' }, brand), langs);
    if (focused) langs.querySelector<HTMLElement>(`[data-lang="${focused}"]`)?.focus();
  }

  /**
   * Puts a screen in the main area. Focus that was on the screen going away (a key pressed on
   * **Create and sit down**, **Rematch**, **Watch the replay**), or nowhere, moves to the start
   * of the new one, so that the next Tab goes on from there rather than from the top of the page
   * (not on the first screen: the page just opened).
   */
  #show(...screen: HTMLElement[]): void {
    const focused = this.#root.activeElement;
    const nowhere = focused === null && (document.activeElement === null || document.activeElement === document.body);
    const lost = focused === null ? nowhere && this.#main.hasChildNodes() : this.#main.contains(focused);
    fill(this.#main, ...screen);
    if (lost) this.#main.focus();
  }

  #lobby(match: string | null, seat: string | null): void {
    const lobby = document.createElement('ftk-lobby');
    lobby.setAttribute('lang', this.lang);
    for (const name of ['server'] as const) {
      const value = this.getAttribute(name);
      if (value !== null) lobby.setAttribute(name, value);
    }
    if (this.#offersLocal()) lobby.setAttribute('local', '');
    if (match !== null) lobby.setAttribute('match', match);
    if (seat !== null) lobby.setAttribute('seat', seat);
    const invite = match === null ? null : stored('invite', match);
    if (invite !== null) lobby.setAttribute('invite', invite);
    lobby.setAttribute('exportparts', LOBBY_PARTS.join(', '));
    this.#show(lobby);
  }

  /**
   * Puts a match on the page, read with `token`. With another token `kept` (the one this page keeps
   * for the match; `token` is a seat link's): `token` is kept once the host welcomes it; if the
   * host refuses it (`UNAUTHORIZED`), the match is read with `kept` again, and a notice says so.
   */
  #match(match: string, token: string | null, kept = token): void {
    const el = document.createElement('ftk-match') as MatchElement;
    el.setAttribute('lang', this.lang);
    const server = this.getAttribute('server');
    if (server !== null) el.setAttribute('server', server);
    el.setAttribute('match', match);
    const invite = stored('invite', match);
    if (invite !== null) el.setAttribute('invite', invite);
    el.setAttribute('exportparts', [...TABLE_PARTS, ...MATCH_PARTS].join(', '));
    el.creatorToken = stored('creator', match);
    // Not a live region: it is worded again when the language changes, and says nothing then (the table says it once).
    const notice = h('p', { class: 'muted' });
    let back = token !== kept && kept;
    let refused = false;
    const words = (): void => text(notice, refused ? WORDS[this.lang].app.seatLinkRefused : '');
    this.#words = words;
    const settle = (e: Event): void => {
      const d = (e as CustomEvent<{ code?: unknown; status?: unknown }>).detail;
      if (back && d.status === 'open') store('token', match, token as string);
      // Refused: back to the seat with the token this page keeps (the link's is forgotten).
      else if (back && d.code === 'UNAUTHORIZED') {
        refused = true;
        words();
        el.token = back;
        el.table.announce(WORDS[this.lang].app.seatLinkRefused);
      } else return;
      back = false;
    };
    el.addEventListener('ftk-status', settle);
    el.addEventListener('ftk-error', settle);
    this.#show(notice, el);
    el.token = token;
  }

  #replay(record: GameRecord): void {
    this.#stopBots();
    const el = document.createElement('ftk-replay') as ReplayElement;
    el.setAttribute('lang', this.lang);
    el.setAttribute('exportparts', [...TABLE_PARTS, ...REPLAY_PARTS].join(', '));
    this.#show(el);
    el.record = record;
  }

  #pauseBots(): void {
    this.#run++;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #stopBots(): void {
    this.#pauseBots();
    this.#game = null;
    this.#words = null;
    this.#resume = null;
  }

  #offersLocal(): boolean {
    return this.hasAttribute('local') && this.#bots !== null;
  }

  #local(params: URLSearchParams): void {
    let run = ++this.#run;
    const players = Math.min(5, Math.max(2, Number(params.get('players')) || 3)) as 2 | 3 | 4 | 5;
    const seedText = params.get('seed');
    // A whole number as a number (as a record's seed is), anything else as text.
    const seed =
      seedText === null || seedText === ''
        ? undefined
        : /^\d{1,16}$/.test(seedText) && Number.isSafeInteger(Number(seedText))
          ? Number(seedText)
          : seedText.slice(0, 200);
    const delayText = params.get('delay');
    const delay = delayText !== null && /^\d{1,5}$/.test(delayText) ? Number(delayText) : 600;
    const table = document.createElement('ftk-table') as TableElement;
    table.setAttribute('lang', this.lang);
    table.setAttribute('exportparts', TABLE_PARTS.join(', '));
    const after = h('div', { class: 'strip bar' });
    this.#show(table, after);
    const factory = this.#bots;
    if (factory === null) return;
    {
      // The bots' seeds tell nothing of the game's (which tells every hidden card) unless the
      // reader chose it (`?seed=`: the same game and the same bots again).
      const base = seed ?? randomSeed();
      const bots: (SeatBot | null)[] = Array.from({ length: players }, (_, p) => (p === 0 ? null : factory(p, `${base}/${p}`)));
      // Named as a host's records name bots (and in `meta.bots`, which a replay words in its
      // language); the reader's seat is left unnamed: a replay calls it "You" in its language.
      const names = Array.from({ length: players }, (_, p) => (p === 0 ? '' : WORDS.en.botName('heuristic', p)));
      const game = createLocalGame({ players, ...(seed === undefined ? {} : { seed }), bots, names });
      this.#game = game;
      let record: GameRecord | null = null;
      // The bots' names and, once the game is over, its buttons, in the language of the moment.
      this.#words = () => {
        const w = WORDS[this.lang];
        table.names = names.map((_, p) => (p === 0 ? null : w.botName('heuristic', p)));
        if (record === null) return;
        const shown = record;
        const replay = h('button', { type: 'button', class: 'btn' }, w.watchReplay);
        replay.addEventListener('click', () => this.#replay(shown));
        const again = h('button', { type: 'button', class: 'btn quiet' }, w.app.again);
        again.addEventListener('click', () => this.#go(`?local&players=${players}`));
        fill(after, replay, again);
      };
      this.#words();
      table.update(game.view(), game.opening());
      const next = (): void => {
        if (run !== this.#run) return;
        if (game.view().currentPlayer === null) {
          record = { ...game.record(), meta: { bots: names.map((n) => n && 'heuristic').join(',') } };
          this.#record = record;
          this.dataset.over = '';
          this.#words?.();
          return;
        }
        if (!game.botToMove()) return;
        this.#timer = setTimeout(() => {
          if (run !== this.#run) return;
          const events = game.botMove();
          table.update(game.view(), events);
          next();
        }, delay);
      };
      this.#resume = () => {
        run = ++this.#run;
        next();
      };
      table.addEventListener('ftk-action', (e) => {
        const { action } = (e as CustomEvent<ActionDetail>).detail;
        const events = game.act(action);
        table.update(game.view(), events);
        next();
      });
      next();
    }
  }
}
