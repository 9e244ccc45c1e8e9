/**
 * Private matches (issue #30 item 1), on real sockets and every store: a match is unlisted unless
 * created public; an unlisted match never appears in a listing, and a seat is taken only with its
 * invite code, which nothing the host sends to anybody else holds (nor its hash).
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMatch, getMatch, inviteLink, joinMatch, listMatches, readInvite, seatLink } from '../../src/client/index.js';
import { connect, forEachStore, type Served, serve, until } from '../helpers/friends.js';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

forEachStore('private matches', (makeStore) => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(makeStore);
  });
  afterAll(async () => {
    await s.close();
  });

  it('a match is unlisted by default; the creator gets an invite code of 128 random bits', async () => {
    const { match, invite } = await createMatch(s.base, { players: 2 });
    expect(match.visibility).toBe('unlisted');
    expect(invite).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const other = await createMatch(s.base, { players: 2 });
    expect(other.invite).not.toBe(invite);
    expect((await listMatches(s.base)).map((m) => m.id)).not.toContain(match.id);
  });

  it('leak test: over random mixes of public and unlisted matches, no listing holds an unlisted one, and none is joined without its code', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), async (publics) => {
        const made = [];
        for (const pub of publics) made.push(await createMatch(s.base, { players: 2, ...(pub ? { visibility: 'public' as const } : {}) }));
        const listingText = JSON.stringify(await (await fetch(`${s.base}/api/matches`)).json());
        const listed = new Set((await listMatches(s.base)).map((m) => m.id));
        for (const [i, m] of made.entries()) {
          const pub = publics[i] as boolean;
          expect(listed.has(m.match.id)).toBe(pub);
          // No answer anybody but the creator gets holds an invite code or its hash.
          const shown = JSON.stringify(await getMatch(s.base, m.match.id));
          for (const text of [listingText, shown]) {
            expect(text).not.toContain(m.invite);
            expect(text).not.toContain(sha(m.invite));
            expect(text).not.toContain(m.creatorToken);
          }
          if (!pub) {
            const other = made.find((x) => x !== m)?.invite;
            for (const invite of [undefined, 'A'.repeat(22), m.creatorToken, other, `${m.invite}x`, m.invite.slice(1), '']) {
              if (invite === m.invite) continue;
              const request = invite === undefined ? { name: 'Eve' } : { name: 'Eve', invite };
              await expect(joinMatch(s.base, m.match.id, request)).rejects.toMatchObject({ code: 'FORBIDDEN' });
            }
            expect((await getMatch(s.base, m.match.id)).seats.every((seat) => seat.open)).toBe(true);
          }
        }
      }),
      { numRuns: 8 },
    );
  }, 60_000);

  it('the invite code takes a seat of an unlisted match; a public match needs none', async () => {
    const { match, invite } = await createMatch(s.base, { players: 2 });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    expect(a.seat).toBe(0);
    const pub = await createMatch(s.base, { players: 2, visibility: 'public' });
    expect((await joinMatch(s.base, pub.match.id, { name: 'Bo' })).seat).toBe(0);
    expect((await listMatches(s.base)).map((m) => m.id)).toContain(pub.match.id);
  });

  it('raw HTTP: a join without the code is 403, and the create answer is the only one holding it', async () => {
    const created = await fetch(`${s.base}/api/matches`, { method: 'POST', body: JSON.stringify({ players: 3 }) });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { match: { id: string }; invite: string };
    const refused = await fetch(`${s.base}/api/matches/${body.match.id}/join`, { method: 'POST', body: JSON.stringify({ name: 'Eve' }) });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).not.toContain(body.invite);
  });

  it('a seat token read by the WebSocket never shows the invite, its hash or the host secret', async () => {
    const { match, invite } = await createMatch(s.base, { players: 2, bots: [null, 'random'] });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const seen: string[] = [];
    const c = connect(s.ws, match.id, a.token);
    c.on('view', (v) => seen.push(JSON.stringify(v)));
    await until(() => c.view !== null, 10_000, 'the deal');
    const stored = await s.store.getMatch(match.id);
    const secret = stored?.fairness?.secret as string;
    const all = JSON.stringify({ seen, seats: c.table.seats, f: c.table.fairness });
    for (const hidden of [invite, sha(invite), secret, stored?.fairness?.nextSecret as string]) expect(all).not.toContain(hidden);
    c.close();
  });
});

it('invite links and seat links carry the match and the code in the fragment, and read back', () => {
  const link = inviteLink('https://cards.example/play?lang=uk#old', 'm-1', 'code_-1');
  expect(link).toBe('https://cards.example/play?lang=uk#match=m-1&invite=code_-1');
  expect(readInvite(link)).toEqual({ match: 'm-1', invite: 'code_-1' });
  expect(readInvite(seatLink('https://x.example/', 'm 2', 'tok'))).toEqual({ match: 'm 2', token: 'tok' });
  expect(readInvite('https://x.example/?match=m')).toBeNull();
  expect(readInvite('#invite=x')).toBeNull();
});
