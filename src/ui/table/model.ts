/**
 * The table's headless side: what a view asks of its reader, worked out before any element
 * exists (so it is tested without a browser). The decision groups `view.legal` by what the
 * screen shows for it: placing the drawn card, taking a middle card, a King's grid, the bid
 * control, paying with cards of the hand.
 * @module
 */
import type { Action, Area, Card, Office, PlayerView } from '../../index.js';
import { OFFICES, officesInPlay, RulesError } from '../../index.js';
import { type Lang, labels } from '../../text/index.js';

/** One King choice row: an office, its current primary value and the new values offered (with their index in `legal`). */
export interface KingRow {
  readonly office: Office;
  readonly current: number;
  readonly values: readonly { readonly value: number; readonly index: number }[];
}

/** What the reader must decide now, grouped for the screen; every index points into `view.legal`. */
export type Decision =
  | { readonly kind: 'none' }
  | { readonly kind: 'place'; readonly areas: readonly { readonly area: Area; readonly index: number }[] }
  | { readonly kind: 'take'; readonly cards: ReadonlyMap<string, number>; readonly last: boolean }
  | { readonly kind: 'king'; readonly rows: readonly KingRow[] }
  | {
      readonly kind: 'bid';
      readonly min: number | null;
      readonly max: number | null;
      readonly pass: number | null;
      readonly bids: ReadonlyMap<number, number>;
    }
  | {
      readonly kind: 'pay';
      readonly cards: ReadonlyMap<string, number>;
      readonly mode: 'gold' | 'discard';
      readonly due: number;
      readonly paid: number;
    }
  /** Anything else (a future action type): one button per action. */
  | { readonly kind: 'other'; readonly indexes: readonly number[] };

const AREAS: readonly Area[] = ['self', 'middle', 'favor'];

/** Groups the viewer's legal actions by what the screen shows for them. */
export function decisionOf(v: PlayerView): Decision {
  const legal = v.legal;
  if (legal.length === 0) return { kind: 'none' };
  const types = new Set(legal.map((a) => a.type));
  const only = (...allowed: Action['type'][]): boolean => [...types].every((t) => allowed.includes(t));
  if (only('place')) {
    const areas = legal
      .map((a, index) => (a.type === 'place' ? { area: a.area, index } : null))
      .filter((x): x is { area: Area; index: number } => x !== null)
      .sort((a, b) => AREAS.indexOf(a.area) - AREAS.indexOf(b.area));
    return { kind: 'place', areas };
  }
  if (only('take')) {
    const cards = new Map<string, number>();
    legal.forEach((a, i) => {
      if (a.type === 'take') cards.set(a.card, i);
    });
    return { kind: 'take', cards, last: v.advisor !== null && v.advisor === v.currentPlayer };
  }
  if (only('king')) {
    const rows: KingRow[] = [];
    for (const office of officesInPlay(v.players)) {
      const values: { value: number; index: number }[] = [];
      legal.forEach((a, index) => {
        if (a.type === 'king' && a.office === office) values.push({ value: a.value, index });
      });
      values.sort((a, b) => a.value - b.value);
      if (values.length > 0) rows.push({ office, current: v.titles[office]?.primary ?? 0, values });
    }
    return { kind: 'king', rows };
  }
  if (only('bid', 'pass')) {
    const bids = new Map<number, number>();
    let pass: number | null = null;
    legal.forEach((a, i) => {
      if (a.type === 'bid') bids.set(a.amount, i);
      else if (a.type === 'pass') pass = i;
    });
    return { kind: 'bid', min: v.minBid, max: v.maxBid, pass, bids };
  }
  if (only('pay') && v.payment !== null) {
    const cards = new Map<string, number>();
    legal.forEach((a, i) => {
      if (a.type === 'pay') cards.set(a.card, i);
    });
    return { kind: 'pay', cards, mode: v.payment.mode, due: v.payment.due, paid: v.payment.paid };
  }
  return { kind: 'other', indexes: legal.map((_, i) => i) };
}

/** The bid amounts offered as quick buttons: the lowest few that are legal (found among the legal ones, however wide the range). */
export function quickBids(d: Extract<Decision, { kind: 'bid' }>, count = 3): number[] {
  const { min, max } = d;
  if (min === null || max === null) return [];
  return [...d.bids.keys()]
    .filter((a) => Number.isInteger(a) && a >= min && a <= max)
    .sort((a, b) => a - b)
    .slice(0, count);
}

/** A bid amount kept inside the legal range (`null` when no bid can be made). */
export function clampBid(amount: number, d: Extract<Decision, { kind: 'bid' }>): number | null {
  if (d.min === null || d.max === null) return null;
  if (!Number.isFinite(amount)) return d.min;
  return Math.min(d.max, Math.max(d.min, Math.round(amount)));
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** A card as the table draws it (and `describeCard` words it): an id and a kind; a Government card's office, one of the game's; a small whole value but for a King. */
function isCard(c: unknown): boolean {
  if (!isObject(c) || typeof c.id !== 'string') return false;
  if (c.kind === 'king') return true;
  const value = c.value as number;
  return (
    (c.kind === 'gold' || (c.kind === 'government' && (OFFICES as readonly unknown[]).includes(c.office))) &&
    Number.isInteger(value) &&
    value >= 0 &&
    value < 100
  );
}

const isCards = (list: unknown): boolean => Array.isArray(list) && list.every(isCard);

/** An action as the table shows it: an object with a type (any: one it does not know gets a button of its own); a place in one of the three areas. */
const isAction = (a: unknown): boolean =>
  isObject(a) && typeof a.type === 'string' && (a.type !== 'place' || AREAS.includes(a.area as Area));

/** The final score as the score panel reads it: points and winners by seat, each office's influence by seat. */
const isScore = (s: unknown): boolean =>
  isObject(s) &&
  Array.isArray(s.points) &&
  Array.isArray(s.winners) &&
  isObject(s.offices) &&
  Object.values(s.offices).every((r) => isObject(r) && Array.isArray(r.influence));

const nullOr = (x: unknown, test: (y: unknown) => boolean): boolean => x === null || test(x);

/**
 * Throws `RulesError` `INVALID_VIEW` unless `v` has the shape of a `PlayerView` the table can
 * draw: an object of 2 to 5 `players`, a `viewer` among them or `'spectator'`, a
 * `currentPlayer` among them or `null`, its lists as arrays (`handSizes` and `known` one per
 * player) of what the table reads in them (cards, actions with a type, whole numbers), `titles`
 * of objects, the drawn card, the lot and the King's card as cards or `null`, `minBid` and
 * `maxBid` as numbers or `null`, a `moveCount`, and at the end a `score` with its points,
 * winners and influence. A check of shape, not of the rules.
 */
export function checkView(v: unknown): asserts v is PlayerView {
  const x = (isObject(v) ? v : {}) as Record<string, unknown>;
  const n = x.players as number;
  const seat = (p: unknown): boolean => Number.isInteger(p) && (p as number) >= 0 && (p as number) < n;
  if (
    ![2, 3, 4, 5].includes(n) ||
    !(x.viewer === 'spectator' || seat(x.viewer)) ||
    !(x.currentPlayer === null || seat(x.currentPlayer)) ||
    !['legal', 'hand', 'middle', 'discard', 'myFavor', 'stillIn', 'defaulted', 'handSizes', 'known'].every((k) => Array.isArray(x[k])) ||
    (x.handSizes as unknown[]).length !== n ||
    (x.known as unknown[]).length !== n ||
    !(x.legal as unknown[]).every(isAction) ||
    !['hand', 'middle', 'discard', 'myFavor'].every((k) => isCards(x[k])) ||
    !(x.known as unknown[]).every(isCards) ||
    !(x.handSizes as unknown[]).every(Number.isInteger) ||
    !isObject(x.titles) ||
    !Object.values(x.titles).every(isObject) ||
    !nullOr(x.drawn, isCard) ||
    !nullOr(x.lot, isCard) ||
    !nullOr(x.king, (k) => isObject(k) && isCard(k.card)) ||
    !nullOr(x.payment, isObject) ||
    !nullOr(x.minBid, Number.isFinite) ||
    !nullOr(x.maxBid, Number.isFinite) ||
    !(x.score === undefined || isScore(x.score)) ||
    !(x.hands === undefined || x.hands === null || (Array.isArray(x.hands) && x.hands.every(isCards))) ||
    !Number.isInteger(x.moveCount)
  )
    throw new RulesError('INVALID_VIEW', '<ftk-table> was given something that is not a view from view(state, viewer)');
}

/** The seat of the viewer, or `null` for a spectator. */
export function seatOf(v: PlayerView): number | null {
  return typeof v.viewer === 'number' ? v.viewer : null;
}

/** The other seats in play order from the viewer's left (every seat, from 0, for a spectator). */
export function seatOrder(v: PlayerView): number[] {
  const me = seatOf(v);
  const out: number[] = [];
  for (let i = 0; i < v.players; i++) {
    const p = me === null ? i : (me + 1 + i) % v.players;
    if (p !== me) out.push(p);
  }
  return out;
}

/** How a seat is named on the table: "You" for the reader, else its display name, else "Player 2". */
export function seatName(v: PlayerView, p: number, lang: Lang, names?: readonly (string | null | undefined)[]): string {
  if (p === seatOf(v)) return labels[lang].ui.you;
  const given = names?.[p];
  return typeof given === 'string' && given.trim() !== '' ? given.trim() : `${labels[lang].ui.player} ${p}`;
}

/** The display names of `v`'s seats as given (trimmed; `''` for none), as the log's sentences and the score read them. */
export function nameList(v: PlayerView, names: readonly (string | null | undefined)[]): string[] {
  return Array.from({ length: v.players }, (_, p) => {
    const n = names[p];
    return typeof n === 'string' ? n.trim() : '';
  });
}

/** A player's influence in an office: the values of their Government cards of it (RULES E1). */
export function influence(cards: readonly Card[], office: Office): number {
  let sum = 0;
  for (const c of cards) if (c.kind === 'government' && c.office === office) sum += c.value;
  return sum;
}

/** The coin value of the gold cards in a list. */
export function goldOf(cards: readonly Card[]): number {
  let sum = 0;
  for (const c of cards) if (c.kind === 'gold') sum += c.value;
  return sum;
}

const KIND_ORDER = { government: 0, king: 1, gold: 2 } as const;

/** A hand in the order a player sorts it: Government cards by office then value (high first), then gold by value. */
export function sortHand(cards: readonly Card[], players: number): Card[] {
  const offices = officesInPlay(players);
  return [...cards].sort((a, b) => {
    if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
    if (a.kind === 'government' && b.kind === 'government' && a.office !== b.office)
      return offices.indexOf(a.office) - offices.indexOf(b.office);
    const av = a.kind === 'king' ? 0 : a.value;
    const bv = b.kind === 'king' ? 0 : b.value;
    return bv - av || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}

/** How the host attributes read the turn: the reader's, someone else's, over, or nobody's (no view). */
export type Turn = 'mine' | 'others' | 'over' | 'none';

/** Whose turn it is, for the reader. */
export function turnOf(v: PlayerView | null): Turn {
  if (v === null) return 'none';
  if (v.currentPlayer === null) return 'over';
  return v.currentPlayer === seatOf(v) && v.legal.length > 0 ? 'mine' : 'others';
}

/** `m:ss` for a number of milliseconds left (0:00 once past). */
export function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
