/**
 * `<ftk-lobby>`: the host's lobby for people. Create a match (players, who plays each seat,
 * rule variants, a turn timer, spectators) and sit down; join a match from its invite link;
 * see the open matches and join or watch one; or start a game against bots on this page. It
 * talks to the host with the client's lobby calls and reports what happened by events; the page
 * keeps the tokens.
 * @module
 */
import { createMatch, getMatch, joinMatch, listMatches, type MatchSummary } from '../../client/index.js';
import { type Card, cardById } from '../../index.js';
import { labels } from '../../text/index.js';
import { CHROME_CSS } from '../chrome.js';
import { ElementBase, fill, h, shadow, text, watchLang } from '../dom.js';
import { hostBase } from '../match/address.js';
import { cardFace } from '../table/cards.js';
import { CARD_CSS } from '../table/style.js';
import { langOf, WORDS } from '../words.js';

/** The detail of `ftk-created` and `ftk-joined`: the match, the seat taken and its token (keep it: it is the only way back). */
export interface SeatedDetail {
  readonly match: string;
  readonly seat: number;
  readonly token: string;
  /** Only for `ftk-created`: the creator's token (reopens seats, reads the record at any time). */
  readonly creatorToken?: string;
  /** Only for `ftk-created`: the match's invite code (an unlisted match's seats are taken with it). */
  readonly invite?: string;
}

const PLAYERS = [2, 3, 4, 5] as const;
const SEAT_KINDS = ['person', 'heuristic', 'random', 'ismcts:300'] as const;
const TIMERS = [0, 30, 60, 120, 300] as const;

/**
 * The lobby element, `<ftk-lobby>`.
 *
 * - Attributes: `server` (the host's base URL; default this page's origin), `match` (show the
 *   join form of that match, as an invite link does), `seat` (the seat an invite offers),
 *   `local` (offer a game against bots on this page), `lang`.
 * - Events: `ftk-created` and `ftk-joined` (`SeatedDetail`), `ftk-watch` (`{ match }`),
 *   `ftk-local` (`{ players }`).
 */
export class LobbyElement extends ElementBase {
  /** Attributes the element watches. */
  static readonly observedAttributes = ['server', 'match', 'seat', 'invite', 'local', 'lang'];

  readonly #root: ShadowRoot;
  readonly #main: HTMLElement = h('div', { class: 'lobby' });
  readonly #error: HTMLElement = h('p', { class: 'error', part: 'error', role: 'alert' });
  #drawn = '';
  #stopLang: (() => void) | null = null;

  constructor() {
    super();
    this.#root = shadow(
      this,
      `${CHROME_CSS}${CARD_CSS} .lobby { display: grid; gap: 14px; }
      .crest { display: flex; flex-wrap: wrap; gap: 10px 24px; align-items: center; justify-content: space-between; }
      .deco { display: flex; padding: 6px 18px 10px 14px; --cw: 54px; }
      .deco .card { margin-left: -14px; box-shadow: 0 4px 10px rgba(0, 0, 0, 0.4); }
      .deco .card:nth-child(1) { transform: rotate(-10deg) translateY(4px); }
      .deco .card:nth-child(3) { transform: rotate(10deg) translateY(4px); }`,
    );
    this.#root.append(this.#main);
  }

  /** @internal */
  connectedCallback(): void {
    this.#stopLang?.();
    this.#stopLang = watchLang(this, () => this.#draw());
    this.#draw();
  }

  /** @internal */
  disconnectedCallback(): void {
    this.#stopLang?.();
    this.#stopLang = null;
  }

  /** @internal */
  attributeChangedCallback(): void {
    if (this.isConnected) this.#draw();
  }

  /** The language (`en` or `uk`). */
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

  #emit<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  }

  /** Says why something failed; `joining`: a seat was asked for, where FORBIDDEN means the invite code (the errors' own words are about watching). */
  #fail(e: unknown, joining = false): void {
    const w = WORDS[this.lang];
    const code =
      typeof (e as { code?: unknown })?.code === 'string' ? (e as { code: string }).code : e instanceof TypeError ? 'OFFLINE' : '';
    const message = (joining && code === 'FORBIDDEN' ? w.lobby.badInvite : w.errors[code]) ?? (e instanceof Error ? e.message : String(e));
    text(this.#error, message);
  }

  #draw(): void {
    const key = `${this.lang}|${this.getAttribute('match')}|${this.getAttribute('seat')}|${this.hasAttribute('local')}|${this.#base()}`;
    if (key === this.#drawn) return;
    this.#drawn = key;
    this.#error.textContent = '';
    const match = this.getAttribute('match');
    if (match !== null && match !== '') void this.#drawJoin(match);
    else this.#drawHome();
  }

  #drawHome(): void {
    const w = WORDS[this.lang].lobby;
    const list = h('ul', { class: 'list', part: 'matches' });
    const refresh = h('button', { type: 'button', class: 'btn quiet' }, w.refresh);
    refresh.addEventListener('click', () => void this.#loadOpen(list));
    fill(
      this.#main,
      this.#error,
      this.#createForm(),
      h(
        'section',
        { class: 'panel', part: 'open-matches' },
        h('div', { class: 'strip' }, h('h2', { style: 'margin: 0' }, w.openMatches), refresh),
        list,
      ),
    );
    void this.#loadOpen(list);
  }

  #createForm(): HTMLElement {
    const w = WORDS[this.lang].lobby;
    const players = h(
      'select',
      { name: 'players', 'data-field': 'players' },
      PLAYERS.map((n) => h('option', { value: n, selected: n === 3 }, String(n))),
    );
    const seats = h('div', { class: 'grid2', 'data-field': 'seats' });
    const drawSeats = (): void => {
      const n = Number(players.value);
      fill(
        seats,
        Array.from({ length: n - 1 }, (_, i) => {
          const seat = i + 1;
          return h(
            'label',
            { class: 'field' },
            h('span', null, w.seat(seat)),
            h(
              'select',
              { name: `seat-${seat}`, 'data-seat': seat },
              SEAT_KINDS.map((k) =>
                h(
                  'option',
                  { value: k, selected: k === (seat === 1 ? 'person' : 'heuristic') },
                  k === 'person' ? w.person : (w.bots[k] ?? k),
                ),
              ),
            ),
          );
        }),
      );
    };
    players.addEventListener('change', drawSeats);
    drawSeats();
    const select = (name: string, options: readonly (readonly [string, string])[]): HTMLSelectElement =>
      h(
        'select',
        { name },
        options.map(([value, label]) => h('option', { value }, label)),
      );
    const payment = select('payment', [
      ['gold-or-discard', w.payment['gold-or-discard']],
      ['by-lot', w.payment['by-lot']],
    ]);
    const secondary = select('secondary', [
      ['half', w.secondary.half],
      ['tile', w.secondary.tile],
    ]);
    const middle = select('middle', [
      ['advisor-keeps-last', w.middle['advisor-keeps-last']],
      ['one-per-opponent', w.middle['one-per-opponent']],
    ]);
    const timer = select(
      'timer',
      TIMERS.map((s) => [String(s), s === 0 ? w.noTimer : w.seconds(s)] as const),
    );
    const spectators = select('spectators', [
      ['none', w.spectatorsNone],
      ['public', w.spectatorsPublic],
    ]);
    const name = h('input', { name: 'name', required: true, maxlength: 40, autocomplete: 'nickname', 'data-field': 'name' });
    const go = h('button', { type: 'submit', class: 'btn', 'data-field': 'create' }, w.create);
    const form = h(
      'form',
      { class: 'form', part: 'create' },
      h(
        'div',
        { class: 'grid2' },
        h('label', { class: 'field' }, h('span', null, WORDS[this.lang].lobby.name), name),
        h('label', { class: 'field' }, h('span', null, labels[this.lang].ui.players), players),
      ),
      seats,
      h(
        'details',
        null,
        h('summary', null, w.variants),
        h(
          'div',
          { class: 'grid2', style: 'margin-top: 8px' },
          h('label', { class: 'field' }, h('span', null, w.paymentLabel), payment),
          h('label', { class: 'field' }, h('span', null, w.secondaryLabel), secondary),
          h('label', { class: 'field' }, h('span', null, w.middleLabel), middle),
          h('label', { class: 'field' }, h('span', null, w.timer), timer),
          h('label', { class: 'field' }, h('span', null, w.spectators), spectators),
        ),
      ),
      h('div', { class: 'strip' }, go, this.hasAttribute('local') ? this.#localButton(players) : null),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const n = Number(players.value);
      const bots: (string | null)[] = [null];
      for (const el of Array.from(seats.querySelectorAll('select'))) bots.push(el.value === 'person' ? null : el.value);
      const turn = Number(timer.value);
      go.disabled = true;
      void this.#create(
        {
          players: n as 2 | 3 | 4 | 5,
          bots,
          // Only the variants that differ from the defaults (so that a host without one still takes the match).
          variants: {
            ...(payment.value === 'by-lot' ? { payment: 'by-lot' as const } : {}),
            ...(secondary.value === 'tile' ? { secondaryTitle: 'tile' as const } : {}),
            ...(middle.value === 'one-per-opponent' ? { middle: 'one-per-opponent' as const } : {}),
          },
          spectators: spectators.value === 'public' ? 'public' : 'none',
          ...(turn > 0 ? { turnTimeMs: turn * 1000 } : {}),
        },
        name.value,
      ).finally(() => {
        go.disabled = false;
      });
    });
    return h(
      'section',
      { class: 'panel' },
      h('div', { class: 'crest' }, h('h2', { style: 'margin: 0 0 12px' }, w.newMatch), this.#deco()),
      form,
    );
  }

  /** Three cards fanned beside the title: a Government card, a King, a Gold card (decoration only). */
  #deco(): HTMLElement {
    const cards = ['diplomacy-A', 'king-1', 'gold-3-1'].map((id) => cardById(id)).filter((c): c is Card => c !== undefined);
    return h(
      'div',
      { class: 'deco', 'aria-hidden': 'true' },
      cards.map((c) => {
        const el = cardFace(c, this.lang);
        el.removeAttribute('role');
        el.removeAttribute('aria-label');
        el.removeAttribute('title');
        return el;
      }),
    );
  }

  #localButton(players: HTMLSelectElement): HTMLElement {
    const b = h('button', { type: 'button', class: 'btn quiet', 'data-field': 'local' }, WORDS[this.lang].lobby.local);
    b.addEventListener('click', () => this.#emit('ftk-local', { players: Number(players.value) }));
    return b;
  }

  async #create(settings: Parameters<typeof createMatch>[1], name: string): Promise<void> {
    try {
      const base = this.#base();
      const { match, creatorToken, invite } = await createMatch(base, settings);
      const { seat, token } = await joinMatch(base, match.id, { name, seat: 0, invite });
      this.#emit<SeatedDetail>('ftk-created', { match: match.id, seat, token, creatorToken, invite });
    } catch (e) {
      this.#fail(e);
    }
  }

  async #loadOpen(list: HTMLElement): Promise<void> {
    const w = WORDS[this.lang].lobby;
    let matches: MatchSummary[];
    try {
      matches = await listMatches(this.#base());
    } catch (e) {
      this.#fail(e);
      return;
    }
    if (matches.length === 0) {
      fill(list, h('li', { class: 'muted' }, w.none));
      return;
    }
    fill(
      list,
      matches.slice(0, 30).map((m) => {
        const open = m.seats.filter((s) => s.open).length;
        const join = h('button', { type: 'button', class: 'btn' }, w.join);
        join.addEventListener('click', () => this.setAttribute('match', m.id));
        const watch = h('button', { type: 'button', class: 'btn quiet' }, w.watch);
        watch.addEventListener('click', () => this.#emit('ftk-watch', { match: m.id }));
        return h(
          'li',
          { 'data-match': m.id },
          h(
            'span',
            { class: 'grow' },
            `${w.summary(m.players, open)} · ${m.seats.map((s, i) => s.name ?? (s.bot ? WORDS[this.lang].botName(s.bot, i) : '—')).join(', ')}`,
          ),
          join,
          m.spectators === 'public' ? watch : null,
        );
      }),
    );
  }

  async #drawJoin(match: string): Promise<void> {
    const w = WORDS[this.lang].lobby;
    let summary: MatchSummary;
    try {
      summary = await getMatch(this.#base(), match);
    } catch (e) {
      fill(this.#main, this.#error);
      this.#fail(e);
      return;
    }
    const wanted = Number(this.getAttribute('seat'));
    const open = summary.seats.map((s, i) => ({ s, i })).filter((x) => x.s.open);
    const preferred = open.find((x) => x.i === wanted)?.i ?? open[0]?.i ?? null;
    const name = h('input', { name: 'name', required: true, maxlength: 40, autocomplete: 'nickname', 'data-field': 'name' });
    const seatChoice = h(
      'fieldset',
      { 'data-field': 'seat' },
      h('legend', null, labels[this.lang].ui.players),
      summary.seats.map((s, i) =>
        h(
          'label',
          { class: 'link' },
          h('input', { type: 'radio', name: 'seat', value: i, disabled: !s.open, checked: i === preferred }),
          `${w.seat(i)}: ${s.open ? w.open : (s.name ?? (s.bot ? WORDS[this.lang].botName(s.bot, i) : '—'))}`,
        ),
      ),
    );
    const sit = h('button', { type: 'submit', class: 'btn', 'data-field': 'sit' }, w.sit);
    const watch = h('button', { type: 'button', class: 'btn quiet' }, w.watch);
    watch.addEventListener('click', () => this.#emit('ftk-watch', { match }));
    const form = h(
      'form',
      { class: 'form', part: 'join' },
      seatChoice,
      open.length === 0 ? h('p', null, w.full) : h('label', { class: 'field' }, h('span', null, w.name), name),
      h('div', { class: 'strip' }, open.length === 0 ? null : sit, summary.spectators === 'public' ? watch : null),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const chosen = seatChoice.querySelector<HTMLInputElement>('input[name="seat"]:checked');
      sit.disabled = true;
      void (async () => {
        try {
          const seat = chosen === null ? undefined : Number(chosen.value);
          const invite = this.getAttribute('invite');
          const joined = await joinMatch(this.#base(), match, {
            name: name.value,
            ...(seat === undefined ? {} : { seat }),
            ...(invite === null ? {} : { invite }),
          });
          this.#emit<SeatedDetail>('ftk-joined', { match, seat: joined.seat, token: joined.token });
        } catch (err) {
          this.#fail(err, true);
        } finally {
          sit.disabled = false;
        }
      })();
    });
    fill(this.#main, this.#error, h('section', { class: 'panel' }, h('h2', null, w.join), form));
  }
}
