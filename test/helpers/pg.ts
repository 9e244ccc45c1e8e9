/**
 * The PostgreSQL the tests use: the throwaway cluster `test/helpers/postgres.sh` starts (`.ci/run`
 * does; locally `bash test/helpers/postgres.sh run -- npx vitest run test/server`), found through
 * `FTK_PG_URL`. Without it the PostgreSQL tests are skipped with a message, except under `CI=true`,
 * where a missing database fails the run instead of passing silently.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';

/** The cluster's connection string (a superuser on its `postgres` database), or `undefined`. */
export const PG_URL: string | undefined = process.env.FTK_PG_URL || undefined;

/**
 * `describe` for tests that need PostgreSQL: skipped (with a line on stderr saying how to run them)
 * when `FTK_PG_URL` is unset, and an error instead when `CI=true`.
 */
export function describePg(name: string, body: (url: string) => void): void {
  if (PG_URL === undefined) {
    if (process.env.CI === 'true') {
      throw new Error(`${name}: FTK_PG_URL is not set under CI=true; .ci/run starts a PostgreSQL cluster and must export it`);
    }
    process.stderr.write(
      `[skipped] ${name}: needs PostgreSQL (FTK_PG_URL). Run: bash test/helpers/postgres.sh run -- npx vitest run test/server\n`,
    );
    describe.skip(`${name} (needs FTK_PG_URL)`, () => {});
    return;
  }
  const url = PG_URL;
  describe(name, () => body(url));
}

/**
 * A new, empty database on the cluster, so test files running side by side never share tables.
 * Returns its connection string and a function that drops it (closing whatever still uses it).
 */
export async function freshDatabase(url: string, label = 'test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ftk_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * For one `describePg` block: a fresh database, made before its tests and dropped after them, and
 * a client connected straight to it for the test's own queries (`direct`). Read `url` and `direct`
 * inside tests or hooks, not while the block is being defined.
 */
export function blockDatabase(adminUrl: string, label: string): { readonly url: string; readonly direct: pg.Client } {
  let db: { url: string; drop: () => Promise<void> } | undefined;
  let direct: pg.Client | undefined;
  beforeAll(async () => {
    db = await freshDatabase(adminUrl, label);
    direct = new pg.Client({ connectionString: db.url });
    await direct.connect();
  });
  afterAll(async () => {
    await direct?.end();
    await db?.drop();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('blockDatabase: read inside a test or hook, after its beforeAll');
    return value;
  };
  return {
    get url() {
      return made(db).url;
    },
    get direct() {
      return made(direct);
    },
  };
}
