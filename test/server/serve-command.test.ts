/**
 * `for-the-king serve` as a user runs it: it prints where it listens, answers the lobby, and
 * stops cleanly (exit 0, store closed) on SIGTERM. A real process on loopback.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { until } from '../helpers/play.js';
import { spawnListening } from '../helpers/process.js';

const MAIN = join(import.meta.dirname, '..', '..', 'src', 'cli', 'main.ts');

describe('for-the-king serve', () => {
  it('listens on loopback, serves the lobby, keeps matches in its folder and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftk-serve-'));
    try {
      const { child, port, output } = await spawnListening(
        [
          '--import',
          'tsx',
          MAIN,
          'serve',
          '--port',
          '0',
          '--data',
          dir,
          '--metrics-port',
          '0',
          '--expire-finished',
          '7d',
          '--expire-abandoned',
          '36h',
        ],
        /listening on http:\/\/127\.0\.0\.1:(\d+)/,
      );
      const url = `http://127.0.0.1:${port}`;
      const res = await fetch(`${url}/api/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"players":2}',
      });
      expect(res.status).toBe(201);
      expect((await fetch(`${url}/api/nothing`)).status).toBe(404);
      expect((await fetch(`${url}/health/ready`)).status).toBe(200);
      const metricsUrl = /metrics (http:\/\/127\.0\.0\.1:\d+)\/metrics/.exec(output())?.[1];
      expect(metricsUrl).toBeDefined();
      expect(await (await fetch(`${metricsUrl}/metrics`)).text()).toMatch(/^ftk_matches\{state="open"\} 1$/m);
      expect(existsSync(join(dir, 'lock'))).toBe(true);
      await until(() => output().includes('records kept'), 10_000, 'the expiry line');
      expect(output()).toContain('matches expire: finished after 7d, abandoned after 36h; records kept');
      const code = await new Promise<number | null>((resolve) => {
        child.on('exit', (c) => resolve(c));
        child.kill('SIGTERM');
      });
      expect(code).toBe(0);
      expect(output()).toContain('stopping');
      expect(existsSync(join(dir, 'lock'))).toBe(false);
      expect(existsSync(join(dir, 'journal.ftk'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
