// A file of game records, as /replay takes it: one record (GET /v1/games/{id}/record) or many, one
// a line (ndjson, the player page's own download, GET /v1/players/{id}/games/export). Blank lines
// are skipped; a line that is no record is named by its number.
import { parseRecord, type GameRecord } from '../../src/record/index.ts';

const isRecord = (r: unknown): r is GameRecord => {
  const o = r as GameRecord | null;
  return Boolean(o) && typeof o === 'object' && Array.isArray(o!.events) && Boolean(o!.config);
};

export function parseRecords(text: string): GameRecord[] {
  // A whole file first: a single record, pretty-printed over many lines, is one.
  try {
    const whole = parseRecord(text);
    if (isRecord(whole)) return [whole];
  } catch {
    // many records, one a line
  }
  const records: GameRecord[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    let record: unknown;
    try {
      record = parseRecord(line);
    } catch (e) {
      throw new Error(`line ${i + 1}: ${(e as Error).message}`);
    }
    if (!isRecord(record)) throw new Error(`line ${i + 1}: no config and events`);
    records.push(record);
  });
  if (records.length === 0) throw new Error('no config and events');
  return records;
}
