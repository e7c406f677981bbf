// The spec check sees every answer: the document's objects are closed (an undocumented field is a
// mismatch), and a service run with VALIDATE_RESPONSES=1 reports an answer or a stream message
// with one, whatever the client (here raw node:http, which no test helper checks).
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMessage, reportMismatch, validatingResponses } from '../../src/platform/http/answer-validation.ts';
import { closeSchemas } from '../../src/platform/http/closed-schemas.ts';
import { schemaErrors, takeMismatches } from '../support/openapi.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

/** A GET over plain node:http (no checking client): status and body. */
function rawGet(url: string, headers: Record<string, string> = {}, until?: (body: string) => boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (until?.(body)) {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('closed schemas', () => {
  it('closes objects, keeps a schema that states additionalProperties, and merges an allOf extension', () => {
    const doc = {
      components: {
        schemas: {
          Base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          Open: { type: 'object', properties: { kty: { type: 'string' } }, additionalProperties: {} },
          Entry: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { kind: { type: 'string' } }, required: ['kind'] }] },
          Described: { allOf: [{ $ref: '#/components/schemas/Open' }, { description: 'why' }] },
          Holder: { type: 'object', properties: { base: { $ref: '#/components/schemas/Base' } } },
        },
      },
    };
    const closed = closeSchemas(doc).components.schemas as Record<string, Record<string, unknown>>;
    expect(closed.Base.additionalProperties).toBe(false);
    expect(closed.Open.additionalProperties).toEqual({});
    expect(closed.Entry).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, kind: { type: 'string' } },
      required: ['id', 'kind'],
      additionalProperties: false,
    });
    expect(closed.Described.allOf).toBeDefined();
    expect(closed.Holder.additionalProperties).toBe(false);
    // The argument is left as it was.
    expect(doc.components.schemas.Base).not.toHaveProperty('additionalProperties');
  });

  it('refuses a documented answer with one field more (a GameView with the opponent’s hand)', async () => {
    const service = await startTestService();
    try {
      const { gameId, forehand } = await new Client(service.http).startedGame();
      const view = (await service.http.get(`/v1/games/${gameId}`).set(forehand.auth).expect(200)).body as Record<string, unknown>;
      expect(schemaErrors('/components/schemas/GameView', view)).toBeNull();
      expect(schemaErrors('/components/schemas/GameView', { ...view, opponentHand: ['CJ'] })).toMatch(/additional properties/);
    } finally {
      await service.close();
    }
  });
});

describe('VALIDATE_RESPONSES=1', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it('is on in this test run (the vitest configs set it)', () => {
    expect(validatingResponses()).toBe(true);
    expect(process.env.VALIDATE_RESPONSES_REPORT).toBeTruthy();
  });

  it('reports an answer with a planted field, to a client nothing else checks', async () => {
    const { gameId, forehand } = await new Client(service.http).startedGame();
    const games = service.deps.games;
    const view = games.view.bind(games);
    games.view = async (...args) => ({ ...(await view(...args)), opponentHand: ['CJ', 'SJ'] });
    try {
      const res = await rawGet(`${service.url}/v1/games/${gameId}`, forehand.auth);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toHaveProperty('opponentHand');
    } finally {
      games.view = view;
    }
    const reported = takeMismatches();
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatch(/^\(reported by the service\) GET \/v1\/games\/[^ ]+ → 200/);
    expect(reported[0]).toMatch(/must NOT have additional properties/);
    expect(reported[0]).toContain('opponentHand');
  });

  it('reports a stream message with a planted field', async () => {
    const { gameId, forehand } = await new Client(service.http).startedGame();
    const games = service.deps.games;
    const feed = games.feed.bind(games);
    games.feed = async (...args) => {
      const f = await feed(...args);
      return {
        next: async () => {
          const { items, version } = await f.next();
          return { items: items.map((i) => ({ ...i, payload: { ...(i.payload as object), opponentHand: ['CJ'] } })), version };
        },
        waitPast: (...w) => f.waitPast(...w),
      };
    };
    try {
      const res = await rawGet(`${service.url}/v1/games/${gameId}/stream`, { ...forehand.auth, Accept: 'text/event-stream' }, (body) => body.includes('opponentHand'));
      expect(res.status).toBe(200);
    } finally {
      games.feed = feed;
    }
    const reported = takeMismatches();
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.every((r) => r.startsWith('(reported by the service) GET /v1/games/') && r.includes('opponentHand'))).toBe(true);
  });

  it('reads stream messages as a client does, skipping comments and retry hints', () => {
    expect(parseMessage('id: 3\nevent: played\ndata: {"a":1}')).toEqual({ id: '3', event: 'played', data: '{"a":1}' });
    expect(parseMessage('data: [1,\ndata: 2]')).toEqual({ data: '[1,\n2]' });
    expect(parseMessage(': heartbeat')).toBeNull();
    expect(parseMessage('retry: 1000\n: shutting down')).toBeNull();
  });

  it('appends each report to the file the environment names, one JSON line each', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'answers-')), 'report.log');
    reportMismatch('first\nsecond line', { VALIDATE_RESPONSES_REPORT: file });
    reportMismatch('another', { VALIDATE_RESPONSES_REPORT: file });
    expect(readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l))).toEqual(['first\nsecond line', 'another']);
  });
});
