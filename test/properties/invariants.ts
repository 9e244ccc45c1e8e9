/**
 * The invariants every reachable state and every transition must satisfy (issue 5, items 1–6).
 * They run at every step of thousands of games, so they assert with two small functions
 * (`ok`, `same`: JSON equality, exact for plain-JSON states) instead of vitest's `expect`, which
 * is two orders of magnitude slower. A failed check throws; fast-check then shrinks the game.
 */
import type { Action, GameState, Office, RulesErrorCode } from '../../src/index.js';
import { apply, CARDS, legalActions, OFFICES, RulesError, score } from '../../src/index.js';
import { deepFreeze } from '../helpers/errors.js';
import { referenceScore } from './reference-scorer.js';

const DECK_SIZE: Readonly<Record<number, number>> = { 2: 60, 3: 72, 4: 80, 5: 108 };

/** Throws `what` unless `condition` holds. */
export function ok(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(`invariant broken: ${what}`);
}

/** Throws unless `actual` and `expected` serialize to the same JSON. */
export function same(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`invariant broken: ${what}\n  actual:   ${a}\n  expected: ${e}`);
}

/** Catalogue indexes of the cards whose player-count mark keeps them out of this game (RULES C3). */
export function excludedByMarks(players: number): number[] {
  const out: number[] = [];
  CARDS.forEach((card, i) => {
    if (card.mark !== undefined && card.mark > players) out.push(i);
  });
  return out;
}

const EXCLUDED = [2, 3, 4, 5].map(excludedByMarks);

/**
 * 1. Card conservation: every zone of the state (deck rest, hands, middle, favor pile, lot, drawn
 * card, King being resolved, discard, random removals) plus the cards the marks exclude hold the
 * whole catalogue, each card exactly once. Also: publicly known cards are in their hand, and
 * every favor card has a placer.
 */
export function checkConservation(s: GameState): void {
  const count = new Uint8Array(CARDS.length);
  const zones: (readonly number[])[] = [
    s.deck.slice(s.deckTop),
    ...s.hands,
    s.middle,
    s.favor,
    [s.lot, s.drawn, s.king].filter((c) => c >= 0),
    s.discard,
    s.removed,
    EXCLUDED[s.players - 2] as number[],
  ];
  for (const zone of zones) for (const c of zone) count[c] = (count[c] as number) + 1;
  ok(
    count.every((k) => k === 1),
    `every card exactly once; counts ${Array.from(count).join('')}`,
  );
  s.known.forEach((known, p) => {
    for (const c of known) ok((s.hands[p] as readonly number[]).includes(c), `known card ${c} is in player ${p}'s hand`);
  });
  ok(s.favorBy.length === s.favor.length, 'one placer per favor card');
}

const TYPES_OF_STEP: Readonly<Record<string, readonly string[]>> = {
  place: ['place'],
  take: ['take'],
  king: ['king'],
  bid: ['bid', 'pass'],
  pay: ['pay'],
  over: [],
};

/** A short key that identifies an action by value. */
export function actionKey(a: Action): string {
  switch (a.type) {
    case 'place':
      return `place ${a.player} ${a.area}`;
    case 'take':
    case 'pay':
      return `${a.type} ${a.player} ${a.card}`;
    case 'king':
      return `king ${a.player} ${a.office} ${a.value}`;
    case 'bid':
      return `bid ${a.player} ${a.amount}`;
    case 'pass':
      return `pass ${a.player}`;
  }
}

function sameActions(a: readonly Action[], b: readonly Action[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i] || JSON.stringify(x) === JSON.stringify(b[i]));
}

/**
 * 2. Legal actions: non-empty exactly when the game is not over, empty for every other player,
 * stable from call to call, without duplicates, and all of the player to move and of the step.
 */
export function checkLegal(s: GameState, legal: readonly Action[]): void {
  const over = s.step === 'over';
  ok(legal.length > 0 === !over, `legal actions non-empty exactly when not over (step ${s.step})`);
  for (let p = 0; p < s.players; p++) {
    if (p !== s.toMove) ok(legalActions(s, p).length === 0, `no legal actions for player ${p}, not to move`);
  }
  ok(sameActions(legalActions(s), legal), 'legal actions stable, in order');
  if (!over) ok(sameActions(legalActions(s, s.toMove), legal), 'legal actions of the player to move named');
  const types = TYPES_OF_STEP[s.step] as readonly string[];
  const keys = new Set<string>();
  for (const a of legal) {
    const key = actionKey(a);
    keys.add(key);
    ok(a.player === s.toMove, `${key} is of the player to move`);
    ok(types.includes(a.type), `${key} fits step ${s.step}`);
  }
  ok(keys.size === legal.length, 'no duplicate legal actions');
}

/**
 * 5. Bounds: title values 1–6 with the secondary per the variant, bids within RULES A3, the player
 * to move a seat (or -1 at the end), the deck pointer within the deck, the middle within its
 * capacity (N, or N−1 under `'one-per-opponent'`, RULES I2, V3), and the Advisor taking exactly
 * when one middle card is left under `'advisor-keeps-last'` (never under `'one-per-opponent'`).
 */
export function checkBounds(s: GameState): void {
  const n = s.players;
  ok(s.primary.length === (n === 5 ? 6 : 5) && s.secondary.length === s.primary.length, 'one title per office in play');
  s.primary.forEach((v, o) => {
    ok(Number.isInteger(v) && v >= 1 && v <= 6, `primary ${o} is 1–6, got ${v}`);
    const second = s.secondary[o] as number;
    if (n === 2) ok(second === 0, 'no secondary title with 2 players');
    else if (s.variants.secondaryTitle === 'half') ok(second === Math.floor(v / 2), `secondary ${o} is half the primary`);
    else ok(Number.isInteger(second) && second >= 1 && second <= 6 && second !== v, `tile secondary ${o} is 1–6 and not the primary`);
  });
  for (const hand of s.hands) ok(hand.length >= 0, 'hand sizes are never negative');
  const max = DECK_SIZE[n] as number;
  ok(Number.isInteger(s.highBid) && s.highBid >= 0 && s.highBid <= max, `high bid within 0–${max}`);
  ok((s.highBid === 0) === (s.highBidder === -1), 'a high bid has a bidder');
  ok(s.deck.length === max && s.deckTop >= 0 && s.deckTop <= max, 'deck size and pointer');
  if (s.step === 'over') ok(s.toMove === -1, 'nobody to move at the end');
  else ok(s.toMove >= 0 && s.toMove < n, 'a seat is to move');
  const retail = s.variants.middle === 'one-per-opponent';
  ok(s.middle.length <= (retail ? n - 1 : n), `at most ${retail ? 'N−1' : 'N'} middle cards`);
  if (s.step === 'take') {
    ok((s.toMove === s.advisor) === (!retail && s.middle.length === 1), 'the Advisor takes exactly the last middle card (V3)');
  }
}

/** 6. `score` agrees with the reference scorer (RULES E1–E3), and is final exactly at the end. */
export function checkScore(s: GameState): void {
  const mine = score(s);
  const ref = referenceScore(s);
  same(mine.points, ref.points, 'points as the reference scorer');
  same(mine.winners, ref.winners, 'winners as the reference scorer');
  ok(mine.final === (s.step === 'over'), 'score final exactly at the end');
  for (const [office, r] of Object.entries(ref.offices)) {
    const o = mine.offices[office as Office];
    same({ influence: o?.influence, first: o?.first, second: o?.second }, r, `${office} titles as the reference scorer`);
  }
}

/** A near-miss illegal action, the error code it must be rejected with, and what its message must name. */
export interface NearMiss {
  readonly action: Action;
  readonly code: RulesErrorCode;
  /** Text the message must contain: the offending value, so that a person can act on it. */
  readonly mention: string;
}

/** What the game waits for, in the words of the error messages. */
const DECISIONS: Readonly<Record<string, string>> = {
  place: 'place the drawn card',
  take: 'take a middle card',
  king: 'resolve a King',
  bid: 'bid or pass',
  pay: 'pay for the lot',
};

function cardNotIn(s: GameState, zone: readonly number[]): string {
  const c = CARDS.findIndex((card, i) => !zone.includes(i) && (card.mark ?? 0) <= s.players);
  return (CARDS[c] as { id: string }).id;
}

function nearMissesOfStep(s: GameState, legal: readonly Action[]): NearMiss[] {
  const p = s.toMove;
  const out: NearMiss[] = [];
  switch (s.step) {
    case 'place':
      for (const area of ['self', 'middle', 'favor'] as const) {
        if (!legal.some((a) => a.type === 'place' && a.area === area)) {
          out.push({ action: { type: 'place', player: p, area }, code: 'ILLEGAL_ACTION', mention: `place in ${area}` });
        }
      }
      out.push({ action: { type: 'take', player: p, card: cardNotIn(s, []) }, code: 'WRONG_STEP', mention: 'place the drawn card' });
      break;
    case 'take':
      {
        const card = cardNotIn(s, s.middle);
        out.push({ action: { type: 'take', player: p, card }, code: 'ILLEGAL_ACTION', mention: `take ${card}: it is not in the middle` });
      }
      out.push({ action: { type: 'take', player: p, card: 'no-such-card' }, code: 'UNKNOWN_CARD', mention: '"no-such-card"' });
      break;
    case 'king': {
      if (s.players < 5) {
        out.push({
          action: { type: 'king', player: p, office: 'livestock', value: 4 },
          code: 'ILLEGAL_ACTION',
          mention: 'livestock is not in play',
        });
      }
      const o = p % s.primary.length;
      const office = OFFICES[o] as Office;
      const value = s.primary[o] as number;
      out.push({ action: { type: 'king', player: p, office, value }, code: 'ILLEGAL_ACTION', mention: `it is already ${value}` });
      out.push({ action: { type: 'king', player: p, office, value: 0 }, code: 'ILLEGAL_ACTION', mention: `set ${office} to 0` });
      out.push({ action: { type: 'king', player: p, office, value: 7 }, code: 'ILLEGAL_ACTION', mention: 'a title value is 1 to 6' });
      break;
    }
    case 'pay': {
      const hand = s.hands[p] as readonly number[];
      const missing = cardNotIn(s, hand);
      out.push({
        action: { type: 'pay', player: p, card: missing },
        code: 'ILLEGAL_ACTION',
        mention: `${missing}: it is not in their hand`,
      });
      const nonGold = hand.find((c) => CARDS[c]?.kind !== 'gold');
      if (s.payMode === 'gold' && nonGold !== undefined) {
        const card = (CARDS[nonGold] as { id: string }).id;
        out.push({ action: { type: 'pay', player: p, card }, code: 'ILLEGAL_ACTION', mention: `${card}: only gold pays` });
      }
      break;
    }
  }
  return out;
}

/**
 * 3. Actions one small step away from legal ones: the wrong player, a bid one too low or one too
 * high, a bid or pass when not bidding, a card not in hand (or not gold when gold is due) or not
 * in the middle, a full area, an office not in play, a King value equal to the current one or
 * outside 1–6; at the end, any action.
 */
export function nearMisses(s: GameState, legal: readonly Action[]): NearMiss[] {
  const n = s.players;
  const p = s.toMove;
  if (s.step === 'over') {
    return [
      { action: { type: 'pass', player: 0 }, code: 'GAME_OVER', mention: 'the game is over' },
      { action: { type: 'place', player: n - 1, area: 'self' }, code: 'GAME_OVER', mention: 'the game is over' },
    ];
  }
  const first = legal[0] as Action;
  const out: NearMiss[] = [
    {
      action: { ...first, player: (p + 1) % n },
      code: 'NOT_YOUR_TURN',
      mention: `player ${(p + 1) % n} cannot act: it is player ${p}'s turn`,
    },
    { action: { ...first, player: (p + n - 1) % n }, code: 'NOT_YOUR_TURN', mention: `it is player ${p}'s turn to ${DECISIONS[s.step]}` },
  ];
  if (s.step === 'bid') {
    const low = s.highBid === 0 ? 'a bid is at least 1' : `the high bid is ${s.highBid}`;
    const max = DECK_SIZE[n] as number;
    out.push({ action: { type: 'bid', player: p, amount: s.highBid }, code: 'ILLEGAL_ACTION', mention: `bid ${s.highBid}: ${low}` });
    out.push({
      action: { type: 'bid', player: p, amount: max + 1 },
      code: 'ILLEGAL_ACTION',
      mention: `the highest bid with ${n} players is ${max}`,
    });
  } else {
    const waits = `the game waits for them to ${DECISIONS[s.step]}`;
    out.push({ action: { type: 'bid', player: p, amount: s.highBid + 1 }, code: 'WRONG_STEP', mention: `cannot bid now: ${waits}` });
    out.push({ action: { type: 'pass', player: p }, code: 'WRONG_STEP', mention: `cannot pass now: ${waits}` });
  }
  out.push(...nearMissesOfStep(s, legal));
  return out;
}

/**
 * 3, 4. The state is deep-frozen (`frozen` remembers what already is, across one game); each
 * near miss is rejected with its `RulesError` code; every legal action applies (of a long
 * bidding list, which differ only in the amount: the four lowest, the four highest and every
 * ninth); and the state serializes exactly as before (a JSON snapshot is an exact clone of a
 * plain-JSON state).
 */
export function checkTransitions(s: GameState, legal: readonly Action[], frozen: WeakSet<object>): void {
  const before = JSON.stringify(s);
  deepFreeze(s, frozen);
  const legalKeys = new Set(legal.map(actionKey));
  for (const { action, code, mention } of nearMisses(s, legal)) {
    const key = actionKey(action);
    ok(!legalKeys.has(key), `near miss ${key} is not legal`);
    let error: unknown = null;
    try {
      apply(s, action);
    } catch (e) {
      error = e;
    }
    ok(error instanceof RulesError, `${key} is rejected with a RulesError, got ${String(error)}`);
    ok(error.code === code, `${key} is rejected with ${code}, got ${error.code}: ${error.message}`);
    ok(error.message.includes(mention), `the message for ${key} names "${mention}", got "${error.message}"`);
  }
  legal.forEach((a, i) => {
    if (legal.length <= 16 || i < 4 || i >= legal.length - 4 || i % 9 === 0) apply(s, a);
  });
  ok(JSON.stringify(s) === before, 'the input state is unchanged');
}

/** Which invariants {@link GameChecker} runs at each step. */
export interface CheckLevel {
  /** Near misses, every legal action, the frozen input (3, 4): the costliest checks. */
  readonly transitions: boolean;
}

/**
 * The checks of items 1–6 for one game, with what they remember between steps: the objects
 * already frozen, and the last state scored (the score is re-checked whenever the hands, the
 * titles or the step change, which is every time it can change).
 */
export class GameChecker {
  private readonly frozen = new WeakSet<object>();
  private scored: GameState | null = null;

  /** @param level - which costly checks to run. */
  constructor(private readonly level: CheckLevel) {}

  /** Checks a state and its legal actions. */
  check(s: GameState, legal: readonly Action[]): void {
    checkConservation(s);
    checkLegal(s, legal);
    checkBounds(s);
    const last = this.scored;
    if (last === null || last.hands !== s.hands || last.primary !== s.primary || last.secondary !== s.secondary || last.step !== s.step) {
      checkScore(s);
      this.scored = s;
    }
    if (this.level.transitions) checkTransitions(s, legal, this.frozen);
  }
}
