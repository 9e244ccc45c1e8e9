#!/usr/bin/env node
/**
 * Public API reports: one `docs/api-reports/<entry>.api.md` per entry point of the package,
 * written by `@microsoft/api-extractor` from the built declarations (`dist/*.d.ts`).
 *
 *   node test/api/report.mjs           check: fails (exit 1) when an entry's API differs from its
 *                                      committed report, printing the difference
 *   node test/api/report.mjs --update  rewrite the reports after an intended API change
 *
 * Run `npm run build` first (`npm run api` and `npm run api:update` do). A reviewer reads the
 * reports' diff to see what a change does to the public API; docs/stability.md says how each
 * kind of change is versioned.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { contractsReport } from './contracts.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REPORTS = join(ROOT, 'docs/api-reports');
const TEMP = join(ROOT, '.api-temp');
const update = process.argv.includes('--update');

/** The package's entry points (package.json `exports`), each by its declaration file in `dist/`. */
function entries() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const out = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object' || !target.import?.types) continue;
    const name = subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '-');
    out.push({ name, subpath, dts: join(ROOT, target.import.types) });
  }
  return out;
}

async function run() {
  mkdirSync(REPORTS, { recursive: true });
  rmSync(TEMP, { recursive: true, force: true });
  mkdirSync(TEMP, { recursive: true });
  const changed = [];
  const missing = [];
  for (const entry of entries()) {
    if (!existsSync(entry.dts)) throw new Error(`${entry.dts} is missing: run \`npm run build\` first`);
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: ROOT,
        mainEntryPointFilePath: entry.dts,
        compiler: {
          tsconfigFilePath: join(ROOT, 'tsconfig.json'),
          overrideTsconfig: {
            compilerOptions: { strict: true, skipLibCheck: true, lib: ['es2022', 'dom'], types: ['node'] },
            include: [entry.dts],
          },
        },
        apiReport: {
          enabled: true,
          reportFileName: `${entry.name}.api.md`,
          reportFolder: REPORTS,
          reportTempFolder: TEMP,
          includeForgottenExports: false,
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        newlineKind: 'lf',
        messages: {
          compilerMessageReporting: { default: { logLevel: 'warning' } },
          extractorMessageReporting: {
            default: { logLevel: 'none' },
            'ae-missing-release-tag': { logLevel: 'none' },
            'ae-forgotten-export': { logLevel: 'none' },
          },
          tsdocMessageReporting: { default: { logLevel: 'none' } },
        },
      },
      configObjectFullPath: join(ROOT, 'api-extractor.json'),
      packageJsonFullPath: join(ROOT, 'package.json'),
    });
    const committed = join(REPORTS, `${entry.name}.api.md`);
    if (!update && !existsSync(committed)) {
      missing.push(entry);
      continue;
    }
    const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false, messageCallback: quiet });
    if (!result.succeeded || result.apiReportChanged) changed.push(entry);
  }
  const contractsFile = join(REPORTS, 'contracts.md');
  const contracts = await contractsReport(ROOT);
  const contractsBefore = existsSync(contractsFile) ? readFileSync(contractsFile, 'utf8') : '';
  if (contracts !== contractsBefore) {
    if (update) writeFileSync(contractsFile, contracts);
    changed.push({ name: 'contracts', subpath: 'contracts', before: contractsBefore, after: contracts });
  }
  for (const entry of missing)
    console.error(
      `The entry '${entry.subpath}' has no report: run \`npm run api:update\` and commit docs/api-reports/${entry.name}.api.md.`,
    );
  if (changed.length === 0 && missing.length === 0) {
    rmSync(TEMP, { recursive: true, force: true });
    console.log(update ? 'API reports are up to date.' : 'API reports match the build.');
    return 0;
  }
  if (update) {
    rmSync(TEMP, { recursive: true, force: true });
    console.log(
      `Rewrote ${changed.map((e) => `docs/api-reports/${e.name === 'contracts' ? 'contracts.md' : `${e.name}.api.md`}`).join(', ')}: review the diff and commit it.`,
    );
    return 0;
  }
  for (const entry of changed) {
    if (entry.after !== undefined) {
      console.error(
        '\nA versioned contract changed (docs/api-reports/contracts.md: formats, action ids, observation layout, a fixed game):',
      );
      console.error(diff(entry.before, entry.after));
      continue;
    }
    const fresh = join(TEMP, `${entry.name}.api.md`);
    console.error(
      `\nThe public API of '${entry.subpath === '.' ? 'for-the-king-and-me' : `for-the-king-and-me${entry.subpath.slice(1)}`}' changed:`,
    );
    if (existsSync(fresh)) console.error(diff(readFileSync(join(REPORTS, `${entry.name}.api.md`), 'utf8'), readFileSync(fresh, 'utf8')));
  }
  console.error(
    '\nIf the change is intended, run `npm run api:update`, commit docs/api-reports/, and version it as docs/stability.md says.',
  );
  return 1;
}

/** api-extractor's own console lines, except warnings and errors, are noise here. */
function quiet(message) {
  if (message.logLevel === 'warning' || message.logLevel === 'error') return;
  message.handled = true;
}

/** A short line diff (no dependency): lines only in the committed report (-) and only in the new one (+). */
function diff(before, after) {
  const a = before.split('\n');
  const b = after.split('\n');
  const inA = new Set(a);
  const inB = new Set(b);
  const lines = [...a.filter((l) => !inB.has(l)).map((l) => `- ${l}`), ...b.filter((l) => !inA.has(l)).map((l) => `+ ${l}`)];
  return lines.length > 80 ? [...lines.slice(0, 80), `… and ${lines.length - 80} more lines`].join('\n') : lines.join('\n');
}

process.exitCode = await run();
