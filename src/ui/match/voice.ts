/**
 * What `<ftk-match>` says to a screen reader besides what its table says of the game: whom the
 * game waits for until it starts and the connection, each when it changes (in a live region of its
 * own: the line shown, and the pill beside it, are worded again when the language changes, and say
 * nothing then), the game's opening with the reader's first view
 * of it (as a local game's table says it at its start), a move the host played when the reader's
 * time ran out, and another person leaving the table and coming back.
 * @module
 */
import type { MatchClient, SeatSummary } from '../../client/index.js';
import type { GameEvent, PlayerView } from '../../index.js';
import type { Lang } from '../../text/index.js';
import { h, text } from '../dom.js';
import type { TableElement } from '../table/element.js';
import { WORDS, type Words } from '../words.js';
import { openingOf } from './opening.js';

/** The match's announcements, through its table's announcer and live regions of its own (in `el`). */
export class MatchVoice {
  /** The connection's live region. */
  readonly #status = h('span', { role: 'status' });
  /** The live region that says whom the game waits for. */
  readonly #waits = h('span', { role: 'status' });
  /** The match's own live regions (visually hidden): the connection's, and whom the game waits for. */
  readonly el: HTMLElement = h('span', { class: 'sr' }, this.#status, this.#waits);
  /** Whom the game waits for (the table is empty until it starts), shown. */
  readonly waiting: HTMLElement = h('span', { class: 'muted' });
  /** The seats taken when the game last waited (`undefined`: it did not). */
  #seated: number | undefined;
  readonly #table: TableElement;
  /** The events heard since the last view: drawn with the next view (a view the table refuses takes them with it). */
  #heard: GameEvent[] = [];
  /** The reader's first view is to come (`true`), and the events heard before it start at the deal (`'deal'`). */
  #first: boolean | 'deal' = true;
  /** Presence last heard while open (`null`: none since connecting), to say who left or came back. */
  #presence: readonly (boolean | null)[] | null = null;
  /** The seats seen at the table: only they can come back (a first arrival is not said). */
  #seen = new Set<number>();

  constructor(table: TableElement) {
    this.#table = table;
  }

  /** A new reader (another match or token): nothing heard yet, and their first view is to come. */
  reader(): void {
    this.#heard = [];
    this.#first = true;
    this.#seen = new Set();
  }

  /** Says the connection `now` in `lang` if it is not `before`. */
  status(before: keyof Words['status'], now: keyof Words['status'], lang: Lang): void {
    if (now !== before) text(this.#status, WORDS[lang].status[now]);
  }

  /** Says how many `seats` are taken while the game waits for players (`undefined`: it does not, or the connection is not open). */
  waitingFor(seats: readonly SeatSummary[] | undefined, lang: Lang): void {
    const seated = seats?.filter((s) => !s.open).length;
    const line = seats?.length ? WORDS[lang].waitingFor(seated as number, seats.length) : '';
    text(this.waiting, line);
    // Said when the seats taken change, not when only the language does.
    if (seated !== this.#seated) text(this.#waits, line);
    this.#seated = seated;
  }

  /** The language changed: nothing is said again (what was said in the last one goes quietly). */
  hush(): void {
    for (const live of [this.#status, this.#waits]) live.textContent = '';
  }

  /** Takes an update's events, to be drawn with the next view; says first when the host played the reader's move as their time ran out. */
  heard(client: MatchClient, u: { readonly seq: number; readonly events: readonly GameEvent[]; readonly by?: string }, lang: Lang): void {
    // The view still shows the turn before the move.
    if (u.by === 'timer' && client.view?.currentPlayer === client.seat) this.#table.announce(WORDS[lang].timedOut);
    if (this.#first === true && this.#heard.length === 0 && u.seq === 1) this.#first = 'deal';
    this.#heard.push(...u.events);
  }

  /** The events to draw with `view`: those heard since the last view, after the game's opening if `view` is the reader's first, at the deal or heard from it. */
  take(view: PlayerView): GameEvent[] {
    const events =
      this.#first !== false && (view.moveCount === 0 || this.#first === 'deal') ? [...openingOf(view), ...this.#heard] : this.#heard;
    this.#first = false;
    this.#heard = [];
    return events;
  }

  /**
   * Says when a person's seat (not a bot's, not the reader's) goes away or comes back, once a
   * change; the first presence heard after (re)connecting (`now`, `undefined` while not open) is
   * only remembered, and a person's first arrival is not a coming back.
   */
  presence(now: readonly (boolean | null)[] | undefined, client: MatchClient | null, name: (seat: number) => string, lang: Lang): void {
    const before = this.#presence;
    this.#presence = now ?? null;
    now?.forEach((on, i) => {
      const said = before && on !== null && before[i] === !on && (!on || this.#seen.has(i));
      if (said && i !== client?.seat && client?.table.seats?.[i]?.kind === 'person')
        this.#table.announce(WORDS[lang].presence(name(i), on));
      if (on) this.#seen.add(i);
    });
  }
}
