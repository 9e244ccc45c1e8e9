/**
 * The final score: who won, each office's influence and titles per player, gold, points, and
 * every hand (public at the end, RULES E, H1). Drawn only from `view.score` and `view.hands`.
 * @module
 */
import { officesInPlay } from '../../index.js';
import { fill, h } from '../dom.js';
import { CROWN, cardFace, icon } from './cards.js';
import { goldOf, sortHand } from './model.js';
import type { Scene } from './render.js';
import { sayEvent } from './say.js';

/** Draws the score panel (hidden until the game is over). */
export function renderScore(el: HTMLElement, s: Scene, names: readonly string[]): void {
  const { v, l, w, lang } = s;
  const score = v.score;
  if (score === undefined) {
    // Emptied too: a replay stepping back from the end must not keep the hands in the DOM.
    el.hidden = true;
    el.replaceChildren();
    return;
  }
  el.hidden = false;
  const offices = officesInPlay(v.players);
  const hands = v.hands ?? [];
  const line = sayEvent(
    { type: 'game-over', points: score.points, winners: score.winners },
    lang,
    s.me === null ? { names } : { viewer: s.me, names },
  );
  const short = (name: string): string => (name.length <= 4 ? name : `${name.slice(0, 3)}.`);
  // A column's name in full for screen readers, and as wide as the screen allows for the eye.
  const named = (name: string): HTMLElement[] => [
    h('span', { class: 'sr' }, name),
    h('span', { class: 'long', 'aria-hidden': 'true' }, name),
    h('abbr', { class: 'short', title: name, 'aria-hidden': 'true' }, short(name)),
  ];
  fill(
    el,
    h('h2', null, l.ui.score),
    h('p', { class: 'winner-line', 'data-key': 'winner', tabindex: '-1' }, icon(CROWN, 'crown'), line),
    h(
      'div',
      { class: 'wide' },
      h(
        'table',
        { part: 'score-table' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            h('th', { scope: 'col' }, l.ui.player),
            offices.map((o) =>
              h(
                'th',
                { scope: 'col', title: l.offices[o] },
                h('span', { class: 'dot', style: `background: var(--_${o})`, 'aria-hidden': 'true' }),
                named(l.offices[o]),
              ),
            ),
            h('th', { scope: 'col' }, named(l.ui.gold)),
            h('th', { scope: 'col' }, l.ui.points),
          ),
        ),
        h(
          'tbody',
          null,
          Array.from({ length: v.players }, (_, p) =>
            h(
              'tr',
              { 'data-player': p, class: score.winners.includes(p) ? 'winner' : null },
              h('th', { scope: 'row' }, s.name(p), score.winners.includes(p) ? h('span', { class: 'sr' }, ` (${l.ui.winner})`) : null),
              offices.map((o) => {
                const r = score.offices[o];
                const inf = r?.influence[p] ?? 0;
                const took = r?.first === p ? (r.primary ?? 0) : r?.second === p ? (r.secondary ?? 0) : null;
                return h(
                  'td',
                  null,
                  inf === 0 ? '·' : String(inf),
                  took === null ? null : h('span', { class: 'won' }, ` +${took}`),
                  took === null ? null : h('span', { class: 'sr' }, ` (${r?.first === p ? w.primaryShort : w.secondaryShort})`),
                );
              }),
              h('td', null, String(goldOf(hands[p] ?? []))),
              h('td', { class: 'total' }, String(score.points[p] ?? 0)),
            ),
          ),
        ),
      ),
    ),
    // What comes after the game (a rematch, the replay), from the element that holds the table.
    h('slot', { name: 'after-score' }),
    h('h3', { style: 'margin-top: 14px' }, w.finalHands),
    h(
      'div',
      { class: 'final-hands' },
      hands.map((hand, p) =>
        h(
          'div',
          { class: 'final-hand', role: 'group', 'aria-label': s.name(p) },
          h('strong', null, s.name(p)),
          h(
            'div',
            { class: 'row' },
            sortHand(hand, v.players).map((c) => {
              const face = cardFace(c, lang);
              face.classList.add('small');
              return face;
            }),
          ),
        ),
      ),
    ),
  );
}
