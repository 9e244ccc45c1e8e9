/**
 * @internal The terminal board: one seat's view as text (titles, hands, middle, lot, bids), the
 * numbered choices of its legal actions, and the final score.
 * @module
 */
import type { Action, Card, PlayerView, Score } from '../index.js';
import { OFFICES, officesInPlay } from '../index.js';
import type { Lang } from '../text/index.js';
import { describeAction, describeCard, labels } from '../text/index.js';
import { CLI_WORDS, commandOf } from './words.js';

function names(cards: readonly Card[], lang: Lang): string {
  return cards.length === 0 ? '—' : cards.map((c) => describeCard(c, lang)).join(', ');
}

const KIND_ORDER: Readonly<Record<Card['kind'], number>> = { government: 0, king: 1, gold: 2 };

/** Cards in a stable, readable order: Government by office then value (high first), Kings, Gold. */
function sorted(cards: readonly Card[]): Card[] {
  const office = (c: Card): number => (c.kind === 'government' ? OFFICES.indexOf(c.office) : 0);
  const value = (c: Card): number => (c.kind === 'king' ? 0 : c.value);
  return [...cards].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || office(a) - office(b) || value(b) - value(a));
}

function goldIn(cards: readonly Card[]): number {
  let sum = 0;
  for (const c of cards) if (c.kind === 'gold') sum += c.value;
  return sum;
}

/** @internal A player's name for the board: "Player 2", or "You" for the reader. */
export function who(p: number, viewer: PlayerView['viewer'], lang: Lang): string {
  const ui = labels[lang].ui;
  return p === viewer ? ui.you : `${ui.player} ${p}`;
}

/** A table's rows as lines: the values in one column, at least one space after the longest label (16 wide at least). */
function rows(pairs: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(15, ...pairs.map(([label]) => label.length)) + 1;
  return pairs.map(([label, text]) => `${label.padEnd(width)}${text}`);
}

/** @internal The board as lines of text. */
export function renderBoard(view: PlayerView, lang: Lang): string[] {
  const L = labels[lang];
  const ui = L.ui;
  const me = view.viewer;
  const head = [L.phases[view.phase]];
  if (view.advisor !== null) head.push(`${ui.advisor}: ${who(view.advisor, me, lang)}`);
  head.push(`${ui.deck} ${view.deckSize}`, `${ui.favorPile} ${view.favorSize}`);
  const lines: [string, string][] = [];
  const row = (label: string, text: string): [string, string] => [label, text];
  const offices = officesInPlay(view.players);
  lines.push(
    row(
      ui.titles,
      offices
        .map((o) => {
          const t = view.titles[o];
          return `${L.offices[o]} ${t?.primary ?? '?'}${t?.secondary === null || t === undefined ? '' : `/${t.secondary}`}`;
        })
        .join(' · '),
    ),
  );
  if (typeof me === 'number') {
    const influence = offices.map((o) => {
      let sum = 0;
      for (const c of view.hand) if (c.kind === 'government' && c.office === o) sum += c.value;
      return `${L.offices[o]} ${sum}`;
    });
    lines.push(row(ui.influence, influence.join(' · ')));
  }
  lines.push(row(ui.hand, view.handSizes.map((n, p) => `${who(p, me, lang)} ${n}`).join(' · ')));
  view.known.forEach((cards, p) => {
    if (p !== me && cards.length > 0) lines.push(row(`${ui.known}`, `${who(p, me, lang)}: ${names(cards, lang)}`));
  });
  if (view.phase === 'influence') lines.push(row(ui.middle, names(view.middle, lang)));
  if (typeof me === 'number') {
    lines.push(row(`${ui.hand} (${ui.you})`, `${names(sorted(view.hand), lang)}  [${ui.gold} ${goldIn(view.hand)}]`));
    if (view.myFavor.length > 0) lines.push(row(ui.favorPile, `${names(view.myFavor, lang)}`));
  }
  if (view.drawn) lines.push(row(ui.drawn, describeCard(view.drawn, lang)));
  if (view.lot) {
    const bid = view.highBidder === null ? '—' : `${view.highBid} (${who(view.highBidder, me, lang)})`;
    lines.push(row(ui.lot, `${describeCard(view.lot, lang)} · ${ui.highBid}: ${bid}`));
    lines.push(row(ui.stillIn, view.stillIn.map((p) => who(p, me, lang)).join(', ') || '—'));
  }
  if (view.payment) {
    const p = view.payment;
    const mode = CLI_WORDS[lang].paidBy(p.mode);
    lines.push(row(ui.payment, `${who(p.player, me, lang)}: ${p.paid}/${p.due} (${mode})`));
  }
  if (view.king) lines.push(row(L.kinds.king, who(view.king.player, me, lang)));
  return [`=== ${head.join(' · ')} ===`, ...rows(lines)];
}

/** @internal The numbered choices shown for the legal actions (bids are shortened to the next ten). */
export function choiceList(view: PlayerView): Action[] {
  if (view.step !== 'bid') return view.legal.slice();
  const pass = view.legal.filter((a) => a.type === 'pass');
  const bids = view.legal.filter((a) => a.type === 'bid').slice(0, 10);
  return [...pass, ...bids];
}

/** @internal The choices as lines: `  1) Pass`. */
export function renderChoices(view: PlayerView, lang: Lang): string[] {
  const lines = choiceList(view).map((a, i) => `${String(i + 1).padStart(3)}) ${describeAction(a, lang, view)}`);
  if (view.step === 'bid') {
    const max = view.legal.reduce((m, a) => (a.type === 'bid' ? Math.max(m, a.amount) : m), 0);
    lines.push(CLI_WORDS[lang].anyBid(max));
  }
  return lines;
}

/**
 * @internal Reads one line of input as an action of `view.legal`: a choice number, `bid N` or
 * `pass` (or their words in `lang`). Returns a sentence in `lang` explaining the problem instead
 * when it is not one.
 */
export function readChoice(view: PlayerView, line: string, lang: Lang = 'en'): Action | string {
  const words = CLI_WORDS[lang];
  const text = line.trim().toLowerCase();
  const choices = choiceList(view);
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    const a = choices[n - 1];
    return a ?? words.chooseNumber(choices.length);
  }
  const [first = '', ...rest] = text.split(/\s+/);
  const command = commandOf(first, lang);
  if (command === 'pass' && rest.length === 0) return view.legal.find((a) => a.type === 'pass') ?? words.cannotPass;
  if (command === 'bid' && rest.length === 1 && /^\d+$/.test(rest[0] as string)) {
    const amount = Number(rest[0]);
    return view.legal.find((a) => a.type === 'bid' && a.amount === amount) ?? words.cannotBid(amount);
  }
  return words.typeAChoice(view.step === 'bid');
}

/** @internal The final score as lines: points per player, the titles, the winners. */
export function renderScore(score: Score, players: number, viewer: PlayerView['viewer'], lang: Lang): string[] {
  const L = labels[lang];
  const lines: [string, string][] = [];
  for (const office of officesInPlay(players)) {
    const r = score.offices[office];
    if (!r) continue;
    const first = r.first === null ? '—' : `${who(r.first, viewer, lang)} (+${r.primary})`;
    const second = r.secondary === null ? '' : ` · ${r.second === null ? '—' : `${who(r.second, viewer, lang)} (+${r.secondary})`}`;
    lines.push([L.offices[office], `${first}${second}   [${L.ui.influence}: ${r.influence.join(' / ')}]`]);
  }
  lines.push([L.ui.points, score.points.map((pts, p) => `${who(p, viewer, lang)} ${pts}`).join(' · ')]);
  lines.push([L.ui.winner, score.winners.map((p) => who(p, viewer, lang)).join(', ')]);
  return [`=== ${L.ui.score} ===`, ...rows(lines)];
}
