/**
 * Animations planned from events, played with the Web Animations API after the new view is
 * drawn (FLIP: the old place of each kept card is measured before, the new one after, and the
 * card glides between them). A card new to the table comes from where the events say: the deck
 * for a draw, the favor pile for a lot, a player's seat for a card they placed or paid. Nothing
 * moves when the reader prefers reduced motion.
 * @module
 */
import type { GameEvent } from '../../index.js';

/** Where each card was before the render: its element and its box. */
export type Before = Map<Element, DOMRect>;

/** Measures the cards a render may move. */
export function measure(cards: Iterable<Element>): Before {
  const out: Before = new Map();
  for (const el of cards) if (el.isConnected) out.set(el, el.getBoundingClientRect());
  return out;
}

/** Where a card that was not on the table comes from, by card id: an anchor name (`deck`, `favor`, `seat-2`, …). */
export function origins(events: readonly GameEvent[], me: number | null): Map<string, string> {
  const from = new Map<string, string>();
  for (const e of events) {
    switch (e.type) {
      case 'drawn':
        if (e.card !== null) from.set(e.card, 'deck');
        break;
      case 'placed':
        if (e.card !== null && e.player !== me) from.set(e.card, `seat-${e.player}`);
        break;
      case 'lot':
        from.set(e.card, 'favor');
        break;
      case 'paid':
      case 'king-gained':
        if (e.player !== me) from.set(e.card, `seat-${e.player}`);
        break;
      case 'forfeit':
        if (e.card !== null) from.set(e.card, `seat-${e.player}`);
        break;
      default:
        break;
    }
  }
  return from;
}

const EASE = 'cubic-bezier(.2,.75,.25,1)';

/**
 * Moves each card from where it was (or from its origin's anchor) to where it is now.
 * `anchor(name)` finds an anchor element after the render.
 */
export function glide(
  cards: Iterable<HTMLElement>,
  before: Before,
  from: ReadonlyMap<string, string>,
  anchor: (name: string) => Element | null,
): void {
  for (const el of cards) {
    if (!el.isConnected) continue;
    const now = el.getBoundingClientRect();
    if (now.width === 0) continue;
    const was = before.get(el);
    if (was !== undefined) {
      const dx = was.left - now.left;
      const dy = was.top - now.top;
      if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
      const scale = was.width > 0 ? was.width / now.width : 1;
      el.animate(
        [
          { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, zIndex: 5 },
          { transform: 'none', zIndex: 5 },
        ],
        { duration: 420, easing: EASE },
      );
      continue;
    }
    const id = el.dataset.card;
    const source = id === undefined ? undefined : from.get(id);
    const box = source === undefined ? null : (anchor(source)?.getBoundingClientRect() ?? null);
    if (box === null || box.width === 0) {
      el.animate(
        [
          { opacity: 0, transform: 'scale(.85)' },
          { opacity: 1, transform: 'none' },
        ],
        { duration: 260, easing: EASE },
      );
      continue;
    }
    const dx = box.left + box.width / 2 - (now.left + now.width / 2);
    const dy = box.top + box.height / 2 - (now.top + now.height / 2);
    el.animate(
      [
        { transform: `translate(${dx}px, ${dy}px) scale(.5) rotateY(90deg)`, opacity: 0.6 },
        { transform: 'none', opacity: 1 },
      ],
      { duration: 520, easing: EASE },
    );
  }
}

/** Plays a CSS animation class once on an element (`pop`, `shake`, `flash`). */
export function flash(el: Element | null, className: string): void {
  if (el === null) return;
  el.classList.remove(className);
  // Restart the animation: reading layout between removing and adding the class.
  void (el as HTMLElement).offsetWidth;
  el.classList.add(className);
  el.addEventListener('animationend', () => el.classList.remove(className), { once: true });
}

/** The small effects of events that move no card: a bid pops, a forfeit shakes a seat, a King flashes its title. */
export function effects(events: readonly GameEvent[], find: (selector: string) => Element | null): void {
  // Escaped: an event from a host is read, not trusted (a quote in it would break the selector).
  const q = (x: unknown): string => CSS.escape(String(x));
  for (const e of events) {
    if (e.type === 'bid' || e.type === 'pass') flash(find(`[data-said="${q(e.player)}"]`), 'pop');
    else if (e.type === 'forfeit') flash(find(`[data-anchor="seat-${q(e.player)}"]`), 'shake');
    else if (e.type === 'king-resolved') flash(find(`[data-anchor="title-${q(e.office)}"]`), 'flash');
  }
}
