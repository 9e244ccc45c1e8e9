/**
 * The creator's seat panel of `<ftk-match>`: every other seat with who holds it and whether its
 * player is there (and for how long they have been away, as this page saw it), and what the
 * creator may do: hand an away player's seat to a bot so that the game goes on, give a bot's
 * seat back to a person (the invite link takes it again), or make a new seat link for a player
 * who lost theirs. The host decides: it refuses a player who has not been away long enough
 * (`SEAT_TAKEN`). A host that says its away time (and since when each player is away) has the
 * panel count down to it ("can hand to a bot in 0:42") and offer those two moves only from
 * then; with an older host the panel offers them at once and words the host's refusal.
 * @module
 */
import { ClientError, reassignSeat, reissueSeat, type SeatSummary, seatLink } from '../../client/index.js';
import type { Lang } from '../../text/index.js';
import { fill, h, text } from '../dom.js';
import { clock } from '../table/model.js';
import { WORDS, type Words } from '../words.js';
import { copyRow } from './links.js';

/** A seat as the creator's panel shows it. */
export type SeatState = 'online' | 'away' | 'left' | 'bot' | 'open';

/** What the creator may do to a seat: hand it to a bot, reopen it for the invite, give it a new token. */
export type SeatMove = 'bot' | 'reopen' | 'reissue';

/** One row of the panel. */
export interface SeatRow {
  readonly seat: number;
  /** The seat as the panel shows it (its name, a bot's, or "Seat N"). */
  readonly name: string;
  /** Its person's name for the panel's sentences, or `null` (see {@link personName}). */
  readonly given: string | null;
  readonly state: SeatState;
  /** Since when its player is away (`Date.now()` ms): as the host said, else as this page saw it; or `null`. */
  readonly awaySince: number | null;
  /** When the host will take `bot` and `reissue` for this away player (`Date.now()` ms), or `null`: at once, or the host did not say. */
  readonly readyAt: number | null;
  readonly moves: readonly SeatMove[];
}

/** What the host said of its away time: `awayMs` (`null`: not said) and since when each seat's player is away, by this page's clock. */
export interface HostAway {
  readonly awayMs: number | null;
  readonly awaySince: readonly (number | null)[];
}

/**
 * Remembers since when each person's seat has had nobody connected, as this page saw it, and who
 * just went away: a player this page saw there and then not, or who left. A friend who just took
 * a seat, or was not there when the page first saw the seats (a rematch starting, a reload), is
 * awaited, not gone.
 */
export class AwayClock {
  readonly #since = new Map<number, number>();
  /** Each person's seat as last seen: its player there, gone away, or awaited (not seen there yet). */
  readonly #seen = new Map<number, 'there' | 'gone' | 'awaited'>();

  /** Takes the seats as now known; returns the seats whose player just went away. */
  observe(seats: readonly SeatSummary[], now: number): number[] {
    const gone: number[] = [];
    seats.forEach((s, i) => {
      if (s.kind !== 'person') {
        this.#since.delete(i);
        this.#seen.delete(i);
      } else if (s.connected && !s.left) {
        this.#since.delete(i);
        this.#seen.set(i, 'there');
      } else {
        if (!this.#since.has(i)) this.#since.set(i, now);
        const was = this.#seen.get(i);
        if (was === 'gone') return;
        const goes = was === 'there' || s.left;
        if (goes) gone.push(i);
        this.#seen.set(i, goes ? 'gone' : 'awaited');
      }
    });
    return gone;
  }

  /** Since when the player of `seat` is away, or `null`. */
  since(seat: number): number | null {
    return this.#since.get(seat) ?? null;
  }
}

/** The state of a seat as the panel words it. */
export function seatState(s: SeatSummary): SeatState {
  if (s.kind === 'bot' || s.bot !== null) return 'bot';
  if (s.kind === 'open' || s.open) return 'open';
  if (s.left) return 'left';
  return s.connected ? 'online' : 'away';
}

/** The name of a seat's person, or `null`: none given, or a bot's or an open seat (its sentences say which seat, by number). */
export function personName(s: SeatSummary | undefined): string | null {
  const state = s && seatState(s);
  return (state !== 'bot' && state !== 'open' && s?.name?.trim()) || null;
}

const MOVES: Readonly<Record<SeatState, readonly SeatMove[]>> = {
  online: [],
  away: ['bot', 'reissue'],
  left: ['bot', 'reissue'],
  bot: ['reopen', 'reissue'],
  open: ['bot'],
};

/**
 * The rows of the panel: every seat but the reader's own, with what the creator may do to it and,
 * for a player who is away (not left), from when the host will let them (`host`: what it said).
 */
export function seatRows(
  seats: readonly SeatSummary[],
  me: number | null,
  away: AwayClock,
  name: (seat: number) => string,
  host: HostAway = { awayMs: null, awaySince: [] },
): SeatRow[] {
  return seats.flatMap((s, seat) => {
    if (seat === me) return [];
    const state = seatState(s);
    const told = host.awaySince[seat] ?? null;
    const awaySince = state === 'away' || state === 'left' ? (told ?? away.since(seat)) : null;
    const readyAt = state === 'away' && told !== null && host.awayMs !== null ? told + host.awayMs : null;
    return [{ seat, name: name(seat), given: personName(s), state, awaySince, readyAt, moves: MOVES[state] }];
  });
}

/** Whether a move must wait for the host's away time at `now`. */
function waits(r: SeatRow, m: SeatMove, now: number): boolean {
  return m !== 'reopen' && r.readyAt !== null && now < r.readyAt;
}

/** What the panel needs from its match element each time it is drawn. */
export interface KeeperContext {
  readonly base: string;
  readonly match: string;
  readonly creatorToken: string;
  readonly lang: Lang;
  /** The reader's seat (not listed). */
  readonly me: number | null;
  readonly seats: readonly SeatSummary[];
  /** What the host said of its away time (a host that said nothing: `awayMs` `null`). */
  readonly host?: HostAway;
  /** The page a seat link opens. */
  readonly page: string;
  readonly name: (seat: number) => string;
  /** Called after a change the host accepted (the element reloads the match's summary). */
  readonly changed: () => void;
}

/** The creator's seat panel: a `<details>` the match element shows while its game runs, to its creator only. */
export class SeatKeeper {
  /** The panel (hidden while there is nothing to show). */
  readonly el: HTMLDetailsElement = h('details', { class: 'panel keeper', part: 'seat-keeper', hidden: true });
  readonly #away = new AwayClock();
  readonly #status: HTMLElement = h('p', { class: 'note', role: 'status' });
  /** The last thing said in the status line, in words of either language (reworded when the language changes). */
  #said: ((w: Words) => string) | null = null;
  /** The seats whose going away the status line tells (it is emptied once they are all back). */
  #gone: readonly number[] = [];
  #ctx: KeeperContext | null = null;
  #link: { readonly seat: number; readonly url: string } | null = null;
  #busy = false;
  #ticker: ReturnType<typeof setInterval> | null = null;
  #drawn = '';

  /** Draws the panel for `ctx`, or hides it (`null`: not the creator, or the game is over). */
  update(ctx: KeeperContext | null): void {
    this.#ctx = ctx;
    if (ctx === null) {
      this.el.hidden = true;
      this.#stopTicker();
      return;
    }
    const gone = this.#away.observe(ctx.seats, Date.now());
    const rows = seatRows(ctx.seats, ctx.me, this.#away, ctx.name, ctx.host);
    // A player who just went away opens the panel and is announced, once; said no more once they are all back.
    const fresh = gone.filter((s) => s !== ctx.me);
    if (fresh.length > 0) {
      this.el.open = true;
      this.#say((x) => fresh.map((s) => x.seats.goneAway(s, personName(ctx.seats[s]))).join(' '), fresh);
    } else if (this.#gone.length > 0 && this.#gone.every((s) => this.#away.since(s) === null)) this.#say(() => '');
    if (this.#said !== null) text(this.#status, this.#said(WORDS[ctx.lang]));
    this.el.hidden = rows.length === 0;
    const key = JSON.stringify([ctx.lang, rows, this.#busy, this.#link]);
    if (key !== this.#drawn) {
      this.#drawn = key;
      this.#draw(ctx, rows);
    }
    this.#tick();
    if (rows.some((r) => r.awaySince !== null || r.readyAt !== null)) {
      if (this.#ticker === null) this.#ticker = setInterval(() => this.#tick(), 1000);
    } else this.#stopTicker();
  }

  /** Says `said` in the status line (`gone`: the seats whose going away it tells). */
  #say(said: (w: Words) => string, gone: readonly number[] = []): void {
    this.#said = said;
    this.#gone = gone;
    if (this.#ctx !== null) text(this.#status, said(WORDS[this.#ctx.lang]));
  }

  /** Stops the panel's timer (the element left the page). */
  stop(): void {
    this.#stopTicker();
  }

  #stopTicker(): void {
    if (this.#ticker !== null) clearInterval(this.#ticker);
    this.#ticker = null;
  }

  /**
   * Updates the away times and countdowns only (no redraw, so focus and screen readers are left
   * alone); a move the host now takes is offered, and said once in the status line (the panel opens).
   */
  #tick(): void {
    const ctx = this.#ctx;
    if (ctx === null) return;
    const now = Date.now();
    const w = WORDS[ctx.lang].seats;
    for (const li of Array.from(this.el.querySelectorAll<HTMLElement>('li[data-state="away"][data-away-since]'))) {
      const ms = now - Number(li.dataset.awaySince);
      li.dataset.awayMs = String(ms);
      const out = li.querySelector('.state');
      if (out !== null) text(out, w.away(clock(ms)));
      const wait = li.querySelector<HTMLElement>('.wait');
      const left = Number(li.dataset.readyAt) - now;
      if (wait === null) continue;
      if (left > 0) {
        text(wait, ` · ${w.canHandIn(clock(left))}`);
        continue;
      }
      wait.remove();
      for (const b of Array.from(li.querySelectorAll('button[aria-disabled]'))) b.removeAttribute('aria-disabled');
      const seat = Number(li.dataset.seat);
      // (Opened too: a friend who sat down and never came is told of here, not as gone away.)
      this.el.open = true;
      this.#say((x) => x.seats.canHand(seat, personName(ctx.seats[seat])));
    }
  }

  #draw(ctx: KeeperContext, rows: readonly SeatRow[]): void {
    const w = WORDS[ctx.lang].seats;
    const focused = (this.el.getRootNode() as ShadowRoot | Document).activeElement?.getAttribute('data-key') ?? null;
    const label = { bot: w.toBot, reopen: w.reopen, reissue: w.reissue };
    const link = this.#link;
    const now = Date.now();
    fill(
      this.el,
      h('summary', null, w.title),
      h('p', { class: 'note' }, w.hint),
      h(
        'ul',
        { class: 'list' },
        rows.map((r) =>
          h(
            'li',
            {
              'data-seat': r.seat,
              'data-state': r.state,
              'data-away-since': r.awaySince,
              'data-ready-at': r.readyAt,
            },
            h('span', { class: `presence ${r.state}`, 'aria-hidden': 'true' }),
            h(
              'span',
              { class: 'grow' },
              h('strong', null, r.name),
              ' · ',
              h('span', { class: 'state' }, this.#stateWord(ctx.lang, r)),
              waits(r, 'bot', now) ? h('span', { class: 'wait', id: `wait-${r.seat}` }) : null,
            ),
            r.moves.map((m) => {
              const wait = waits(r, m, now);
              const b = h(
                'button',
                {
                  type: 'button',
                  class: `btn${m === 'bot' ? '' : ' quiet'}`,
                  'data-key': `seat-${m}:${r.seat}`,
                  disabled: this.#busy,
                  'aria-disabled': wait ? 'true' : null,
                  'aria-describedby': wait ? `wait-${r.seat}` : null,
                },
                label[m],
                h('span', { class: 'sr' }, ` (${r.name})`),
              );
              b.addEventListener('click', () => {
                if (!b.hasAttribute('aria-disabled')) void this.#move(r, m);
              });
              return b;
            }),
            link?.seat === r.seat ? copyRow(w.link(r.seat, r.given), link.url, ctx.lang, { 'data-seat-link': r.seat }) : null,
          ),
        ),
      ),
      this.#status,
    );
    if (focused !== null) this.el.querySelector<HTMLElement>(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  }

  #stateWord(lang: Lang, r: SeatRow): string {
    const w = WORDS[lang].seats;
    if (r.state === 'away' && r.awaySince !== null) return w.away(clock(Date.now() - r.awaySince));
    return r.state === 'away' ? w.away('') : w[r.state];
  }

  async #move(r: SeatRow, move: SeatMove): Promise<void> {
    const ctx = this.#ctx;
    if (ctx === null || this.#busy) return;
    this.#busy = true;
    this.update(ctx);
    try {
      if (move === 'reissue') {
        const { token } = await reissueSeat(ctx.base, ctx.match, ctx.creatorToken, r.seat);
        this.#link = { seat: r.seat, url: seatLink(ctx.page, ctx.match, token) };
        this.#say(() => '');
      } else {
        await reassignSeat(ctx.base, ctx.match, ctx.creatorToken, r.seat, move === 'bot' ? 'heuristic' : null);
        if (this.#link?.seat === r.seat) this.#link = null;
        this.#say((x) => (move === 'bot' ? x.seats.handed(r.seat, r.given) : x.seats.reopened(r.seat, r.given)));
      }
      ctx.changed();
    } catch (e) {
      const code = e instanceof ClientError ? e.code : e instanceof TypeError ? 'OFFLINE' : 'HTTP';
      const message = String((e as Error)?.message ?? e);
      this.#say((x) => (code === 'SEAT_TAKEN' ? x.seats.tooSoon(r.seat, r.given) : (x.errors[code] ?? message)));
    } finally {
      this.#busy = false;
      if (this.#ctx !== null) this.update(this.#ctx);
    }
  }
}
