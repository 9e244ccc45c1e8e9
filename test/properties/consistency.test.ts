/**
 * Determinism, serialization, replay and view consistency (issue 5, item 7) at every step of
 * random games. The hidden-information checks (`visibleCardIds`, `leaksIn`) are the views work's
 * own, from `test/helpers/hidden.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, GameEvent, GameState, PlayerView, Viewer } from '../../src/index.js';
import {
  createGameWithEvents,
  deserialize,
  determinize,
  eventsFor,
  legalActions,
  maxGameLength,
  parseAction,
  replay,
  serialize,
  step,
  view,
} from '../../src/index.js';
import { leaksIn, visibleCardIds } from '../helpers/hidden.js';
import type { Ply } from './games.js';
import { gameCaseArb, play, runs, timeoutFor } from './games.js';
import { checkBounds, checkConservation, checkLegal, checkScore, ok, same } from './invariants.js';

function seats(s: GameState): Viewer[] {
  return [...Array.from({ length: s.players }, (_, p) => p), 'spectator'];
}

/**
 * A determinized world is a game the seat cannot tell from the real one: it shows the same view,
 * holds exactly the game's cards, keeps every bound, offers the same legal actions, scores like
 * the reference scorer, and is a state `deserialize` accepts (its checks are the save format's).
 */
function checkWorld(world: GameState, v: PlayerView, seat: Viewer): void {
  same(view(world, seat), v, `determinize(view(s, ${seat})) shows the same view`);
  checkConservation(world);
  checkBounds(world);
  const legal = legalActions(world);
  checkLegal(world, legal);
  same(
    legal,
    v.currentPlayer === null ? [] : legalActions(world, v.currentPlayer),
    'the world offers its legal actions to the player to move',
  );
  checkScore(world);
  same(deserialize(serialize(world)), world, 'a determinized world is a valid save');
}

/**
 * Every seat's view lists exactly that seat's legal actions. One seat per step, in turn, is also
 * checked for leaks and determinized (every seventh step): a determinized world shows it the
 * same view.
 */
function checkViews(s: GameState, index: number): void {
  const all = seats(s);
  const checked = all[index % all.length];
  for (const seat of all) {
    const v = view(s, seat);
    const mine = seat === 'spectator' ? [] : legalActions(s, seat);
    same(v.legal, mine, `view(s, ${seat}).legal is legalActions(s, ${seat})`);
    if (seat === s.toMove) same(v.legal, legalActions(s), 'the player to move sees legalActions(s)');
    if (seat !== checked) continue;
    const leaks = leaksIn(JSON.stringify(v), visibleCardIds(s, seat), s);
    ok(leaks.length === 0, `view for ${seat} leaks ${leaks.join(', ')}`);
    if (index % 7 === 0) checkWorld(determinize(v, index), v, seat);
  }
}

/** The events, as one seat per step (in turn) gets them, show only what it may see before or after. */
function checkEvents(ply: Ply): void {
  const all = seats(ply.before);
  const seat = all[ply.index % all.length] as Viewer;
  const visible = new Set([...visibleCardIds(ply.before, seat), ...visibleCardIds(ply.after, seat)]);
  const leaks = leaksIn(JSON.stringify(eventsFor(ply.events, seat)), visible, ply.after);
  ok(leaks.length === 0, `events for ${seat} leak ${leaks.join(', ')}`);
}

/** The same action on the same state gives the same state and events; saves round-trip. */
function checkDeterminism(ply: Ply): void {
  const again = step(ply.before, ply.action);
  same(again.state, ply.after, 'step is deterministic (state)');
  same(again.events, ply.events, 'step is deterministic (events)');
  same(deserialize(serialize(ply.after)), ply.after, 'deserialize(serialize(s)) is s');
  same(parseAction(JSON.stringify(ply.action)), ply.action, 'parseAction reads a legal action back');
}

const GAMES = runs(40);

describe('determinism, saves, replay and views agree at every step', () => {
  it(
    'S5, H1–H3: step is deterministic, saves round-trip, replay rebuilds every state, views show the legal actions and leak nothing',
    () => {
      fc.assert(
        fc.property(gameCaseArb, (c) => {
          const opening = createGameWithEvents(c.options);
          const states: GameState[] = [];
          const events: (readonly GameEvent[])[] = [];
          const { final, actions } = play(c, maxGameLength(c.options), {
            before: (s, _legal, index) => {
              if (index === 0) same(s, opening.state, 'createGameWithEvents gives the createGame state');
              checkViews(s, index);
            },
            after: (ply) => {
              checkDeterminism(ply);
              checkEvents(ply);
              states.push(ply.after);
              events.push(ply.events);
            },
          });
          checkViews(final, actions.length);
          same(deserialize(serialize(final)), final, 'the final state round-trips');
          const replayed = replay(c.options, actions, (i: number, a: Action, s: GameState, e: readonly GameEvent[]) => {
            same(a, actions[i], `replay step ${i} action`);
            same(s, states[i], `replay step ${i} state`);
            same(e, events[i], `replay step ${i} events`);
          });
          expect(replayed).toEqual(final);
          expect(replay(c.options, actions)).toEqual(final);
        }),
        { numRuns: GAMES },
      );
    },
    timeoutFor(GAMES, 2000),
  );
});
