/**
 * `serve`'s start-up line names its PostgreSQL database without any password in it: one given
 * in the URL's user part, or as a parameter of its query (`?password=…`, which the `pg` package
 * reads too); an error's text logged (readiness's) shows none either. Logs travel further than the host.
 */
import { describe, expect, it } from 'vitest';
import { passwordsHidden, withoutPassword } from '../../src/server/without-password.js';

describe('withoutPassword', () => {
  it("hides a password in the URL's user part", () => {
    expect(withoutPassword('postgres://ftk:s3cret@127.0.0.1:5432/ftk')).toBe('postgres://ftk:***@127.0.0.1:5432/ftk');
  });

  it('hides a password given as a query parameter, whatever its case, and keeps the other parameters', () => {
    const shown = withoutPassword('postgres://ftk@127.0.0.1:5432/ftk?password=s3cret&sslmode=disable&PassWord=again');
    expect(shown).not.toContain('s3cret');
    expect(shown).not.toContain('again');
    expect(shown).toContain('sslmode=disable');
    expect(shown).toContain('password=***');
  });

  it('leaves a URL without a password as it is, and does not print one it cannot read', () => {
    expect(withoutPassword('postgres://ftk@127.0.0.1:5432/ftk')).toBe('postgres://ftk@127.0.0.1:5432/ftk');
    expect(withoutPassword('not a url s3cret')).toBe('postgres://…');
  });
});

describe('passwordsHidden', () => {
  it("hides the passwords of every connection URL in a text, and a key-value connection string's", () => {
    expect(passwordsHidden('connect to postgres://ftk:s3cret@db:5432/ftk failed, then to postgresql://a@b/c?password=again')).toBe(
      'connect to postgres://ftk:***@db:5432/ftk failed, then to postgresql://a@b/c?password=***',
    );
    expect(passwordsHidden("host=db password='th ird' user=ftk")).toBe('host=db password=*** user=ftk');
    expect(passwordsHidden('connect ECONNREFUSED 127.0.0.1:5432')).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });
});
