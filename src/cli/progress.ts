/**
 * @internal A progress bar on a terminal: done/total, rate and time left, redrawn at most ten
 * times a second. It writes nothing when the output is not a terminal.
 * @module
 */
import type { Out } from './io.js';

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** @internal One line of progress text. */
export function progressLine(done: number, total: number, elapsedMs: number, width = 30): string {
  const share = total === 0 ? 1 : done / total;
  const filled = Math.round(share * width);
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const left = rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY;
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${(share * 100).toFixed(1)}%  ${rate.toFixed(1)} games/s  ${duration(left)} left`;
}

/** @internal A progress reporter for `out`; a no-op unless `out.isTTY`. */
export function progressBar(
  out: Out,
  now: () => number = () => performance.now(),
): { update(done: number, total: number): void; end(): void } {
  if (out.isTTY !== true) return { update() {}, end() {} };
  const start = now();
  let last = Number.NEGATIVE_INFINITY;
  let shown = false;
  return {
    update(done, total) {
      const t = now();
      if (done < total && t - last < 100) return;
      last = t;
      shown = true;
      out.write(`\r${progressLine(done, total, t - start)}`);
    },
    end() {
      if (shown) out.write('\r\x1b[2K');
    },
  };
}
