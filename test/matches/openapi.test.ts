// The match, deadline and rematch routes are in the OpenAPI document, with their problems (429: the
// rate limits of every /v1 call).
import { describe, expect, it } from 'vitest';
import { renderOpenApi } from '../../src/app/spec.ts';

type Op = { responses: Record<string, { content?: Record<string, unknown> }>; tags?: string[] };
const doc = JSON.parse(renderOpenApi()) as { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, unknown> } };

// Every /v1 call may answer 503 (the database unavailable, the process shutting down), and node's
// 408 and 431 (the request's head late or too large).
const ROUTES: [string, string, number[]][] = [
  // 403: a token of scope read (INSUFFICIENT_SCOPE) on a write.
  ['post', '/v1/matches', [201, 400, 401, 403, 408, 409, 413, 415, 422, 429, 431, 503]],
  ['get', '/v1/matches/{matchId}', [200, 400, 401, 404, 408, 429, 431, 503]],
  ['post', '/v1/matches/{matchId}/join', [200, 400, 401, 403, 404, 408, 409, 413, 415, 422, 429, 431, 503]],
  ['get', '/v1/matches/{matchId}/events', [200, 400, 401, 404, 408, 429, 431, 503]],
  ['get', '/v1/matches/{matchId}/stream', [200, 400, 401, 404, 408, 429, 431, 503]],
  ['post', '/v1/games/{gameId}/claim-timeout', [200, 400, 401, 403, 404, 408, 409, 413, 415, 422, 429, 431, 503]],
  ['post', '/v1/games/{gameId}/rematch', [200, 201, 400, 401, 403, 404, 408, 409, 413, 415, 422, 429, 431, 503]],
];

describe('the OpenAPI document', () => {
  it.each(ROUTES)('has %s %s with its answers, problems as problem+json', (method, path, statuses) => {
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeDefined();
    expect(Object.keys(op.responses).map(Number).sort((a, b) => a - b)).toEqual(statuses);
    for (const s of statuses.filter((s) => s >= 400)) expect(Object.keys(op.responses[s].content ?? {})).toEqual(['application/problem+json']);
  });

  it('documents the problem codes of a timeout claim, the sheet and the deadline', () => {
    const claim = doc.paths['/v1/games/{gameId}/claim-timeout'].post as Op & { responses: Record<string, { description: string }> };
    for (const code of ['NO_DEADLINE', 'DEADLINE_NOT_REACHED', 'YOUR_TURN'])
      expect((claim.responses[422] as unknown as { description: string }).description).toContain(code);
    expect(doc.components.schemas).toHaveProperty('Match');
    expect(doc.components.schemas).toHaveProperty('SheetRow');
    expect(doc.components.schemas).toHaveProperty('MatchEvent');
    expect(JSON.stringify(doc.components.schemas.GameView)).toContain('deadline');
    expect(JSON.stringify(doc.components.schemas.CreateGame)).toContain('turnSeconds');
  });
});
