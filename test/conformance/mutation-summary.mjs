// Summarises StrykerJS JSON reports: the mutation score per file and in all, and every
// surviving mutant with its place and replacement (to review for equivalence).
//
//   node test/conformance/mutation-summary.mjs [--merge out.json] [report.json ...]
//
// (default report: reports/mutation/mutation.json). Several reports (for example one per source
// file, from runs with `--mutate`) are summarised together; `--merge out.json` also writes them
// as one report, for `test/conformance/verify-survivors.ts`.
// The score is Stryker's: (killed + timed out) / (killed + timed out + survived + no coverage).
import { readFileSync, writeFileSync } from 'node:fs';

const files = process.argv.slice(2);
const mergeAt = files.indexOf('--merge');
const mergeTo = mergeAt >= 0 ? files.splice(mergeAt, 2)[1] : undefined;
const merged = { schemaVersion: '1', thresholds: { high: 90, low: 85 }, files: {} };
if (files.length === 0) files.push('reports/mutation/mutation.json');

const rows = new Map();
const survivors = [];
for (const file of files) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  Object.assign(merged.files, report.files);
  for (const [path, { mutants, source }] of Object.entries(report.files)) {
    const row = rows.get(path) ?? { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, other: 0 };
    rows.set(path, row);
    const lines = source.split('\n');
    for (const m of mutants) {
      if (m.status in row) row[m.status] += 1;
      else row.other += 1;
      if (m.status === 'Survived' || m.status === 'NoCoverage') {
        const { start, end } = m.location;
        const at = `${path}:${start.line}:${start.column}`;
        const line = lines[start.line - 1] ?? '';
        const code = line.trim();
        // The replaced text itself when it fits on its line (a whole line can hold several mutants).
        const span = start.line === end.line ? line.slice(start.column - 1, end.column - 1) : '';
        survivors.push({ at, status: m.status, mutator: m.mutatorName, replacement: m.replacement ?? '', code, span });
      }
    }
  }
}

const score = (r) => {
  const detected = r.Killed + r.Timeout;
  const valid = detected + r.Survived + r.NoCoverage;
  return valid === 0 ? 100 : (100 * detected) / valid;
};
const total = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, other: 0 };
console.log('| file | score | killed | timed out | survived | no coverage | errors |');
console.log('|---|---|---|---|---|---|---|');
for (const [path, r] of [...rows].sort((a, b) => a[0].localeCompare(b[0]))) {
  for (const k of Object.keys(total)) total[k] += r[k];
  console.log(`| \`${path}\` | ${score(r).toFixed(1)}% | ${r.Killed} | ${r.Timeout} | ${r.Survived} | ${r.NoCoverage} | ${r.other} |`);
}
console.log(
  `| **all** | **${score(total).toFixed(2)}%** | ${total.Killed} | ${total.Timeout} | ${total.Survived} | ${total.NoCoverage} | ${total.other} |`,
);
if (mergeTo) writeFileSync(mergeTo, JSON.stringify(merged));
console.log(`\n${survivors.length} surviving mutants:`);
for (const s of survivors)
  console.log(
    `- ${s.at} ${s.status} ${s.mutator}: ${s.span ? `\`${s.span.slice(0, 60)}\` → ` : ''}\`${s.replacement.replace(/\s+/g, ' ').slice(0, 80)}\`  in  \`${s.code.slice(0, 100)}\``,
  );
