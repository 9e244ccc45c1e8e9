/**
 * @internal One turn of the event loop, for a long run in this thread to let timers, signal
 * handlers and a page's events run: `setImmediate` where there is one (Node, Bun, Deno), else a
 * message on a `MessageChannel` (browsers; no 4 ms clamp as `setTimeout` has), else `setTimeout`.
 * @module
 */

type Scheduler = (run: () => void) => unknown;

/** @internal Resolves after the event loop has turned once. */
export function nextTurn(): Promise<void> {
  const g = globalThis as { setImmediate?: Scheduler; MessageChannel?: typeof MessageChannel };
  const immediate = g.setImmediate;
  if (typeof immediate === 'function') return new Promise((resolve) => void immediate(resolve));
  const Channel = g.MessageChannel;
  if (typeof Channel === 'function') {
    return new Promise((resolve) => {
      const channel = new Channel();
      channel.port1.onmessage = () => {
        // Closed, so that an open port cannot keep a process alive (Deno).
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => void setTimeout(resolve, 0));
}
