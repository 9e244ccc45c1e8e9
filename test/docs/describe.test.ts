import { describe, expect, it } from 'vitest';
import type { Action, ActionType, GameEvent, GameEventType, GameState, PlayerCount } from '../../src/index.js';
import { cardById, createGameWithEvents, eventsFor, isGameOver, legalActions, OFFICES, step, view } from '../../src/index.js';
import type { Lang } from '../../src/text/index.js';
import { describeAction, describeCard, describeEvent, labels } from '../../src/text/index.js';

// Type-level exhaustiveness: adding an event or action type breaks these until it is listed here
// (and describe.ts has its own `never` switch, so it cannot compile without a sentence either).
const EVENT_TYPES = {
  advisor: true,
  drawn: true,
  placed: true,
  taken: true,
  'king-gained': true,
  'king-resolved': true,
  phase: true,
  lot: true,
  bid: true,
  pass: true,
  won: true,
  paid: true,
  'lot-gained': true,
  forfeit: true,
  'bidding-restarted': true,
  'lot-discarded': true,
  'game-over': true,
} as const satisfies Record<GameEventType, true>;
const ACTION_TYPES = { place: true, take: true, king: true, bid: true, pass: true, pay: true } as const satisfies Record<ActionType, true>;
const LANGS: readonly Lang[] = ['en', 'uk'];

/** A small seeded picker, so the sampled games are the same on every run. */
function picker(seed: number): (n: number) => number {
  let x = seed * 2654435761;
  return (n) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
}

interface Sample {
  readonly events: GameEvent[];
  readonly actions: { action: Action; state: GameState }[];
}

/** Plays seeded games with random players who bid low (so lots get paid) and collects everything. */
function sample(): Sample {
  const events: GameEvent[] = [];
  const actions: { action: Action; state: GameState }[] = [];
  for (const players of [2, 3, 4, 5] as PlayerCount[]) {
    for (let seed = 1; seed <= 2; seed++) {
      const pick = picker(seed * 10 + players);
      let { state, events: opening } = createGameWithEvents({ players, seed });
      events.push(...opening);
      while (!isGameOver(state)) {
        const legal = legalActions(state);
        const cheap = legal.filter((a) => a.type !== 'bid' || a.amount <= state.highBid + 3);
        const action = cheap[pick(cheap.length)] as Action;
        actions.push({ action, state });
        const r = step(state, action);
        for (let p = 0; p < players; p++) events.push(...eventsFor(r.events, p));
        events.push(...eventsFor(r.events, 'spectator'));
        state = r.state;
      }
    }
  }
  // Forms a sampled game may not reach: a defaulting winner with an empty hand, a shared win.
  events.push({ type: 'forfeit', player: 1, by: 2, card: null });
  events.push({ type: 'game-over', points: [5, 5, 1], winners: [0, 1] });
  // Keep a few of each form: the sentences depend on the form, not on which game it came from.
  const perForm = new Map<string, number>();
  const few = <T>(list: T[], form: (x: T) => string): T[] =>
    list.filter((x) => {
      const key = form(x);
      const n = perForm.get(key) ?? 0;
      perForm.set(key, n + 1);
      return n < 8;
    });
  return {
    events: few(events, (e) => JSON.stringify({ ...e, player: 0, card: 'card' in e && e.card !== null, amount: 0, remaining: 0 })),
    actions: few(actions, ({ action }) => `${action.type}:${'area' in action ? action.area : ''}`),
  };
}

const { events, actions } = sample();

/** Problems a generated sentence must never have. */
function expectClean(text: string, lang: Lang): void {
  expect(text).not.toMatch(/undefined|null|NaN|\[object|\$\{|\s{2}|^\s|\s$/);
  expect(text.charAt(0)).toBe(text.charAt(0).toUpperCase());
  if (lang === 'uk') expect(text).not.toMatch(/[A-Za-z]/);
  else expect(text).not.toMatch(/[\u0400-\u04ff]/);
}

describe('describeEvent', () => {
  it('the sampled games produce every event type, with hidden and public forms', () => {
    const seen = new Set(events.map((e) => e.type));
    expect([...seen].sort()).toEqual(Object.keys(EVENT_TYPES).sort());
    const forms = new Set(
      events.map((e) => (e.type === 'placed' ? `${e.area}:${e.card === null}` : e.type === 'king-gained' ? e.from : '')),
    );
    for (const form of ['self:true', 'self:false', 'middle:false', 'favor:true', 'favor:false', 'self', 'middle', 'lot']) {
      expect(forms).toContain(form);
    }
    expect(events.some((e) => e.type === 'drawn' && e.card === null)).toBe(true);
    expect(events.some((e) => e.type === 'paid' && e.mode === 'discard')).toBe(true);
  });

  it('every event reads as a clean sentence in both languages, for a player, for themselves and for a spectator', () => {
    for (const e of events) {
      const actor = 'player' in e ? e.player : 0;
      for (const lang of LANGS) {
        for (const viewer of [undefined, actor, 'spectator' as const]) {
          const text = describeEvent(e, lang, viewer === undefined ? {} : { viewer });
          expectClean(text, lang);
        }
      }
      expect(describeEvent(e, 'en')).not.toBe(describeEvent(e, 'uk'));
    }
  });

  it('names hidden cards without revealing them', () => {
    expect(describeEvent({ type: 'placed', player: 1, area: 'favor', card: null }, 'en')).toBe(
      'Player 1 placed a card face down on the favor pile',
    );
    expect(describeEvent({ type: 'placed', player: 1, area: 'favor', card: null }, 'uk')).toBe(
      'Гравець 1 поклав карту долілиць на стос прихильності',
    );
    expect(describeEvent({ type: 'drawn', player: 0, card: null }, 'en')).toBe('Player 0 drew a card');
    expect(describeEvent({ type: 'drawn', player: 0, card: 'diplomacy-C' }, 'uk', { viewer: 0 })).toBe('Ви витягнули Дипломатію 3');
  });

  it('different events of one player read differently (no template is shared by mistake)', () => {
    for (const lang of LANGS) {
      const texts = new Map<string, string>();
      for (const e of events) {
        const text = describeEvent(e, lang);
        const earlier = texts.get(text);
        if (earlier !== undefined) expect(earlier).toBe(e.type);
        texts.set(text, e.type);
      }
    }
  });

  it('reads the second person for the reader in both languages', () => {
    const e: GameEvent = { type: 'won', player: 2, card: 'military-A', amount: 5 };
    expect(describeEvent(e, 'en', { viewer: 2 })).toBe('You won Military 4 for 5');
    expect(describeEvent(e, 'uk', { viewer: 2 })).toBe('Ви виграли Військову справу 4 за 5');
    expect(describeEvent(e, 'uk', { viewer: 1 })).toBe('Гравець 2 виграв Військову справу 4 за 5');
  });
});

describe('describeAction', () => {
  it('the sampled games produce every action type', () => {
    expect([...new Set(actions.map((a) => a.action.type))].sort()).toEqual(Object.keys(ACTION_TYPES).sort());
  });

  it('every action reads as a clean sentence, and as a command for its own player', () => {
    for (const { action, state } of actions) {
      const own = view(state, action.player);
      for (const lang of LANGS) {
        const third = describeAction(action, lang, view(state, 'spectator'));
        const command = describeAction(action, lang, own);
        expectClean(third, lang);
        expectClean(command, lang);
        expect(third).not.toBe(command);
      }
    }
  });

  it('says "Player 2 bids 4 for Diplomacy 3" and "Гравець 2 ставить 4 на Дипломатію 3"', () => {
    const lot = cardById('diplomacy-C') ?? null;
    const bid: Action = { type: 'bid', player: 2, amount: 4 };
    expect(describeAction(bid, 'en', { lot })).toBe('Player 2 bids 4 for Diplomacy 3');
    expect(describeAction(bid, 'uk', { lot })).toBe('Гравець 2 ставить 4 на Дипломатію 3');
    expect(describeAction(bid, 'en', { lot, viewer: 2 })).toBe('Bid 4 for Diplomacy 3');
    expect(describeAction(bid, 'uk', { lot, viewer: 2 })).toBe('Поставити 4 на Дипломатію 3');
    expect(describeAction(bid, 'en')).toBe('Player 2 bids 4');
  });

  it('puts every office in the Ukrainian accusative after "на" and the genitive after "титул"', () => {
    const accusative = ['Дипломатію', 'Військову справу', 'Архітектуру', 'Розваги', 'Провіант', 'Скотарство'];
    const genitive = ['Дипломатії', 'Військової справи', 'Архітектури', 'Розваг', 'Провіанту', 'Скотарства'];
    OFFICES.forEach((office, i) => {
      const lot = cardById(`${office}-C`) ?? null;
      expect(describeAction({ type: 'bid', player: 0, amount: 1 }, 'uk', { lot })).toBe(
        `Гравець 0 ставить 1 на ${accusative[i]} ${lot?.kind === 'government' ? lot.value : ''}`,
      );
      expect(describeAction({ type: 'king', player: 0, office, value: 5 }, 'uk')).toBe(
        `Гравець 0 змінює головний титул ${genitive[i]} на 5`,
      );
    });
  });

  it('V3: says the Advisor takes the last middle card, as an action and as an event, in both languages', () => {
    const take: Action = { type: 'take', player: 2, card: 'diplomacy-C' };
    expect(describeAction(take, 'en', { advisor: 2, viewer: 2 })).toBe('Take the last middle card, Diplomacy 3');
    expect(describeAction(take, 'en', { advisor: 2 })).toBe('Player 2 takes the last middle card, Diplomacy 3');
    expect(describeAction(take, 'uk', { advisor: 2, viewer: 2 })).toBe('Взяти останню карту із середини — Дипломатію 3');
    expect(describeAction(take, 'en', { advisor: 1 })).toBe('Player 2 takes Diplomacy 3 from the middle');
    const taken: GameEvent = { type: 'taken', player: 2, card: 'diplomacy-C', byAdvisor: true };
    expect(describeEvent(taken, 'en', { viewer: 2 })).toBe('You took the last middle card, Diplomacy 3');
    expect(describeEvent(taken, 'uk', { viewer: 2 })).toBe('Ви взяли останню карту із середини — Дипломатію 3');
    expect(describeEvent(taken, 'uk')).toBe('Гравець 2 взяв останню карту із середини — Дипломатію 3');
    expect(describeEvent({ type: 'taken', player: 2, card: 'diplomacy-C' }, 'en')).toBe('Player 2 took Diplomacy 3 from the middle');
  });

  it('tells paying gold from discarding', () => {
    const pay: Action = { type: 'pay', player: 1, card: 'gold-2-1' };
    expect(describeAction(pay, 'en')).toBe('Player 1 pays with Gold 2');
    expect(describeAction(pay, 'en', { payment: { mode: 'discard' } })).toBe('Player 1 discards Gold 2 as payment');
    expect(describeAction({ type: 'pay', player: 1, card: 'king-1' }, 'uk', { viewer: 1 })).toBe('Скинути Короля в оплату');
  });
});

describe('describeCard and labels', () => {
  it('names cards by office and value, King, and gold value', () => {
    expect(describeCard('military-A', 'en')).toBe('Military 4');
    expect(describeCard('military-A', 'uk')).toBe('Військова справа 4');
    expect(describeCard('king-3', 'uk')).toBe('Король');
    expect(describeCard('gold-3-2', 'en')).toBe('Gold 3');
    expect(describeCard('no-such-card', 'en')).toBe('no-such-card');
  });

  it('has the same non-empty keys in both languages, and a name for every office', () => {
    const keys = (o: object): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v).map((x) => `${k}.${x}`) : [k]));
    expect(keys(labels.uk)).toEqual(keys(labels.en));
    for (const lang of LANGS) {
      const l = labels[lang];
      expect(Object.keys(l.offices).sort()).toEqual([...OFFICES].sort());
      const values = (o: object): unknown[] => Object.values(o).flatMap((v) => (typeof v === 'object' ? values(v) : [v]));
      for (const v of values(l)) expect(typeof v === 'string' && v.trim() !== '').toBe(true);
    }
  });
});
