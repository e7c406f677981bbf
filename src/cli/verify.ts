// The record verifier: `npm run verify -- record.json` or `npm run verify -- --server URL --game ID`.
// Checks a finished game's record offline (see verify-record.ts), prints the game trick by trick
// and what was checked, and exits 1 on any mismatch (2 on bad usage or an unreadable record).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createClient } from '@offiziersskat/client';
import { parseRecord, verifyRecord, type GameRecord } from '../record/index.ts';

const USAGE = 'usage: npm run verify -- record.json | npm run verify -- export.ndjson | npm run verify -- --server URL --game ID  [--quiet]';

function fail(message: string, code = 2): never {
  process.stderr.write(`verify: ${message}\n`);
  process.exit(code);
}

async function fetchRecord(server: string, gameId: string): Promise<GameRecord> {
  // The client package's typed fetch (openapi-fetch), without its layer: the answer is read as is.
  const { api } = createClient({ baseUrl: server.replace(/\/$/, ''), retry: false });
  const { data, error, response } = await api.GET('/v1/games/{gameId}/record', { params: { path: { gameId } } });
  if (!data) {
    const p = error as { code?: string; detail?: string } | undefined;
    fail(`GET /v1/games/${gameId}/record answered ${response.status}${p?.code ? ` ${p.code}` : ''}${p?.detail ? `: ${p.detail}` : ''}`);
  }
  // The same JSON the file form reads; the engine's types are the record's.
  return data as unknown as GameRecord;
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { server: { type: 'string' }, game: { type: 'string' }, quiet: { type: 'boolean', short: 'q' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    fail(`${(e as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return void process.stdout.write(`${USAGE}\n`);

  let record: GameRecord;
  if (values.server || values.game) {
    if (!values.server || !values.game || positionals.length) fail(USAGE);
    record = await fetchRecord(values.server, values.game);
  } else {
    if (positionals.length !== 1) fail(USAGE);
    let text: string;
    try {
      text = await readFile(positionals[0], 'utf8');
    } catch (e) {
      fail(`cannot read ${positionals[0]}: ${(e as Error).message}`);
    }
    try {
      record = parseRecord(text);
    } catch (e) {
      // Not one JSON document: an export (ndjson), one record a line?
      const lines = text.split('\n').filter((line) => line.trim() !== '');
      if (lines.length < 2) fail((e as Error).message);
      return verifyLines(lines, values.quiet ?? false);
    }
  }

  const v = verifyRecord(record);
  const out: string[] = [];
  if (!values.quiet) out.push(...v.account, '');
  for (const p of v.passed) out.push(`ok    ${p}`);
  for (const p of v.problems) out.push(`FAIL  ${p}`);
  out.push(v.ok ? `record ${record.id}: verified` : `record ${record.id}: ${v.problems.length} problem(s)`);
  process.stdout.write(`${out.join('\n')}\n`);
  if (!v.ok) process.exitCode = 1;
}

/**
 * An export (GET …/games/export): every line's record verified, one line of output each (the
 * whole account of a game only without --quiet); exit 1 when any fails.
 */
function verifyLines(lines: string[], quiet: boolean): void {
  let failed = 0;
  lines.forEach((line, i) => {
    let record: GameRecord;
    try {
      record = parseRecord(line);
    } catch (e) {
      failed++;
      process.stdout.write(`line ${i + 1}: FAIL  ${(e as Error).message}\n`);
      return;
    }
    const v = verifyRecord(record);
    const out: string[] = [];
    if (!quiet) out.push(...v.account, '');
    for (const p of v.problems) out.push(`FAIL  ${p}`);
    out.push(v.ok ? `line ${i + 1}: record ${record.id}: verified` : `line ${i + 1}: record ${record.id}: ${v.problems.length} problem(s)`);
    process.stdout.write(`${out.join('\n')}\n`);
    if (!v.ok) failed++;
  });
  process.stdout.write(failed === 0 ? `${lines.length} records: all verified\n` : `${lines.length} records: ${failed} failed\n`);
  if (failed > 0) process.exitCode = 1;
}

main().catch((e) => fail(e instanceof Error ? `${e.message}${e.cause instanceof Error ? `: ${e.cause.message}` : ''}` : String(e)));
