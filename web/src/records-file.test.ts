import { describe, expect, it } from 'vitest';
import { parseRecords } from './records-file.ts';

const record = (id: string) => ({ id, config: { variant: 'classic' }, serverSeed: '', seedCommitment: '', cut: 7, players: { forehand: null, dealer: null }, events: [], result: null });

describe('a file of game records', () => {
  it('takes one record, pretty-printed or not', () => {
    expect(parseRecords(JSON.stringify(record('a'), null, 2)).map((r) => r.id)).toEqual(['a']);
    expect(parseRecords(JSON.stringify(record('a'))).map((r) => r.id)).toEqual(['a']);
  });

  it('takes many, one a line (the export), blank lines and a last newline skipped', () => {
    const ndjson = `${JSON.stringify(record('a'))}\n${JSON.stringify(record('b'))}\r\n\n${JSON.stringify(record('c'))}\n`;
    expect(parseRecords(ndjson).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('names the line that is no record', () => {
    expect(() => parseRecords(`${JSON.stringify(record('a'))}\n{"no": "record"}\n`)).toThrow(/line 2: no config and events/);
    expect(() => parseRecords(`${JSON.stringify(record('a'))}\nnot json`)).toThrow(/line 2: the record is not valid JSON/);
    expect(() => parseRecords('')).toThrow(/no config and events/);
  });
});
