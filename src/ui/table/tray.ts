/**
 * The decision tray: what the reader is asked now, with real buttons for every choice (the bid
 * control is bounded by `minBid`…`maxBid`, Kings are a grid of office × value). Cards chosen on
 * the table (taking from the middle, paying from the hand) are made choosable by `render.ts`;
 * the tray then says what to do.
 * @module
 */
import { fill, h } from '../dom.js';
import { emblem } from './cards.js';
import { clampBid, type Decision, goldOf, quickBids } from './model.js';
import type { Scene } from './render.js';

/** The tray's own state between renders: the amount in the bid control. */
export interface TrayState {
  amount: number | null;
}

/** Words as a screen reader's voice control sees them: lower case, without parentheses, between spaces. */
const words = (s: string): string =>
  ` ${s
    .toLowerCase()
    .replace(/\([^()]*\)/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/**
 * A control's accessible name: the action's description, which must hold the words the button
 * shows as whole words (WCAG 2.5.3, label in name: a voice user says what they see; "Пас" is
 * not in "Пасувати"), else those words first.
 */
export function nameFor(text: string, description: string): string {
  return words(description).includes(words(text)) ? description : `${text.trim()}: ${description}`;
}

function button(s: Scene, index: number, text: string, key: string, quiet = false): HTMLButtonElement {
  const action = s.v.legal[index];
  return h(
    'button',
    {
      type: 'button',
      class: `btn${quiet ? ' quiet' : ''}`,
      part: 'button',
      'data-act': index,
      'data-key': key,
      'aria-label': action === undefined ? text : nameFor(text, s.describe(action)),
      disabled: s.busy,
    },
    text,
  );
}

/** Draws the tray for the scene; returns whether it asks the reader something. */
export function renderTray(el: HTMLElement, s: Scene, state: TrayState): boolean {
  const { v, l, w, decision: d } = s;
  el.hidden = v.currentPlayer === null;
  const mine = d.kind !== 'none';
  el.classList.toggle('mine', mine);
  el.setAttribute('aria-busy', String(s.busy));
  if (!mine) {
    const who = v.currentPlayer === null ? '' : s.name(v.currentPlayer);
    const doing = v.currentPlayer === null ? '' : w.busy(who, w.steps[v.step as keyof typeof w.steps] ?? '');
    fill(
      el,
      h(
        'h2',
        { class: 'prompt', tabindex: '-1', 'data-key': 'prompt' },
        s.me === null ? `${w.watching} · ${doing}` : `${l.ui.waitingFor} ${doing}`,
      ),
    );
    return false;
  }
  const prompt = (text: string): HTMLElement => h('h2', { class: 'prompt', tabindex: '-1', 'data-key': 'prompt' }, text);
  switch (d.kind) {
    case 'place':
      fill(
        el,
        prompt(w.place),
        h(
          'div',
          { class: 'controls' },
          d.areas.map((a) => button(s, a.index, l.areas[a.area], `place:${a.area}`)),
        ),
      );
      break;
    case 'take':
      fill(el, prompt(d.last ? w.takeLast : w.take));
      break;
    case 'king':
      fill(
        el,
        prompt(w.king),
        h(
          'div',
          { class: 'king-grid' },
          d.rows.map((row) =>
            h(
              'div',
              { class: 'king-row', role: 'group', 'aria-label': `${l.offices[row.office]} (${row.current})` },
              h('span', { class: 'office', 'aria-hidden': 'true' }, emblem(row.office), `${l.offices[row.office]} (${row.current})`),
              row.values.map((x) => button(s, x.index, String(x.value), `king:${row.office}:${x.value}`, true)),
            ),
          ),
        ),
      );
      break;
    case 'bid':
      fill(el, prompt(w.bid), h('p', { class: 'note' }, w.yourGold(goldOf(v.hand))), bidControls(s, d, state));
      break;
    case 'pay':
      fill(el, prompt(w.pay(d.due, d.paid, d.mode)));
      break;
    default:
      fill(
        el,
        prompt(l.ui.yourTurn),
        h(
          'div',
          { class: 'controls' },
          (d.kind === 'other' ? d.indexes : []).map((i) => {
            const a = v.legal[i];
            return button(s, i, a === undefined ? '' : s.describe(a), `other:${i}`);
          }),
        ),
      );
  }
  return true;
}

function bidControls(s: Scene, d: Extract<Decision, { kind: 'bid' }>, state: TrayState): HTMLElement {
  const { w } = s;
  const quick = quickBids(d);
  const amount = clampBid(state.amount ?? d.min ?? 0, d);
  state.amount = amount;
  const controls = h('div', { class: 'controls', part: 'bid' });
  for (const n of quick) {
    const index = d.bids.get(n);
    if (index !== undefined) controls.append(button(s, index, w.bidButton(n), `bid-quick:${n}`));
  }
  if (amount !== null && d.min !== null && d.max !== null && d.max > d.min) {
    const input = h('input', {
      type: 'number',
      inputmode: 'numeric',
      min: d.min,
      max: d.max,
      step: 1,
      value: amount,
      'aria-label': `${w.amount} (${d.min}–${d.max})`,
      'data-key': 'bid-amount',
      disabled: s.busy,
    });
    const go = button(s, d.bids.get(amount) ?? -1, w.bidButton(amount), 'bid');
    // Typing is not clamped (with 3 the least, "1" then "1" is 11, not 31), but the bid button
    // always says what it and Enter send: the amount typed, clamped. The field shows that amount
    // once it is left, or on Enter.
    const typed = (): number => (input.value === '' ? (state.amount ?? Number.NaN) : Number(input.value));
    const set = (n: number, shown = true): void => {
      const next = clampBid(n, d);
      if (next === null) return;
      state.amount = next;
      if (shown) input.value = String(next);
      const index = d.bids.get(next);
      go.dataset.act = String(index ?? -1);
      go.textContent = w.bidButton(next);
      const action = index === undefined ? undefined : s.v.legal[index];
      go.setAttribute('aria-label', action === undefined ? w.bidButton(next) : nameFor(w.bidButton(next), s.describe(action)));
    };
    input.addEventListener('change', () => set(typed()));
    input.addEventListener('input', () => set(typed(), false));
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        set(typed());
        go.click();
      }
    });
    const step = (delta: number, label: string, key: string, sign: string): HTMLButtonElement => {
      const b = h('button', { type: 'button', class: 'btn quiet', 'aria-label': label, 'data-key': key, disabled: s.busy }, sign);
      b.addEventListener('click', () => set((state.amount ?? d.min ?? 0) + delta));
      return b;
    };
    controls.append(h('span', { class: 'stepper' }, step(-1, w.lower, 'bid-lower', '−'), input, step(1, w.higher, 'bid-higher', '+')), go);
  }
  if (d.pass !== null) controls.append(button(s, d.pass, w.pass, 'pass', true));
  return controls;
}
