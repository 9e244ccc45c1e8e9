/**
 * Text from players and tokens from callers, on real sockets: a chat line follows the display
 * names' rules (at least one character that shows), lengths count characters (Unicode code
 * points, so an emoji is one), and a bearer token that is there but malformed is refused
 * (`UNAUTHORIZED`) over HTTP as in a WebSocket `hello`, never read as no token at all.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMatch, joinMatch } from '../../src/client/index.js';
import { MAX_CHAT_LENGTH } from '../../src/protocol/lobby.js';
import { parseClientMessage } from '../../src/protocol/parse.js';
import { parseChatText } from '../../src/server/host/chat.js';
import { MAX_NAME_LENGTH } from '../../src/server/seats.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { type Served, serve } from '../helpers/friends.js';

let s: Served;
beforeAll(async () => {
  s = await serve(async () => new MemoryStore());
});
afterAll(async () => {
  await s.close();
});

async function call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; code: string | undefined }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${s.base}/api${path}`, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  const json = (await res.json()) as { error?: { code: string } };
  return { status: res.status, code: json.error?.code };
}

it('a chat line of only characters that show nothing is refused (BAD_MESSAGE), as such a display name is (BAD_NAME)', async () => {
  const { match, invite } = await createMatch(s.base, { players: 2, chat: 'seats' });
  const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
  for (const text of ['\u200B\u200B\u200B', '\u00AD', '\u3164', '\u0301', '\u2060', ' \u200D\uFEFF ']) {
    expect(await call('POST', `/matches/${match.id}/chat`, { text }, a.token), JSON.stringify(text)).toEqual({
      status: 400,
      code: 'BAD_MESSAGE',
    });
    expect((await call('POST', `/matches/${match.id}/join`, { name: text, invite })).code).toBe('BAD_NAME');
  }
  expect((await call('POST', `/matches/${match.id}/chat`, { text: 'e\u0301\u200B' }, a.token)).status).toBe(200);
});

it('lengths count characters (code points): 40 emoji are a name, 500 a chat line; one more is refused', async () => {
  const { match, invite } = await createMatch(s.base, { players: 3 });
  const emoji = '😀';
  expect((await call('POST', `/matches/${match.id}/join`, { name: emoji.repeat(MAX_NAME_LENGTH + 1), invite })).code).toBe('BAD_NAME');
  const a = await joinMatch(s.base, match.id, { name: emoji.repeat(MAX_NAME_LENGTH), invite });
  expect(await call('POST', `/matches/${match.id}/chat`, { text: emoji.repeat(MAX_CHAT_LENGTH) }, a.token)).toEqual({
    status: 200,
    code: undefined,
  });
  expect((await call('POST', `/matches/${match.id}/chat`, { text: emoji.repeat(MAX_CHAT_LENGTH + 1) }, a.token)).code).toBe('BAD_MESSAGE');
});

it('a WebSocket say takes what the chat takes: 500 emoji with spaces around them (trimmed by the host)', () => {
  const text = ` ${'😀'.repeat(MAX_CHAT_LENGTH)}  `;
  const m = parseClientMessage(JSON.stringify({ type: 'say', id: 1, text }));
  expect(m).toEqual({ type: 'say', id: 1, text });
  expect(parseChatText(text)).toBe('😀'.repeat(MAX_CHAT_LENGTH));
});

it('a malformed bearer token is UNAUTHORIZED over HTTP, not read as no token (the spectator view)', async () => {
  const { match, invite } = await createMatch(s.base, { players: 2, seed: 'bearer', spectators: 'public', chat: 'everyone' });
  const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
  for (const bad of [`${a.token}.`, 'not a token', 'x'.repeat(200)]) {
    expect(await call('GET', `/matches/${match.id}/sync`, undefined, bad), bad).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    expect((await call('GET', `/matches/${match.id}/chat`, undefined, bad)).code).toBe('UNAUTHORIZED');
    expect((await call('POST', `/matches/${match.id}/chat`, { text: 'hi' }, bad)).code).toBe('UNAUTHORIZED');
  }
  // Without a token, the spectator's view; with the right one, the seat's.
  expect((await call('GET', `/matches/${match.id}/sync`)).status).toBe(200);
  expect((await call('GET', `/matches/${match.id}/sync`, undefined, a.token)).status).toBe(200);
});
