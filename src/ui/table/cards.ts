/**
 * Cards drawn as cards: a face for each kind (a Government card in its office's colour with its
 * value and emblem, a King with a crown, Gold with its coins) and a back. Pure markup and
 * classes: the look is in `style.ts` and the theme's custom properties.
 * @module
 */
import type { Card, Office } from '../../index.js';
import { describeCard, type Lang, labels } from '../../text/index.js';
import { h } from '../dom.js';

const STROKE = 'fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round"';

/** Each office's emblem (24×24, drawn in the office's colour). */
const EMBLEMS: Readonly<Record<Office, string>> = {
  diplomacy: `<path d="M8 4h10a2 2 0 0 1 2 2v1h-4"/><path d="M16 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-1h8v1a2 2 0 0 0 2 2"/><path d="M8 4a2 2 0 0 0-2 2v11"/><path d="M9 9h4M9 12h4"/>`,
  military: `<path d="M5 5l10 10M19 5L9 15"/><path d="M13 17l4-4M7 13l4 4"/><path d="M16 16l3 3M8 16l-3 3"/>`,
  architecture: `<path d="M3 9l9-5 9 5z"/><path d="M6 10v7M10 10v7M14 10v7M18 10v7"/><path d="M3 20h18M4 17.5h16"/>`,
  entertainment: `<path d="M9 18V5l10-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="16.5" cy="16" r="2.5"/>`,
  provisions: `<path d="M12 21V6"/><path d="M12 7c-2-1-3-3-2-5 2 1 3 3 2 5zM12 7c2-1 3-3 2-5-2 1-3 3-2 5z"/><path d="M12 12c-2.5 0-4-1.5-4.5-3.5 2.5 0 4 1.5 4.5 3.5zM12 12c2.5 0 4-1.5 4.5-3.5-2.5 0-4 1.5-4.5 3.5zM12 17c-2.5 0-4-1.5-4.5-3.5 2.5 0 4 1.5 4.5 3.5zM12 17c2.5 0 4-1.5 4.5-3.5-2.5 0-4 1.5-4.5 3.5z"/>`,
  livestock: `<path d="M6 4v7a6 6 0 0 0 12 0V4"/><path d="M9.5 4v7a2.5 2.5 0 0 0 5 0V4"/><path d="M5 4h2.5M16.5 4H19"/>`,
};

/** The King's crown. */
export const CROWN = `<path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 10H5z" fill="currentColor"/><path d="M5 20.5h14"/>`;

/** An SVG icon from path markup (decorative: hidden from screen readers). */
export function icon(paths: string, className: string): HTMLElement {
  const span = h('span', { class: className, 'aria-hidden': 'true' });
  span.innerHTML = `<svg viewBox="0 0 24 24" ${STROKE} focusable="false">${paths}</svg>`;
  return span;
}

/** An office's emblem as an icon. */
export function emblem(office: Office): HTMLElement {
  return icon(EMBLEMS[office], 'emblem');
}

/**
 * A printed mark of a card face (value, name, letter): drawn by CSS from `data-t`, so that the
 * face has no text of its own and a card's accessible name is its label alone (a choosable card's
 * name is the sentence of its action).
 */
function mark(className: string, value: string | number): HTMLElement {
  return h('span', { class: className, 'data-t': value, 'aria-hidden': 'true' });
}

/** A card's spoken name: "Diplomacy 4 (A)", "King", "Gold 2". */
export function cardLabel(card: Card, lang: Lang): string {
  const name = describeCard(card, lang);
  return card.kind === 'government' ? `${name} (${card.letter})` : name;
}

/**
 * A card's face, as a new element. It carries the card's id (`data-card`): draw faces only for
 * cards the reader may see.
 */
export function cardFace(card: Card, lang: Lang): HTMLElement {
  const l = labels[lang];
  const el = h('div', {
    class: 'card',
    'data-card': card.id,
    'data-kind': card.kind,
    'data-office': card.kind === 'government' ? card.office : null,
    part: card.kind === 'government' ? `card card-${card.office}` : `card card-${card.kind}`,
    role: 'img',
    'aria-label': cardLabel(card, lang),
    title: cardLabel(card, lang),
  });
  if (card.kind === 'government') {
    el.append(
      mark('pip tl', card.value),
      emblem(card.office),
      mark('name', l.offices[card.office]),
      mark('pip br', card.value),
      mark('letter', card.letter),
    );
  } else if (card.kind === 'king') {
    el.append(icon(CROWN, 'crown'), mark('name', l.kinds.king));
  } else {
    el.append(
      mark('pip tl', card.value),
      h(
        'span',
        { class: 'coins', 'data-n': card.value, 'aria-hidden': 'true' },
        Array.from({ length: card.value }, () => h('i', { class: 'coin' })),
      ),
      mark('name', l.kinds.gold),
      mark('pip br', card.value),
    );
  }
  return el;
}

/** A card's back (no id: it stands for a card the reader may not see). */
export function cardBack(extra = ''): HTMLElement {
  return h('div', { class: `card back ${extra}`.trim(), part: 'card-back', 'aria-hidden': 'true' });
}

/** A stack of backs standing for `n` cards (at most `max` drawn), with the count for screen readers. */
export function backs(n: number, label: string, max = 6): HTMLElement {
  return h(
    'div',
    { class: 'backs', role: 'img', 'aria-label': label, 'data-n': n },
    Array.from({ length: Math.min(n, max) }, () => cardBack('mini')),
    n > max ? h('span', { class: 'more', 'aria-hidden': 'true' }, `+${n - max}`) : null,
  );
}
