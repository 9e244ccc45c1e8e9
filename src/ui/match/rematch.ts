/**
 * The rematch panel of `<ftk-match>`, under the final score: who is ready to play again (a bot
 * always is), the reader's **Rematch** button, and, once everybody agreed, the way to the next
 * match (the panel goes there by itself when it saw the agreement happen, a moment after saying
 * so: going there takes the panel off the page). The host creates the rematch with the same
 * seats, so nobody needs a new invite.
 * @module
 */
import { ClientError, type RematchState, type SeatSummary } from '../../client/index.js';
import type { Lang } from '../../text/index.js';
import { fill, h, text } from '../dom.js';
import { CROWN, icon } from '../table/cards.js';
import { WORDS, type Words } from '../words.js';

/** How long the panel says that everybody agreed before it goes to the rematch by itself (a line taken off the page at once is not read out). */
const GO_AFTER_MS = 1000;

/** Whether a seat agreed to the rematch. */
export type Vote = 'ready' | 'deciding';

/** One seat in the rematch panel. */
export interface VoteRow {
  readonly seat: number;
  readonly name: string;
  readonly vote: Vote;
  /** The reader's own seat. */
  readonly me: boolean;
}

/** The seats and their votes: a bot is always ready, a person once the host counted their vote. */
export function voteRows(
  players: number,
  seats: readonly SeatSummary[] | null,
  state: RematchState | null,
  me: number,
  name: (seat: number) => string,
): VoteRow[] {
  return Array.from({ length: players }, (_, seat) => {
    const s = seats?.[seat];
    const bot = s !== undefined && (s.kind === 'bot' || s.bot !== null);
    const vote: Vote = bot || state?.votes[seat] === true || state?.next ? 'ready' : 'deciding';
    return { seat, name: name(seat), vote, me: seat === me };
  });
}

/** What the panel needs each time it is drawn. */
export interface RematchContext {
  readonly lang: Lang;
  readonly me: number;
  readonly players: number;
  readonly seats: readonly SeatSummary[] | null;
  readonly state: RematchState | null;
  readonly name: (seat: number) => string;
  /** Agrees for the reader's seat (`client.agreeToRematch`). */
  readonly agree: () => Promise<unknown>;
  /**
   * Goes to the rematch: called by the panel a moment (`GO_AFTER_MS`) after everybody agreed if
   * it saw the game over with no rematch yet, the connection open; else by a button.
   */
  readonly go: (next: string) => void;
  /** Whether the connection is open. */
  readonly open: boolean;
}

/** The rematch panel: a section the match element puts under the final score. */
export class RematchPanel {
  /** The panel (hidden for a spectator or a host without rematches). */
  readonly el: HTMLElement = h('section', { class: 'rematch', part: 'rematch', hidden: true, 'aria-labelledby': 'ftk-rematch-title' });
  readonly #status: HTMLElement = h('p', { class: 'note', role: 'status' });
  /** The last thing said in the status line, in words of either language (reworded when the language changes). */
  #said: ((w: Words) => string) | null = null;
  #ctx: RematchContext | null = null;
  #busy = false;
  #votes: readonly VoteRow[] = [];
  #drawn = '';
  /** The game was seen over with no rematch yet (the connection open): when one comes, the panel goes there by itself. */
  #awaiting = false;

  /** Draws the panel for `ctx`, or hides it (`null`). */
  update(ctx: RematchContext | null): void {
    this.#ctx = ctx;
    if (ctx === null) {
      this.el.hidden = true;
      this.#drawn = '';
      return;
    }
    const w = WORDS[ctx.lang].rematch;
    const rows = voteRows(ctx.players, ctx.seats, ctx.state, ctx.me, ctx.name);
    // Another person's new vote is announced; the reader's own is said by the button.
    const before = this.#votes;
    const news = rows.filter(
      (r) => !r.me && r.vote === 'ready' && before[r.seat]?.vote === 'deciding' && ctx.seats?.[r.seat]?.kind !== 'bot',
    );
    this.#votes = rows;
    const next = ctx.state?.next ?? null;
    if (next !== null) this.#said = (x) => x.rematch.starting;
    else if (news.length > 0) this.#said = (x) => news.map((r) => x.rematch.wants(r.name)).join(' ');
    if (this.#said !== null) text(this.#status, this.#said(WORDS[ctx.lang]));
    this.el.hidden = false;
    if (next === null) this.#awaiting ||= ctx.open;
    else if (this.#awaiting) {
      this.#awaiting = false;
      // Not if the panel left the page meanwhile (the reader went there, or elsewhere).
      setTimeout(() => this.el.isConnected && ctx.go(next), GO_AFTER_MS);
    }
    const key = JSON.stringify([ctx.lang, rows, next, this.#busy]);
    if (key === this.#drawn) return;
    this.#drawn = key;
    const mine = rows.find((r) => r.me)?.vote === 'ready';
    const focused = (this.el.getRootNode() as ShadowRoot | Document).activeElement?.getAttribute('data-key') ?? null;
    const ask = h(
      'button',
      // Not `disabled` once agreed: the button keeps the focus, and says what happens.
      { type: 'button', class: 'btn big', 'data-key': 'rematch', 'aria-disabled': mine || this.#busy ? 'true' : null },
      icon(CROWN, 'crown'),
      mine ? w.asked : w.ask,
    );
    ask.addEventListener('click', () => {
      if (!mine) void this.#agree();
    });
    let go: HTMLButtonElement | null = null;
    if (next !== null) {
      go = h('button', { type: 'button', class: 'btn big', 'data-key': 'rematch-go' }, w.go);
      go.addEventListener('click', () => ctx.go(next));
    }
    fill(
      this.el,
      h('h3', { id: 'ftk-rematch-title' }, w.title),
      h(
        'ul',
        { class: 'votes' },
        rows.map((r) =>
          h(
            'li',
            { 'data-seat': r.seat, 'data-vote': r.vote, class: r.me ? 'me' : null },
            h('span', { class: 'chip', 'aria-hidden': 'true' }, r.vote === 'ready' ? '✓' : '…'),
            h('span', null, r.me ? `${r.name} (${w.you})` : r.name),
            h('span', { class: 'vote' }, r.vote === 'ready' ? w.ready : w.deciding),
          ),
        ),
      ),
      h('p', { class: 'note' }, w.note),
      h('div', { class: 'strip' }, go ?? ask),
      this.#status,
    );
    if (focused === 'rematch' || focused === 'rematch-go') (go ?? ask).focus();
  }

  async #agree(): Promise<void> {
    const ctx = this.#ctx;
    if (ctx === null || this.#busy) return;
    this.#busy = true;
    this.update(ctx);
    try {
      await ctx.agree();
    } catch (e) {
      const code = e instanceof ClientError ? e.code : 'HTTP';
      const message = String((e as Error)?.message ?? e);
      // Closed before the answer came because everybody agreed and the page went on to the rematch
      // (the panel then knows the next match, or was cleared as its match closed): nothing failed.
      const onward = this.#ctx === null || (this.#ctx.state?.next ?? null) !== null;
      if (code !== 'CLOSED' || !onward) {
        this.#said = (x) => x.errors[code] ?? message;
        text(this.#status, this.#said(WORDS[ctx.lang]));
      }
    } finally {
      this.#busy = false;
      if (this.#ctx !== null) this.update(this.#ctx);
    }
  }
}
