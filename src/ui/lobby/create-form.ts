/**
 * @internal `<ftk-lobby>`'s form that creates a match: the player count, who plays each seat,
 * the rule variants, a turn timer, spectators and the creator's name (values kept across a
 * redraw, as a change of language makes), and the button of a game against bots on this page.
 * @module
 */
import type { createMatch } from '../../client/index.js';
import { type Card, cardById } from '../../index.js';
import { labels } from '../../text/index.js';
import { fill, h } from '../dom.js';
import { cardFace } from '../table/cards.js';
import { WORDS } from '../words.js';

const PLAYERS = [2, 3, 4, 5] as const;
const SEAT_KINDS = ['person', 'heuristic', 'random', 'ismcts:300'] as const;
const TIMERS = [0, 30, 60, 120, 300] as const;

/** @internal What the form does with what it is given. */
export interface CreateFormHooks {
  /** Creates the match and takes seat 0 under `name`; resolves once done, either way. */
  readonly create: (settings: Parameters<typeof createMatch>[1], name: string) => Promise<void>;
  /** Starts a game against bots on this page with the chosen player count; `null`: not offered. */
  readonly local: ((players: number) => void) | null;
}

/** @internal The form, in `lang`, with the values of `kept` (by field name) put back. */
export function createForm(lang: 'en' | 'uk', kept: ReadonlyMap<string, string>, hooks: CreateFormHooks): HTMLElement {
  const w = WORDS[lang].lobby;
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
  if (PLAYERS.some((n) => String(n) === kept.get('players'))) players.value = kept.get('players') as string;
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
  const restore = (form: HTMLElement): void => {
    for (const el of Array.from(form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name], select[name]'))) {
      const value = kept.get(el.name);
      if (value === undefined || el.name === 'players') continue;
      if (el instanceof HTMLSelectElement && !Array.from(el.options).some((o) => o.value === value)) continue;
      el.value = value;
    }
  };
  const form = h(
    'form',
    { class: 'form', part: 'create' },
    h(
      'div',
      { class: 'grid2' },
      h('label', { class: 'field' }, h('span', null, w.name), name),
      h('label', { class: 'field' }, h('span', null, labels[lang].ui.players), players),
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
    h('div', { class: 'strip' }, go, hooks.local === null ? null : localButton(w.local, () => hooks.local?.(Number(players.value)))),
  );
  restore(form);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const n = Number(players.value);
    const bots: (string | null)[] = [null];
    for (const el of Array.from(seats.querySelectorAll('select'))) bots.push(el.value === 'person' ? null : el.value);
    const turn = Number(timer.value);
    go.disabled = true;
    void hooks
      .create(
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
      )
      .finally(() => {
        go.disabled = false;
      });
  });
  return h(
    'section',
    { class: 'panel' },
    h('div', { class: 'crest' }, h('h2', { style: 'margin: 0 0 12px' }, w.newMatch), deco(lang)),
    form,
  );
}

/** Three cards fanned beside the title: a Government card, a King, a Gold card (decoration only). */
function deco(lang: 'en' | 'uk'): HTMLElement {
  const cards = ['diplomacy-A', 'king-1', 'gold-3-1'].map((id) => cardById(id)).filter((c): c is Card => c !== undefined);
  return h(
    'div',
    { class: 'deco', 'aria-hidden': 'true' },
    cards.map((c) => {
      const el = cardFace(c, lang);
      el.removeAttribute('role');
      el.removeAttribute('aria-label');
      el.removeAttribute('title');
      return el;
    }),
  );
}

/** The button that starts a game against bots on this page. */
function localButton(label: string, go: () => void): HTMLElement {
  const b = h('button', { type: 'button', class: 'btn quiet', 'data-field': 'local' }, label);
  b.addEventListener('click', go);
  return b;
}
