/**
 * The table's sections drawn from a scene (the view plus what the element knows around it):
 * the status bar, the other seats, the titles, the felt (piles, the Advisor's turn, the middle,
 * the auction) and the reader's own seat. Cards come from the element's keyed pool, so a card
 * that moves (drawn → middle → a hand) stays the same element.
 * @module
 */
import type { Action, Card, PlayerView } from '../../index.js';
import { officesInPlay } from '../../index.js';
import type { Labels, Lang } from '../../text/index.js';
import { fill, h } from '../dom.js';
import type { Words } from '../words.js';
import { backs, cardBack, emblem } from './cards.js';
import { type Decision, goldOf, influence, seatOrder, sortHand } from './model.js';

/** Card sizes on the table. */
export type Size = '' | 'small' | 'big';

/** Everything a section needs to draw itself. */
export interface Scene {
  readonly v: PlayerView;
  readonly lang: Lang;
  readonly l: Labels;
  readonly w: Words;
  /** The reader's seat, `null` for a spectator. */
  readonly me: number | null;
  readonly decision: Decision;
  /** An action was chosen and its answer has not come: no choices. */
  readonly busy: boolean;
  readonly name: (p: number) => string;
  /** Per seat: connected (`true`), away (`false`), or not known. */
  readonly connected: readonly (boolean | null | undefined)[];
  /** Per seat, what they last said on this lot ("bid 4", "passed"). */
  readonly said: ReadonlyMap<number, string>;
  /** The pooled element of a visible card, sized. */
  readonly card: (c: Card, size?: Size) => HTMLElement;
  /** Makes a card element choosable: it plays `legal[index]`. */
  readonly playable: (el: HTMLElement, index: number) => void;
  readonly describe: (a: Action) => string;
}

/** The status bar: phase and whose turn. The clock is the element's (it ticks). */
export function renderBar(bar: HTMLElement, clockEl: HTMLElement, s: Scene): void {
  const { v, l, w } = s;
  const mine = v.currentPlayer !== null && v.currentPlayer === s.me;
  let turn: string;
  if (v.currentPlayer === null) turn = l.ui.gameOver;
  else if (mine) turn = l.ui.yourTurn;
  else turn = w.busy(s.name(v.currentPlayer), w.steps[v.step as keyof Words['steps']] ?? '');
  fill(
    bar,
    // At the end the turn says "Game over": the phase would say it twice.
    v.currentPlayer === null ? null : h('span', { class: 'phase' }, l.phases[v.phase]),
    h('span', { class: `turn${mine ? ' mine' : ''}`, part: 'turn' }, turn),
    clockEl,
    s.me === null ? h('span', { class: 'badge' }, w.watching) : null,
  );
}

function badges(s: Scene, p: number): HTMLElement[] {
  const { v, l, w } = s;
  const out: HTMLElement[] = [];
  if (p === v.advisor) out.push(h('span', { class: 'badge advisor' }, l.ui.advisor));
  if (p === v.firstPlayer && v.phase !== 'over') out.push(h('span', { class: 'badge' }, w.first));
  if (p === v.advisor && v.advisorHoldsCard && p !== s.me) out.push(h('span', { class: 'badge' }, w.holds));
  if (v.lot !== null) {
    if (v.defaulted.includes(p)) out.push(h('span', { class: 'badge warn' }, w.defaulted));
    else if (!v.stillIn.includes(p)) out.push(h('span', { class: 'badge out' }, w.out));
    const said = s.said.get(p);
    if (said !== undefined && v.stillIn.includes(p)) out.push(h('span', { class: 'badge word', 'data-said': p }, said));
  }
  return out;
}

function presence(s: Scene, p: number): HTMLElement | null {
  const c = s.connected[p];
  if (c !== true && c !== false) return null;
  const word = c ? s.w.online : s.w.offline;
  return h('span', { class: `presence${c ? '' : ' off'}`, role: 'img', 'aria-label': word, title: word });
}

/** The other seats: name, presence, badges, hand size as backs, and their publicly known cards. */
export function renderSeats(el: HTMLElement, s: Scene): void {
  const { v, l, w } = s;
  fill(
    el,
    seatOrder(v).map((p) => {
      const n = v.handSizes[p] ?? 0;
      const known = v.known[p] ?? [];
      return h(
        'section',
        {
          class: `seat panel${p === v.currentPlayer ? ' to-move' : ''}`,
          part: `seat${p === v.currentPlayer ? ' seat-to-move' : ''}`,
          'data-seat': p,
          'data-anchor': `seat-${p}`,
          'aria-label': s.name(p),
        },
        h('div', { class: 'seat-head' }, presence(s, p), h('span', { class: 'seat-name', part: 'seat-name' }, s.name(p)), badges(s, p)),
        h(
          'div',
          { class: 'seat-body' },
          backs(n, `${l.ui.hand}: ${w.cards(n)}`),
          h('span', { class: 'count', 'aria-hidden': 'true' }, w.cards(n)),
          known.length === 0
            ? null
            : h(
                'div',
                { class: 'seat-known', role: 'group', 'aria-label': l.ui.known },
                sortHand(known, v.players).map((c) => s.card(c, 'small')),
              ),
        ),
      );
    }),
  );
}

/** The titles: each office's primary and secondary values, and the reader's influence in it. */
export function renderTitles(el: HTMLElement, s: Scene): void {
  const { v, l, w } = s;
  const hand = s.me === null ? null : v.hand;
  fill(
    el,
    h('h2', null, l.ui.titles),
    h(
      'div',
      { class: 'title-grid' },
      officesInPlay(v.players).map((office) => {
        const t = v.titles[office];
        const mine = hand === null ? null : influence(hand, office);
        const spoken = [
          l.offices[office],
          `${l.titles.primary} ${t?.primary ?? ''}`,
          t?.secondary === null || t === undefined ? null : `${l.titles.secondary} ${t.secondary}`,
          mine === null ? null : `${w.yourInfluence} ${mine}`,
        ]
          .filter((x) => x !== null)
          .join(', ');
        return h(
          'div',
          { class: 'title', part: 'title', 'data-office': office, 'data-anchor': `title-${office}`, role: 'group', 'aria-label': spoken },
          emblem(office),
          h('span', { class: 'tname', 'aria-hidden': 'true' }, l.offices[office]),
          h(
            'span',
            { class: 'vals', 'aria-hidden': 'true' },
            String(t?.primary ?? ''),
            t?.secondary === null || t === undefined ? null : h('small', null, `/ ${t.secondary}`),
          ),
          mine === null ? null : h('span', { class: 'you', 'aria-hidden': 'true' }, `${l.ui.you}: ${mine}`),
        );
      }),
    ),
  );
}

function pile(label: string, count: number, anchor: string, top: HTMLElement | null, shown: number): HTMLElement {
  return h(
    'div',
    { class: 'pile', 'data-anchor': anchor, role: 'img', 'aria-label': `${label}: ${count}` },
    h(
      'div',
      { class: 'stack' },
      count === 0 && top === null ? h('div', { class: 'placeholder' }) : null,
      Array.from({ length: Math.min(shown, 3) }, () => cardBack()),
      top,
    ),
    h('span', { 'aria-hidden': 'true' }, label),
    h('span', { class: 'n', 'aria-hidden': 'true' }, String(count)),
  );
}

/** The felt: the deck, the favor pile and the discard, then the Advisor's turn or the auction. */
export function renderFelt(el: HTMLElement, s: Scene): void {
  const { v, l } = s;
  const lastDiscard = v.discard[v.discard.length - 1];
  const piles = h(
    'div',
    { class: 'piles' },
    v.phase === 'influence' ? pile(l.ui.deck, v.deckSize, 'deck', null, v.deckSize) : null,
    pile(l.ui.favorPile, v.favorSize, 'favor', null, v.favorSize),
    pile(l.ui.discard, v.discard.length, 'discard', lastDiscard ? s.card(lastDiscard) : null, 0),
  );
  fill(el, piles, h('div', { class: 'stage' }, stage(s)));
}

function stage(s: Scene): (HTMLElement | null)[] {
  const { v, l, w } = s;
  const out: (HTMLElement | null)[] = [];
  if (v.king !== null) {
    out.push(
      h(
        'div',
        { class: 'zone king-zone', part: 'king' },
        h('h3', null, l.kinds.king),
        h(
          'div',
          { class: 'row' },
          s.card(v.king.card, 'big'),
          h('span', null, w.busy(s.name(v.king.player), v.king.player === s.me ? w.myKing : w.steps.king)),
        ),
      ),
    );
  }
  if (v.phase === 'influence') {
    const advisor = v.advisor;
    const drawn = v.drawn !== null ? s.card(v.drawn, 'big') : v.advisorHoldsCard ? cardBack('big held') : null;
    const slot = (area: 'self' | 'middle' | 'favor', used: boolean, extra = ''): HTMLElement =>
      h(
        'span',
        { class: `slot${used ? ' used' : ''}` },
        `${l.areas[area]}${extra}`,
        h('span', { class: 'sr' }, ` (${used ? w.used : w.free})`),
      );
    out.push(
      h(
        'div',
        { class: 'zone', 'data-anchor': 'drawn' },
        h('h3', null, advisor === null ? l.ui.advisor : w.advisorIs(s.name(advisor))),
        h(
          'div',
          { class: 'advisor-row' },
          drawn ?? h('div', { class: 'placeholder', 'aria-hidden': 'true' }, l.ui.drawn),
          h('div', { class: 'slots' }, slot('self', v.selfUsed), slot('favor', v.favorUsed)),
        ),
      ),
      h(
        'div',
        { class: 'zone', part: 'middle' },
        h('h3', null, `${l.ui.middle} (${v.middle.length})`),
        h(
          'div',
          { class: 'row middle', role: 'group', 'aria-label': l.ui.middle },
          v.middle.length === 0 ? h('div', { class: 'placeholder', 'aria-hidden': 'true' }) : v.middle.map((c) => middleCard(s, c)),
        ),
      ),
    );
  } else if (v.phase === 'esteem') {
    out.push(auction(s));
  }
  if (s.me !== null && v.myFavor.length > 0 && v.phase === 'esteem') {
    out.push(
      h(
        'div',
        { class: 'zone' },
        h('h3', null, w.myFavor),
        h(
          'div',
          { class: 'row' },
          v.myFavor.map((c) => s.card(c, 'small')),
        ),
      ),
    );
  }
  return out;
}

function middleCard(s: Scene, c: Card): HTMLElement {
  const el = s.card(c);
  if (s.decision.kind === 'take' && !s.busy) {
    const index = s.decision.cards.get(c.id);
    if (index !== undefined) s.playable(el, index);
  }
  return el;
}

function auction(s: Scene): HTMLElement {
  const { v, l, w } = s;
  const lot = v.lot === null ? h('div', { class: 'placeholder', 'aria-hidden': 'true' }, l.ui.lot) : s.card(v.lot, 'big');
  const high =
    v.highBidder === null
      ? h('div', { class: 'high' }, h('span', { class: 'medal empty', 'aria-hidden': 'true' }, '–'), h('span', null, w.noBid))
      : h(
          'div',
          { class: 'high' },
          h('span', { class: 'medal', 'aria-hidden': 'true' }, String(v.highBid)),
          h('span', null, `${l.ui.highBid}: ${v.highBid} — ${s.name(v.highBidder)}`),
        );
  const pay = v.payment;
  return h(
    'div',
    { class: 'zone', part: 'auction' },
    h('h3', null, l.ui.lot),
    h(
      'div',
      { class: 'auction', 'data-anchor': 'lot' },
      lot,
      h(
        'div',
        { class: 'bid-info' },
        high,
        v.lot === null || v.stillIn.length === 0
          ? null
          : h('div', { class: 'count' }, `${l.ui.stillIn}: ${v.stillIn.map((p) => s.name(p)).join(', ')}`),
        pay === null
          ? null
          : h(
              'div',
              { class: 'bid-info' },
              h('span', null, `${l.ui.payment} — ${s.name(pay.player)}: ${w.paid(pay.paid, pay.due)}`),
              h(
                'div',
                {
                  class: 'progress',
                  role: 'progressbar',
                  'aria-label': l.ui.payment,
                  'aria-valuemin': 0,
                  'aria-valuemax': pay.due,
                  'aria-valuenow': Math.min(pay.paid, pay.due),
                },
                h('i', { style: `width: ${Math.min(100, (100 * pay.paid) / Math.max(1, pay.due))}%` }),
              ),
            ),
      ),
    ),
  );
}

/** The reader's seat: name, badges, gold, and the hand (grouped by office), choosable when paying. */
export function renderMine(el: HTMLElement, s: Scene): void {
  const { v, l, w } = s;
  if (s.me === null) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const hand = sortHand(v.hand, v.players);
  let previous = '';
  const cards = hand.map((c) => {
    const el = s.card(c);
    const group = c.kind === 'government' ? c.office : c.kind;
    if (previous !== '' && group !== previous) el.classList.add('gap');
    previous = group;
    if (s.decision.kind === 'pay' && !s.busy) {
      const index = s.decision.cards.get(c.id);
      if (index !== undefined) s.playable(el, index);
    }
    return el;
  });
  fill(
    el,
    h(
      'div',
      { class: 'mine-head' },
      presence(s, s.me),
      h('span', { class: 'seat-name', part: 'seat-name' }, s.name(s.me)),
      badges(s, s.me),
      h('span', { class: 'count' }, `${l.ui.hand}: ${w.cards(hand.length)} · ${w.yourGold(goldOf(v.hand))}`),
    ),
    h(
      'div',
      { class: 'fan', part: 'hand', role: 'group', 'aria-label': l.ui.hand, 'data-anchor': `seat-${s.me}` },
      cards.length === 0 ? h('div', { class: 'placeholder', 'aria-hidden': 'true' }) : cards,
    ),
  );
}
