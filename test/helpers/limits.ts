/**
 * Limits no test client reaches: for the tests of something else than the limits, whose clients
 * connect, sync, create matches and send messages far faster than people do.
 */
import type { Limits } from '../../src/server/limits.js';

/** Every rate and count of `Limits` far beyond a test's use (1,000 WebSockets per address; HTTP connections without a cap). */
export const WIDE_LIMITS: Partial<Limits> = {
  messagesPerSecond: 1e6,
  messageBurst: 1e6,
  requestsPerSecond: 1e6,
  requestBurst: 1e6,
  viewsPerSecond: 1e6,
  viewBurst: 1e6,
  connectionsPerAddress: 1000,
  matchBurst: 1e6,
  httpConnectionsPerAddress: 1e6,
};
