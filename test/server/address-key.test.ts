/**
 * The key an address counts under in the host's per-address limits: an IPv6 client usually holds
 * a whole /64, so each of its addresses must not get a fresh quota.
 */
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/server/address.js';
import { startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';

describe('addressKey', () => {
  it('an IPv6 address counts as its /64, however it is written', () => {
    expect(addressKey('2001:db8:0:7:a::1')).toBe('2001:db8:0:7::/64');
    expect(addressKey('2001:0db8:0000:0007:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:7::/64');
    expect(addressKey('2001:DB8:0:7::')).toBe('2001:db8:0:7::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
  });

  it('an IPv4 address, or one mapped into IPv6, is itself; what is not an address is left as it is', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('unknown')).toBe('unknown');
    expect(addressKey('1:2:3')).toBe('1:2:3');
    expect(addressKey('1::2::3')).toBe('1::2::3');
    expect(addressKey('1:2:3:4:5:6:7:8:9')).toBe('1:2:3:4:5:6:7:8:9');
  });

  it('behind a proxy, addresses of one /64 share one match bucket', async () => {
    const server = await startServer({
      store: new MemoryStore(),
      port: 0,
      trustProxy: true,
      limits: { requestsPerSecond: 1e6, requestBurst: 1e6, matchBurst: 3 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i++) {
        const r = await fetch(`${server.url}/api/matches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `2001:db8:0:7::${i.toString(16)}` },
          body: JSON.stringify({ players: 3 }),
        });
        statuses.push(r.status);
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
    } finally {
      await server.close();
    }
  });
});
