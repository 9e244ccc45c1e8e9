/**
 * Hosts on port 0 with a memory store and the limits a test sets, each stopped after its test:
 * for the tests of the host's limits and liveness, which start one or more per test.
 */
import { afterEach } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';

/** Registers the `afterEach` that stops them; `host(limits)` starts one, `wsOf` is its WebSocket URL. */
export function memoryHosts(): { host: (limits: Record<string, number>) => Promise<RunningServer>; wsOf: (s: RunningServer) => string } {
  const running: RunningServer[] = [];
  afterEach(async () => {
    for (const s of running.splice(0)) await s.close();
  });
  return {
    host: async (limits) => {
      const s = await startServer({ store: new MemoryStore(), port: 0, pollMs: 20, limits });
      running.push(s);
      return s;
    },
    wsOf: (s) => `${s.url.replace('http', 'ws')}/ws`,
  };
}
