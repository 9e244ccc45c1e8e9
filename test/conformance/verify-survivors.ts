/**
 * Re-checks Stryker's surviving mutants by hand, one at a time, outside Stryker:
 *
 *   npx tsx test/conformance/verify-survivors.ts [reports/mutation/mutation.json] [file-filter]
 *
 * Stryker 9 with vitest 4.1 is known to report some mutants as survivors when tests do fail
 * on them, so a survivor counts as killed in docs/conformance.md only once a run here kills it. For each mutant
 * reported `Survived` (in files whose path contains the filter, if given), the script copies the
 * project to a temporary folder once, writes the mutated source file there (the source recorded
 * in the report, so it matches the run), runs the mutation test configuration with `--bail 1`,
 * and restores the file. A run that takes longer than `VERIFY_TIMEOUT_MS` (default 180 s) is
 * stopped and the mutant counts as detected, as a Stryker timeout does. It prints one line per
 * mutant and writes the verdicts as JSON next to the report (`survivors-verified.json`).
 *
 * `VERIFY_TESTS` (test file filters, space-separated, for example
 * `VERIFY_TESTS=test/saves/save-consistency`) runs only those files: a quick first pass. A mutant
 * such a pass kills is killed by the whole suite too; one it does not kill needs a run without it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

interface Position {
  line: number;
  column: number;
}
interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: Position; end: Position };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const reportPath = resolve(process.argv[2] ?? join(ROOT, 'reports/mutation/mutation.json'));
const filter = process.argv[3] ?? '';
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;

/** Character offset of a 1-based line and column in `text`. */
function offset(text: string, p: Position): number {
  let at = 0;
  for (let line = 1; line < p.line; line++) at = text.indexOf('\n', at) + 1;
  return at + p.column - 1;
}

/**
 * The source with the mutant in place. Stryker replaces a syntax node, so an expression's
 * replacement is parenthesized to keep its grouping (`a && b && c` → `(a || b) && c`); blocks and
 * switch cases are put in as they are.
 */
function mutate(source: string, m: Mutant): string {
  const text = m.replacement ?? '';
  const statement = m.mutatorName === 'BlockStatement' || /^(case\b|default\b|\{)/.test(text) || text === '';
  const put = statement ? text : `(${text})`;
  return source.slice(0, offset(source, m.location.start)) + put + source.slice(offset(source, m.location.end));
}

/** How long one run of the suite may take before the mutant counts as detected (hung). */
const TIMEOUT_MS = Number(process.env.VERIFY_TIMEOUT_MS ?? 180_000);

/**
 * Stops what is left of a run's process group: on a timeout only the first process is killed,
 * and vitest's test workers (which a hung mutant keeps busy) would otherwise run on.
 */
function stopGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group has already exited.
  }
}

/** Test file filters of a quick first pass (all test files when unset). */
const ONLY = (process.env.VERIFY_TESTS ?? '').split(/\s+/).filter((x) => x !== '');

const SKIP = new Set(['node_modules', '.git', 'reports', '.stryker-tmp', 'dist', 'coverage']);
const sandbox = mkdtempSync(join(tmpdir(), 'ftk-verify-'));
cpSync(ROOT, sandbox, { recursive: true, filter: (src) => !SKIP.has(src.slice(ROOT.length + 1).split('/')[0] ?? '') });
symlinkSync(join(ROOT, 'node_modules'), join(sandbox, 'node_modules'));

const verdicts: { id: string; file: string; line: number; mutator: string; replacement: string; killed: boolean; by: string }[] = [];
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  if (!file.includes(filter)) continue;
  const target = join(sandbox, file);
  if (!existsSync(target)) continue;
  const original = readFileSync(target, 'utf8');
  for (const m of mutants.filter((x) => x.status === 'Survived')) {
    writeFileSync(target, mutate(source, m));
    // `setsid`: the run gets its own process group, so that its test workers can be stopped too.
    const run = spawnSync(
      'setsid',
      ['npx', 'vitest', 'run', '--config', 'test/conformance/vitest.mutation.config.ts', '--bail', '1', '--reporter', 'dot', ...ONLY],
      {
        cwd: sandbox,
        env: { ...process.env, CONFORMANCE_RUNS: process.env.CONFORMANCE_RUNS ?? '20', NO_COLOR: '1', FORCE_COLOR: '0' },
        encoding: 'utf8',
        // A mutant that hangs the suite (an endless loop) is detected, as Stryker counts a timeout.
        timeout: TIMEOUT_MS,
        killSignal: 'SIGKILL',
      },
    );
    stopGroup(run.pid);
    const record = (label: string, killed: boolean, by: string): void => {
      const line = m.location.start.line;
      verdicts.push({ id: m.id, file, line, mutator: m.mutatorName, replacement: m.replacement ?? '', killed, by });
      console.log(`${label.padEnd(8)} #${m.id} ${file}:${line} ${m.mutatorName} ${JSON.stringify(m.replacement)} ${by}`);
    };
    if (run.error && (run.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') {
      record('TIMEOUT', true, 'timeout');
      continue;
    }
    const output = run.stdout + run.stderr;
    const failed = /FAIL\s+(\S+)/.exec(output);
    if (/Transform failed|SyntaxError|Unexpected token/.test(output)) {
      console.log(`ERROR    #${m.id} ${file}:${m.location.start.line}: the mutated source does not compile; check it by hand`);
      continue;
    }
    const killed = run.status !== 0;
    record(killed ? 'KILLED' : 'SURVIVED', killed, failed?.[1] ?? '');
  }
  writeFileSync(target, original);
}
writeFileSync(join(dirname(reportPath), 'survivors-verified.json'), JSON.stringify(verdicts, null, 2));
rmSync(sandbox, { recursive: true, force: true });
console.log(`${verdicts.filter((v) => v.killed).length} of ${verdicts.length} survivors are killed when run by hand`);
