/**
 * The package's versioned contracts that a type report cannot show, as one Markdown page
 * (`docs/api-reports/contracts.md`): the format versions, the action ids, the observation layout,
 * and fingerprints of a save and a record of one fixed game. `test/api/report.mjs` compares the
 * page with the build, so a change to any of them shows up in review like an API change.
 * docs/stability.md says how each one may change.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The report's text, from the built entries under `root/dist`. */
export async function contractsReport(root) {
  const load = (entry) => import(pathToFileURL(join(root, 'dist', `${entry}.js`)).href);
  const core = await load('index');
  const env = await load('env');
  const protocol = await load('protocol');
  const server = await load('server');
  const sha = (value) =>
    createHash('sha256')
      .update(typeof value === 'string' ? value : JSON.stringify(value))
      .digest('hex')
      .slice(0, 16);
  const lines = [
    '# Versioned contracts',
    '',
    '> Written by `npm run api:update` (test/api/contracts.mjs) from the build. A difference here is a change to',
    '> a contract that docs/stability.md versions: review it like an API change.',
    '',
    '## Format versions',
    '',
    '| contract | value |',
    '|---|---|',
    `| save (\`SAVE_FORMAT\`, \`SAVE_VERSION\`) | \`${core.SAVE_FORMAT}\` version ${core.SAVE_VERSION} |`,
    `| game record (\`RECORD_FORMAT\`, \`RECORD_VERSION\`) | \`${core.RECORD_FORMAT}\` version ${core.RECORD_VERSION} |`,
    `| match-host protocol (\`PROTOCOL_VERSION\`) | ${protocol.PROTOCOL_VERSION} |`,
    `| PostgreSQL schema (\`POSTGRES_SCHEMA_VERSION\`) | ${server.POSTGRES_SCHEMA_VERSION} |`,
    `| card catalogue (\`CARDS\`, ids in order) | ${core.CARDS.length} cards, sha256 \`${sha(core.CARDS.map((c) => c.id))}\` |`,
    '',
    '## Action ids',
    '',
    `\`ACTION_IDS_PER_PLAYER\` = ${core.ACTION_IDS_PER_PLAYER}. Each row fingerprints the whole table \`id → actionFromId(id, players)\`.`,
    '',
    '| players | `actionIdCount` | sha256 of the table |',
    '|---|---|---|',
  ];
  for (const players of core.PLAYER_COUNTS) {
    const count = core.actionIdCount(players);
    const table = Array.from({ length: count }, (_, id) => core.actionFromId(id, players));
    lines.push(`| ${players} | ${count} | \`${sha(table)}\` |`);
  }
  lines.push('', '## Observation layout (`observationLayout`, `OBSERVATION_SIZE`)', '');
  for (const players of core.PLAYER_COUNTS) {
    lines.push(`### ${players} players: ${env.OBSERVATION_SIZE[players]} numbers`, '', '| group | offset | size |', '|---|---|---|');
    for (const g of env.observationLayout(players)) lines.push(`| \`${g.name}\` | ${g.offset} | ${g.size} |`);
    lines.push('');
  }
  lines.push(
    '## A fixed game',
    '',
    'Four players, seed `contracts`, the first legal action at every step: the fingerprints of its save after',
    'ten actions (`serialize`), of its final record (`makeRecord`) and of its score.',
    '',
  );
  let state = core.createGame({ players: 4, seed: 'contracts' });
  const actions = [];
  let save = '';
  while (!core.isGameOver(state)) {
    const action = core.legalActions(state)[0];
    actions.push(action);
    state = core.apply(state, action);
    if (actions.length === 10) save = core.serialize(state);
  }
  const record = core.makeRecord({ players: 4, seed: 'contracts' }, actions);
  lines.push(
    '| what | sha256 |',
    '|---|---|',
    `| save after 10 actions | \`${sha(save)}\` |`,
    `| record (${actions.length} actions) | \`${sha(record)}\` |`,
    `| score | \`${sha(core.score(state))}\` |`,
    '',
  );
  return lines.join('\n');
}
