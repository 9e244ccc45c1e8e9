/**
 * `serve`'s start-up line names its PostgreSQL database without any password in it: one given
 * in the URL's user part, or as a parameter of its query (`?password=…`, which the `pg` package
 * reads too); an error's text logged (readiness's) shows none either. Logs travel further than the host.
 */
import { describe, expect, it } from 'vitest';
import { hidesPasswordOf, passwordsHidden, withoutPassword } from '../../src/server/without-password.js';

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

  it('hides the whole password of a URL whatever it holds (quotes, spaces, a tab, an @) and whatever the case of the scheme', () => {
    for (const [text, shown] of [
      ["failed: postgres://user:pa'ss@host/db", 'failed: postgres://user:***@host/db'],
      ['at postgresql://u:sp ace@h/db, then', 'at postgresql://u:***@h/db, then'],
      ['postgresql://u:tab\tsecret@h/db', 'postgresql://u:***@h/db'],
      ['POSTGRES://u:upper1@h/db', 'POSTGRES://u:***@h/db'],
      ['postgres://u:p@ss@h:5432/db', 'postgres://u:***@h:5432/db'],
      ['"postgres://u:p"w@[::1]:5432/db"', '"postgres://u:***@[::1]:5432/db"'],
    ]) {
      expect(passwordsHidden(text as string), text).toBe(shown);
    }
  });

  it('hides a key-value password in double quotes or with an escaped quote', () => {
    expect(passwordsHidden('host=db password = "dq pass" user=x')).toBe('host=db password = *** user=x');
    expect(passwordsHidden("password='it\\'s' user=x")).toBe('password=*** user=x');
  });
});

describe('hidesPasswordOf', () => {
  it("hides the operator's own password wherever it is in a line, as given and decoded, besides what passwordsHidden hides", () => {
    const hide = hidesPasswordOf('postgres://ftk:Zq9%20x%21@db/ftk?sslmode=require');
    expect(hide('the server said: bad password Zq9 x! for ftk')).toBe('the server said: bad password *** for ftk');
    expect(hide('retrying Zq9%20x%21')).toBe('retrying ***');
    expect(hide('postgres://ftk:other@db/ftk')).toBe('postgres://ftk:***@db/ftk');
    // A password too short to tell from ordinary words is left to the patterns.
    expect(hidesPasswordOf('postgres://ftk:ab@db/ftk')('a tab and a cab')).toBe('a tab and a cab');
    expect(hidesPasswordOf('not a url')('text')).toBe('text');
  });
});
