/**
 * The guides' links lead somewhere: every relative link in the README, CONTRIBUTING and the
 * Markdown under `docs/` names a file of the repository, and every `#anchor` (in the same file or
 * another guide) names one of that file's headings, slugged as GitHub slugs them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The Markdown files whose links are checked (not the generated API reference). */
function guides(): string[] {
  const out = [join(ROOT, 'README.md'), join(ROOT, 'CONTRIBUTING.md')];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === 'api' || name === 'node_modules' || name.startsWith('.')) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) out.push(path);
    }
  };
  walk(join(ROOT, 'docs'));
  return out.filter((f) => existsSync(f));
}

/** The text outside fenced code blocks (links in code are code), each block kept as its line breaks. */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, (block) => block.replace(/[^\n]/g, ''));
}

/** GitHub's anchor of a heading: lower case, markup and punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings, with GitHub's `-1`, `-2` for repeats. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1] as string);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

interface Link {
  readonly from: string;
  readonly line: number;
  readonly target: string;
}

function links(file: string): Link[] {
  const text = prose(readFileSync(file, 'utf8'));
  const out: Link[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1] as string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    out.push({ from: relative(ROOT, file), line: text.slice(0, m.index).split('\n').length, target });
  }
  return out;
}

describe('the guides’ links', () => {
  const all = guides().flatMap(links);

  it('finds the links it checks', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((l) => l.target.includes('#'))).toBe(true);
  });

  it('every relative link names a file, and every anchor a heading of it', () => {
    const broken: string[] = [];
    const cache = new Map<string, Set<string>>();
    for (const link of all) {
      const [path = '', anchor] = link.target.split('#');
      const file = path === '' ? join(ROOT, link.from) : resolve(dirname(join(ROOT, link.from)), decodeURIComponent(path));
      if (!existsSync(file)) {
        broken.push(`${link.from}:${link.line}: ${link.target} (no such file)`);
        continue;
      }
      if (anchor === undefined || anchor === '' || !file.endsWith('.md')) continue;
      let set = cache.get(file);
      if (set === undefined) {
        set = anchors(file);
        cache.set(file, set);
      }
      if (!set.has(decodeURIComponent(anchor))) broken.push(`${link.from}:${link.line}: ${link.target} (no such heading)`);
    }
    expect(broken).toEqual([]);
  });

  it('slugs headings as GitHub does', () => {
    expect(slug('Where the host’s CPU per action goes: the game, the sockets (4 December 2026)')).toBe(
      'where-the-hosts-cpu-per-action-goes-the-game-the-sockets-4-december-2026',
    );
    expect(slug('`netBot({ temperature?, seed? })` and more')).toBe('netbot-temperature-seed--and-more');
    expect(slug('Before and after the host at scale (#31)')).toBe('before-and-after-the-host-at-scale-31');
  });
});
