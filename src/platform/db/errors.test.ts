// What a log line may say of an internal error: the innermost cause by name, code and message,
// scrubbed of parameters, tokens, long hex strings and cards like the message itself.
import { describe, expect, it } from 'vitest';
import { scrubbedMessage } from './errors.ts';

const token = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJhbm5hIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

describe('scrubbedMessage', () => {
  it('names a database error by its SQLSTATE and constraint only', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', constraint_name: 'players_name_key' });
    const wrapped = new Error('Failed query: insert into "players" ... \nparams: Anna,SA', { cause: driver });
    expect(scrubbedMessage(wrapped)).toBe('database error 23505 on players_name_key');
  });

  it('adds the innermost cause of a failed query that has no SQLSTATE, scrubbed', () => {
    const inner = Object.assign(new TypeError(`Cannot read properties of undefined (reading 'SA') near ${token}`), { code: 'UNDEFINED_VALUE' });
    const middle = new Error('driver failed', { cause: inner });
    const wrapped = new Error(`Failed query: select "id" from "players" where "players"."id" = $1\nparams: ${token},HT,${'ab'.repeat(20)}`, { cause: middle });
    const line = scrubbedMessage(wrapped);
    expect(line).toContain('Failed query: select "id" from "players" where "players"."id" = $1\nparams: (not logged)');
    expect(line).toContain("(cause: TypeError UNDEFINED_VALUE: Cannot read properties of undefined (reading '??') near (token))");
    expect(line).not.toContain(token);
    expect(line).not.toMatch(/\bHT\b|\bSA\b|abab/);
  });

  it('says nothing more of an error without a cause', () => {
    expect(scrubbedMessage(new Error(`boom ${token} D7`))).toBe('boom (token) ??');
  });
});
