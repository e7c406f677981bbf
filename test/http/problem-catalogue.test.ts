// The one problem catalogue, composed by the app from the platform's codes and each feature's
// refusals (src/<feature>/refusals.ts): every code once, in the document's order.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { composeProblems, PROBLEMS } from '../../src/app/problems.ts';
import { GAME_REFUSALS } from '../../src/games/index.ts';
import { PLATFORM_PROBLEMS, problemOf } from '../../src/platform/http/problems.ts';
import { SEEK_REFUSALS } from '../../src/seeks/index.ts';

const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));

describe('the problem catalogue', () => {
  it('refuses a code declared twice, naming both owners', () => {
    const planted = { SEEK_NOT_FOUND: { status: 404, rank: 1, description: 'declared by seeks already' } } as const;
    expect(() => composeProblems({ seeks: SEEK_REFUSALS, tournaments: planted })).toThrow('SEEK_NOT_FOUND is declared twice: by seeks and by tournaments');
    const platformCode = { SHUTTING_DOWN: { status: 503, rank: 9, description: 'the platform says it' } } as const;
    expect(() => composeProblems({ platform: PLATFORM_PROBLEMS, games: platformCode })).toThrow('SHUTTING_DOWN is declared twice: by platform and by games');
  });

  it('orders the codes by status, then rank, then code', () => {
    const composed = composeProblems({
      a: { B: { status: 422, rank: 1, description: '' }, Z: { status: 404, rank: 2, description: '' } },
      b: { A: { status: 422, rank: 1, description: '' }, Y: { status: 404, rank: 1, description: '' } },
    });
    expect(Object.keys(composed)).toEqual(['Y', 'Z', 'A', 'B']);
  });

  it('is what the document lists as ProblemCode, in its order, and what the edge answers with', () => {
    expect(doc.components.schemas.ProblemCode.enum).toEqual(Object.keys(PROBLEMS));
    expect(problemOf('GAME_NOT_FOUND')).toBe(GAME_REFUSALS.GAME_NOT_FOUND);
    expect(problemOf('SHUTTING_DOWN')).toBe(PLATFORM_PROBLEMS.SHUTTING_DOWN);
  });
});
