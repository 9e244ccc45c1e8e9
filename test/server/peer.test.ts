// The optional peers: a missing `ws` or `pg` is a typed error naming the package; any other
// failure to load one is passed on as it is. (The packed tarball without them: test/smoke/run.mjs.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPeer, PeerDependencyError } from '../../src/server/peer.js';

describe('optional peer dependencies', () => {
  it('a package that is not installed is a PeerDependencyError naming it and the command that installs it', async () => {
    const missing = Object.assign(new Error("Cannot find package 'ws' imported from /app/node_modules/x/dist/server.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const e = await loadPeer('ws', 'the WebSocket transport', () => Promise.reject(missing)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PeerDependencyError);
    expect(e).toMatchObject({ code: 'MISSING_PEER_DEPENDENCY', dependency: 'ws', cause: missing });
    expect((e as Error).message).toBe('the WebSocket transport needs the "ws" package, which is not installed: npm install ws');
    const cjs = Object.assign(new Error("Cannot find module 'pg'\nRequire stack:\n- /app/x.cjs"), { code: 'MODULE_NOT_FOUND' });
    expect(await loadPeer('pg', 'the PostgreSQL store', () => Promise.reject(cjs)).catch((x: unknown) => x)).toMatchObject({
      dependency: 'pg',
    });
  });

  it('another module missing, or the package failing as it loads, is thrown as it is', async () => {
    const other = await loadPeer('pg', 'the PostgreSQL store', () => import('pg-that-does-not-exist' as string)).catch((x: unknown) => x);
    expect(other).not.toBeInstanceOf(PeerDependencyError);
    const broken = new SyntaxError('Unexpected token');
    expect(await loadPeer('ws', 'the WebSocket transport', () => Promise.reject(broken)).catch((x: unknown) => x)).toBe(broken);
  });

  it('loads what is installed', async () => {
    const ws = await loadPeer('ws', 'the WebSocket transport', () => import('ws'));
    expect(typeof ws.WebSocketServer).toBe('function');
  });

  it('no module of the server entry imports ws or pg other than for types (the packed check is test/smoke/run.mjs)', () => {
    const root = join(import.meta.dirname, '..', '..', 'src', 'server');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const text = readFileSync(join(root, f), 'utf8');
      const value = /^import\s+(?!type\b)[^;]*?from\s+'(ws|pg)';/gm;
      expect(text.match(value), f).toBeNull();
      expect(/^export\s+(?!type\b)[^;]*?from\s+'(ws|pg)';/m.test(text), f).toBe(false);
    }
  });
});
