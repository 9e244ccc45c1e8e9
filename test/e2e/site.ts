/**
 * The site of `npx for-the-king serve` as a new user gets it, for the browser tests: the package
 * packed from `dist/` and installed with `ws` in an empty folder, hosts started there with
 * `npx for-the-king serve` (each in its own process group, on a free port), and pages of a
 * shared Chromium with the `window.__ftk` helpers; {@link packedSiteForFile} sets both up for a test file.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, requireFiles } from './browser.js';
import { prepare } from './table.js';

/** A running `npx for-the-king serve`. */
export interface Host {
  readonly child: ChildProcess;
  readonly port: number;
}

/** An empty folder with the packed package and `ws` installed (`folder`), and the hosts started in it. */
export class PackedSite {
  /** Every host started here that has not exited yet. */
  readonly hosts = new Set<ChildProcess>();

  private constructor(readonly folder: string) {}

  /** Packs the package (needs `npm run build`) and installs it with `ws` in a new temporary folder. */
  static install(prefix: string): PackedSite {
    const top = mkdtempSync(join(tmpdir(), prefix));
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', top], {
        cwd: resolve('.'),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    ) as { filename: string }[];
    const tarball = join(top, packed[0]?.filename ?? '');
    const folder = join(top, 'app');
    mkdirSync(folder);
    execFileSync('npm', ['install', tarball, 'ws', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
      cwd: folder,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return new PackedSite(folder);
  }

  /** Runs `npx for-the-king serve --port PORT ...args` here; resolves once it listens. */
  start(port: number, args: readonly string[]): Promise<Host> {
    const child = spawn('npx', ['--no-install', 'for-the-king', 'serve', '--port', String(port), ...args], {
      cwd: this.folder,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.hosts.add(child);
    child.once('exit', () => this.hosts.delete(child));
    let out = '';
    let err = '';
    return new Promise((done, fail) => {
      const late = setTimeout(() => {
        void killHost(child);
        fail(new Error(`serve did not listen within 120 s: ${err || out}`));
      }, 120_000);
      child.stdout?.on('data', (d) => {
        out += String(d);
        const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (m) {
          clearTimeout(late);
          done({ child, port: Number(m[1]) });
        }
      });
      child.stderr?.on('data', (d) => {
        err += String(d);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(late);
        fail(new Error(`serve exited (${code ?? signal}) before listening: ${err || out}`));
      });
    });
  }

  /** Kills every host still running and removes the folder. */
  async remove(): Promise<void> {
    await Promise.all([...this.hosts].map(killHost));
    rmSync(resolve(this.folder, '..'), { recursive: true, force: true });
  }
}

/** Kills a host's whole process group with SIGKILL (no goodbye, no flush); resolves once it has exited. */
export async function killHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-(child.pid as number), 'SIGKILL');
  } catch {
    // The group is gone already.
  }
  await gone;
}

/**
 * A page in a context of its own (its own storage), with reduced motion and the page errors
 * collected. The site's content security policy is bypassed, as the tests' own tools need it
 * (axe-core injected, predicates evaluated in the page); `test/e2e/site-csp.e2e.test.ts` plays
 * under the policy itself.
 */
export async function newPage(
  browser: Browser,
  width: number,
  height: number,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce', bypassCSP: true });
  await prepare(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** What {@link packedSiteForFile} gives a test file: read inside its tests, once they are set up. */
export interface PackedSiteAndBrowser {
  readonly site: PackedSite;
  readonly browser: Browser;
}

/**
 * For the test file that calls it: before its tests, the package packed and installed in a new
 * folder (named from `prefix`) and Chromium started (needs `npm run build` and /usr/bin/chromium);
 * after them, both gone with every host still running.
 */
export function packedSiteForFile(prefix: string): PackedSiteAndBrowser {
  let site: PackedSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    requireFiles(join('dist', 'ui.js'), 'npm run build');
    site = PackedSite.install(prefix);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await site?.remove();
  });
  const ready = <T>(x: T | undefined, what: string): T => {
    if (x === undefined) throw new Error(`${what} is not set up yet: read it inside a test`);
    return x;
  };
  return {
    get site() {
      return ready(site, 'the packed site');
    },
    get browser() {
      return ready(browser, 'Chromium');
    },
  };
}
