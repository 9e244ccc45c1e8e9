/**
 * The guides' ```ts code blocks compile against the real API: each block is type-checked as its
 * own module, with `for-the-king-and-me` resolved to `src/index.ts`, under the project's strict
 * compiler options (unused names allowed: a snippet may declare something only to show it).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkRecord, createGame, RECORD_FORMAT, replayRecord } from '../../src/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const GUIDES = [
  'getting-started.md',
  'state-machine.md',
  'building-a-ui.md',
  'save-load-replay.md',
  'variants.md',
  'bots.md',
  'performance.md',
  'server.md',
  'env.md',
];

interface Snippet {
  readonly name: string;
  readonly file: string;
  readonly code: string;
}

function snippets(): Snippet[] {
  const out: Snippet[] = [];
  for (const guide of GUIDES) {
    const text = readFileSync(join(ROOT, 'docs', guide), 'utf8');
    const blocks = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)];
    blocks.forEach((m, i) => {
      const line = text.slice(0, m.index).split('\n').length;
      out.push({ name: `${guide}:${line}`, file: join(ROOT, 'docs', '.snippets', `${guide}-${i}.ts`), code: `${m[1]}\nexport {};\n` });
    });
  }
  return out;
}

function typeErrors(list: readonly Snippet[]): Map<string, string[]> {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (f) => ts.sys.readFile(f));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const options: ts.CompilerOptions = {
    ...parsed.options,
    noUnusedLocals: false,
    noUnusedParameters: false,
    noEmit: true,
    baseUrl: ROOT,
    paths: {
      'for-the-king-and-me': ['src/index.ts'],
      'for-the-king-and-me/bots': ['src/bots/index.ts'],
      'for-the-king-and-me/text': ['src/text/index.ts'],
      'for-the-king-and-me/sim': ['src/sim/index.ts'],
      'for-the-king-and-me/server': ['src/server/index.ts'],
      'for-the-king-and-me/client': ['src/client/index.ts'],
      'for-the-king-and-me/protocol': ['src/protocol/index.ts'],
      'for-the-king-and-me/env': ['src/env/index.ts'],
    },
  };
  const byFile = new Map(list.map((s) => [s.file, s.code]));
  const host = ts.createCompilerHost(options);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (f) => byFile.has(f) || fileExists(f);
  host.readFile = (f) => byFile.get(f) ?? readFile(f);
  host.getSourceFile = (f, lang, ...rest) => {
    const code = byFile.get(f);
    return code === undefined ? getSourceFile(f, lang, ...rest) : ts.createSourceFile(f, code, lang, true);
  };
  const program = ts.createProgram([...byFile.keys()], options, host);
  const errors = new Map<string, string[]>();
  for (const s of list) {
    const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(s.file));
    errors.set(
      s.file,
      diagnostics.map((d) => {
        const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
        return `line ${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      }),
    );
  }
  return errors;
}

describe('guide code blocks', () => {
  const list = snippets();

  it('every guide has code to check', () => {
    for (const guide of GUIDES) expect(list.some((s) => s.name.startsWith(`${guide}:`))).toBe(true);
  });

  it('every ```ts block type-checks against the real API', { timeout: 60_000 }, () => {
    const errors = typeErrors(list);
    const failures = list.flatMap((s) => (errors.get(s.file) ?? []).map((e) => `${s.name} ${e}`));
    expect(failures).toEqual([]);
  });
});

describe('guide JSON blocks', () => {
  it('every example game record replays, read exactly as the options say (no legacy reading)', () => {
    const records: string[] = [];
    for (const guide of GUIDES) {
      const text = readFileSync(join(ROOT, 'docs', guide), 'utf8');
      for (const m of text.matchAll(/^```json\n([\s\S]*?)^```$/gm)) {
        const block = m[1] as string;
        if (!block.includes(`"format": "${RECORD_FORMAT}"`)) continue;
        const record = checkRecord(JSON.parse(block));
        expect(replayRecord(record).moveCount, guide).toBe(record.actions.length);
        expect(record.options.variants, guide).toEqual(createGame(record.options).variants);
        records.push(guide);
      }
    }
    expect(records).toContain('save-load-replay.md');
  });
});
