/**
 * The protocol is one layer with one set of names: `for-the-king-and-me/protocol` exports it,
 * and the host's and the client's entries hand on the very same objects (not copies that could
 * drift), so a message read by one side is the message the other side wrote.
 */
import { describe, expect, it } from 'vitest';
import * as client from '../../src/client/index.js';
import * as protocol from '../../src/protocol/index.js';
import * as server from '../../src/server/index.js';

describe('architecture: the protocol layer', () => {
  it('the protocol entry exports the versions, the error type, the reader of client messages, the readers of the host’s away time, the view patches, the fair-deal scheme and the chat’s rule', () => {
    expect(Object.keys(protocol).sort()).toEqual(
      [
        'FAIRNESS_SCHEME',
        'FAIR_META',
        'FULL_VIEW_EVERY',
        'HostError',
        'MAX_CHAT_LENGTH',
        'MAX_CONTRIBUTION_LENGTH',
        'PROTOCOL_VERSION',
        'PROTOCOL_VERSIONS',
        'PatchError',
        'SharedChanges',
        'ViewTrack',
        'applyPatch',
        'canonicalJson',
        'compactView',
        'commitmentInput',
        'commitmentOf',
        'diff',
        'expandView',
        'fairSeed',
        'fairViewDigest',
        'fairViewInput',
        'isContribution',
        'logDigest',
        'logDigestInput',
        'newContribution',
        'parseClientMessage',
        'readAwayForMs',
        'readAwayMs',
        'seedFromDigest',
        'seedInput',
        'sha256Hex',
        'viewDigest',
        'writesChat',
      ].sort(),
    );
    expect(protocol.PROTOCOL_VERSION).toBe(3);
    expect(protocol.PROTOCOL_VERSIONS).toEqual([1, 2, 3]);
  });

  it('the server and client entries re-export the same objects', () => {
    expect(server.HostError).toBe(protocol.HostError);
    expect(server.parseClientMessage).toBe(protocol.parseClientMessage);
    expect(server.PROTOCOL_VERSION).toBe(protocol.PROTOCOL_VERSION);
    expect(client.PROTOCOL_VERSION).toBe(protocol.PROTOCOL_VERSION);
    expect(client.commitmentOf).toBe(protocol.commitmentOf);
    expect(client.newContribution).toBe(protocol.newContribution);
  });

  it("the reader refuses with the protocol's HostError, whichever entry it came from", () => {
    expect(() => server.parseClientMessage('{"type":"act","id":1,"seq":0}')).toThrow(protocol.HostError);
    try {
      protocol.parseClientMessage('{"type":"hello","v":4,"match":"m","token":null,"after":0}');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(server.HostError);
      expect((e as InstanceType<typeof server.HostError>).code).toBe('BAD_VERSION');
    }
  });
});
