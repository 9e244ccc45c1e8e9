/**
 * An `act` carries an action object: an action id (what a version 3 view lists) is refused with
 * a message that says so, not as a missing `action`.
 */
import { expect, it } from 'vitest';
import { HostError } from '../../src/protocol/errors.js';
import { parseClientMessage } from '../../src/protocol/parse.js';

function refusal(text: string): HostError {
  try {
    parseClientMessage(text);
  } catch (e) {
    if (e instanceof HostError) return e;
    throw e;
  }
  throw new Error(`${text} was read`);
}

it('an act whose action is an action id is BAD_MESSAGE, saying an action object is needed and ids come only from the host', () => {
  const e = refusal('{"type":"act","id":1,"seq":0,"action":2}');
  expect(e.code).toBe('BAD_MESSAGE');
  expect(e.message).toMatch(/"action" must be an action object/);
  expect(e.message).toMatch(/ids are only sent by the host/);
});

it('an act without action says what action must be', () => {
  const e = refusal('{"type":"act","id":1,"seq":0}');
  expect(e.code).toBe('BAD_MESSAGE');
  expect(e.message).toMatch(/^act needs "action"/);
});

it('an act with an action object is read as it was sent (the rules check it later)', () => {
  expect(parseClientMessage('{"type":"act","id":1,"seq":3,"action":{"type":"pass","player":0}}')).toEqual({
    type: 'act',
    id: 1,
    seq: 3,
    action: { type: 'pass', player: 0 },
  });
});
