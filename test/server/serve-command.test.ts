/**
 * `for-the-king serve` as a user runs it: it prints where it listens, answers the lobby, and
 * stops cleanly (exit 0, store closed) on SIGTERM. A real process on loopback, under Node and
 * under Bun.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileStore } from '../../src/server/store/file.js';
import { processStart } from '../../src/server/store/lock.js';
import { until } from '../helpers/play.js';
import { spawnListening } from '../helpers/process.js';
import { HOST_RUNTIMES } from './fixtures/runtimes.js';
import { entry, sampleMatch } from './store-contract.js';

const MAIN = join(import.meta.dirname, '..', '..', 'src', 'cli', 'main.ts');

describe.each(HOST_RUNTIMES)('for-the-king serve under $name', (runtime) => {
  it('listens on loopback, serves the lobby, keeps matches in its folder and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftk-serve-'));
    try {
      const { child, port, output } = await spawnListening(
        [
          ...runtime.prefix,
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
        { command: runtime.command },
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

describe('for-the-king serve --take-over-lock', () => {
  const serveSync = (dir: string, ...more: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', MAIN, 'serve', '--port', '0', '--data', dir, ...more], {
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('refuses a lock it cannot prove dead and names the flag; takes it over only when the flag names its pid', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftk-serve-lock-'));
    try {
      const lock = { pid: 12345, start: '99', host: `not-${hostname()}`, since: 0 };
      writeFileSync(join(dir, 'lock'), JSON.stringify(lock));
      const refused = serveSync(dir);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('held by process 12345');
      expect(refused.stderr).toContain('--take-over-lock 12345');
      const other = serveSync(dir, '--take-over-lock', '54321');
      expect(other.status).toBe(1);
      expect(other.stderr).toContain('held by process 12345');
      expect(JSON.parse(readFileSync(join(dir, 'lock'), 'utf8'))).toEqual(lock);
      const { child, output } = await spawnListening(
        ['--import', 'tsx', MAIN, 'serve', '--port', '0', '--data', dir, '--take-over-lock', '12345'],
        /listening on http:\/\/127\.0\.0\.1:(\d+)/,
      );
      expect(JSON.parse(readFileSync(join(dir, 'lock'), 'utf8')).pid).toBe(child.pid);
      await until(() => output().includes(`store in ${dir}`), 10_000, 'the store line');
      const code = await new Promise<number | null>((resolve) => {
        child.on('exit', (c) => resolve(c));
        child.kill('SIGTERM');
      });
      expect(code).toBe(0);
      expect(output()).toContain('stopping');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it.runIf(processStart('self') !== null)(
    'never takes over the lock of a process still running on this host',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'ftk-serve-lock-'));
      try {
        const lock = { pid: process.pid, start: processStart('self'), host: hostname(), since: 0 };
        writeFileSync(join(dir, 'lock'), JSON.stringify(lock));
        const refused = serveSync(dir, '--take-over-lock', String(process.pid));
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain('still running on this host');
        expect(JSON.parse(readFileSync(join(dir, 'lock'), 'utf8'))).toEqual(lock);
        const wrong = serveSync('-', '--memory', '--take-over-lock', '5');
        expect(wrong.status).not.toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe('for-the-king serve --cut-corrupt-tail', () => {
  it('refuses a journal whose last records fail their checksum and names the flag; with it, cuts them (copied aside) and serves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftk-serve-corrupt-'));
    try {
      const s = await FileStore.open(dir);
      const m = sampleMatch();
      await s.createMatch(m);
      for (let q = 1; q <= 2; q++) await s.append(m.id, entry(q));
      await s.close();
      const file = join(dir, 'journal.ftk');
      const bytes = readFileSync(file);
      const last = bytes.lastIndexOf(0x0a, bytes.length - 2) + 1;
      bytes.writeUInt8(bytes.readUInt8(last + 20) ^ 1, last + 20);
      writeFileSync(file, bytes);
      const refused = spawnSync(process.execPath, ['--import', 'tsx', MAIN, 'serve', '--port', '0', '--data', dir], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`corrupt at byte ${last}`);
      expect(refused.stderr).toContain('start again with --cut-corrupt-tail');
      expect(readFileSync(file)).toEqual(bytes);
      const wrong = spawnSync(process.execPath, ['--import', 'tsx', MAIN, 'serve', '--port', '0', '--memory', '--cut-corrupt-tail'], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(wrong.status).not.toBe(0);
      expect(wrong.stderr).toContain('--cut-corrupt-tail goes with the embedded store');
      const { child, output } = await spawnListening(
        ['--import', 'tsx', MAIN, 'serve', '--port', '0', '--data', dir, '--cut-corrupt-tail'],
        /listening on http:\/\/127\.0\.0\.1:(\d+)/,
      );
      await until(() => output().includes(`store in ${dir}`), 10_000, 'the store line');
      expect(output()).toMatch(/cut \d+ bytes of corrupt records off the journal, copied to .*journal\.ftk\.cut-/);
      const code = await new Promise<number | null>((resolve) => {
        child.on('exit', (c) => resolve(c));
        child.kill('SIGTERM');
      });
      expect(code).toBe(0);
      const aside = readdirSync(dir).filter((f) => f.startsWith('journal.ftk.cut-'));
      expect(aside).toHaveLength(1);
      expect(readFileSync(join(dir, aside[0] as string))).toEqual(bytes.subarray(last));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
