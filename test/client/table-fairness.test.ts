/**
 * What a client keeps of a fair match for `verifyRecord` (`client.table.fairness`): the seats it
 * saw as bots when the cards were dealt, and the digest of each view it was shown by seq.
 */
import { describe, expect, it } from 'vitest';
import type { ClientError } from '../../src/client/index.js';
import { TableState } from '../../src/client/table.js';
import { createGame, view } from '../../src/index.js';
import { fairViewDigest } from '../../src/protocol/fairness.js';
import type { WelcomeMessage } from '../../src/protocol/server-messages.js';

const SEATS = [
  { name: 'Ada', bot: null, open: false, left: false, kind: 'person', connected: true },
  { name: 'Bot', bot: 'heuristic', open: false, left: false, kind: 'bot', connected: true },
  { name: null, bot: null, open: true, left: false, kind: 'open', connected: false },
] as const;
const FAIRNESS = { commitment: 'C', nextCommitment: 'N', logDigest: 'C' };

function welcome(over: Partial<WelcomeMessage>): WelcomeMessage {
  return {
    type: 'welcome',
    v: 3,
    match: 'm',
    seat: 0,
    seq: 0,
    updates: [],
    view: null,
    seats: SEATS,
    fairness: FAIRNESS,
    ...over,
  } as WelcomeMessage;
}

describe('a fair match as the client saw it', () => {
  it('the bots are the seats shown when the cards came: at a started message, or a welcome at seq 0 of a dealt match', () => {
    const waiting = new TableState(() => undefined);
    waiting.welcome(welcome({ started: false }));
    expect(waiting.fairness?.bots).toBeNull();
    waiting.receive({ type: 'seats', seats: SEATS.map((s, i) => (i === 2 ? { ...s, kind: 'bot', bot: 'random', open: false } : s)) });
    waiting.started();
    expect(waiting.fairness?.bots).toEqual([1, 2]);
    // Set once: seats shown later (a person's seat handed to a bot) do not change it.
    waiting.receive({ type: 'seats', seats: SEATS.map((s) => ({ ...s, kind: 'bot' })) });
    waiting.started();
    expect(waiting.fairness?.bots).toEqual([1, 2]);

    const dealt = new TableState(() => undefined);
    dealt.welcome(welcome({ started: true, seq: 0 }));
    expect(dealt.fairness?.bots).toEqual([1]);

    const late = new TableState(() => undefined);
    late.welcome(welcome({ started: true, seq: 3, updates: [1, 2, 3].map((seq) => ({ seq, events: [] })) }));
    expect(late.fairness?.bots).toBeNull();
  });

  it("each view's digest is kept by seq once settled; another view told for the same seq is UNFAIR and the first is kept", async () => {
    const bad: ClientError[] = [];
    const t = new TableState(
      () => undefined,
      Date.now,
      (e) => bad.push(e),
    );
    const first = view(createGame({ players: 3, seed: 'a' }), 0);
    const other = view(createGame({ players: 3, seed: 'b' }), 0);
    t.view(first, 0); // no fair match yet: nothing kept
    t.welcome(welcome({ started: true }));
    t.view(first, 0);
    t.view(first, 0);
    t.view(other, 0);
    await t.fairness?.settled();
    expect([...(t.fairness?.views ?? [])]).toEqual([[0, await fairViewDigest(first)]]);
    expect(bad.map((e) => e.code)).toEqual(['UNFAIR']);
  });
});
