// The document says what the service refuses: every integer a request may carry has its bounds in
// openapi/openapi.json, ratingRange is two items, and the service refuses exactly outside them
// (400 VALIDATION_FAILED) while the edges pass the schema. And a path the document names
// literally (the exports) takes only its own methods: 405, never another operation's answer.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

type Schema = Record<string, unknown>;
const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};
const component = (name: string) => doc.components.schemas[name] as { properties: Record<string, Schema> };

/** Every integer schema reachable from `schema` (through $ref, properties, items, unions), by where it is. */
function integers(schema: unknown, where: string, seen = new Set<string>()): [string, Schema][] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    if (seen.has(s.$ref)) return [];
    const name = s.$ref.split('/').at(-1) as string;
    return integers(doc.components.schemas[name], name, new Set([...seen, s.$ref]));
  }
  const type = s.type;
  const own: [string, Schema][] = type === 'integer' || (Array.isArray(type) && type.includes('integer')) ? [[where, s]] : [];
  const nested = [
    ...Object.entries((s.properties as Record<string, unknown>) ?? {}).flatMap(([k, v]) => integers(v, `${where}.${k}`, seen)),
    ...integers(s.items, `${where}[]`, seen),
    ...['oneOf', 'anyOf', 'allOf'].flatMap((k) => ((s[k] as unknown[]) ?? []).flatMap((v) => integers(v, where, seen))),
  ];
  return [...own, ...nested];
}

describe('the committed document', () => {
  it('bounds every integer a request carries, in parameters and bodies', () => {
    const unbounded: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        const found = [
          ...(op.parameters ?? []).flatMap((p) => integers(p.schema, `${method.toUpperCase()} ${path} ${p.in} ${p.name}`)),
          ...Object.values(op.requestBody?.content ?? {}).flatMap((c) => integers(c.schema, `${method.toUpperCase()} ${path} body`)),
        ];
        for (const [where, s] of found) if (typeof s.minimum !== 'number' || typeof s.maximum !== 'number') unbounded.push(where);
      }
    expect(unbounded).toEqual([]);
  });

  it('says what the moves and seeks take: the cut, the bid, expectedVersion, ratingRange', () => {
    expect(component('CutMove').properties.at).toMatchObject({ type: 'integer', minimum: 4, maximum: 28 });
    expect(component('BidMove').properties.value).toMatchObject({ type: 'integer', minimum: 18, maximum: 264 });
    expect(component('MoveRequest').properties.expectedVersion).toMatchObject({ type: 'integer', minimum: 0, maximum: 999_999_999 });
    expect(component('CreateSeek').properties.ratingRange).toMatchObject({ type: 'array', minItems: 2, maxItems: 2, items: { minimum: 0, maximum: 4000 } });
  });
});

describe('the service', () => {
  let service: TestService;
  let client: Client;
  beforeAll(async () => {
    service = await startTestService();
    client = new Client(service.http);
  });
  afterAll(() => service?.close());

  /** The field paths of a 400 VALIDATION_FAILED, or null for any other answer. */
  const refused = (res: { status: number; body: { code?: string; errors?: { path: string }[] } }) =>
    res.status === 400 && res.body.code === 'VALIDATION_FAILED' ? (res.body.errors ?? []).map((e) => e.path) : null;

  it('refuses a cut, a bid and an expectedVersion just outside their bounds, and takes the edges to the rules', async () => {
    // The dealer at a game being cut: whatever passes the schema is refused by the rules (422), nothing is played.
    const game = await client.startedGame();
    const move = (body: Record<string, unknown>) => service.http.post(`/v1/games/${game.gameId}/moves`).set(game.dealer.auth).send(body);
    for (const at of [3, 29, -1, 1_000_000]) expect(refused(await move({ move: { type: 'cut', at } })), `cut ${at}`).toEqual(['move.at']);
    for (const value of [17, 265, 0]) expect(refused(await move({ move: { type: 'bid', value } })), `bid ${value}`).toEqual(['move.value']);
    expect(refused(await move({ move: { type: 'resign' }, expectedVersion: 1_000_000_000 }))).toEqual(['expectedVersion']);
    for (const at of [4, 28]) expectProblem(await move({ move: { type: 'cut', at } }), 422, 'NOT_YOUR_TURN');
    // In range but no Skat value: the engine's refusal, not the schema's.
    for (const value of [18, 19, 264]) expect((await move({ move: { type: 'bid', value } })).status, `bid ${value}`).toBe(422);
    expectProblem(await move({ move: { type: 'resign' }, expectedVersion: 999_999_999 }), 409, 'VERSION_CONFLICT');
  });

  it('refuses a ratingRange that is not two items with min ≤ max', async () => {
    const anna = await client.player('Anna');
    const seek = (ratingRange: unknown) => service.http.post('/v1/seeks').set(anna.auth).send({ variant: 'bidding', turnSeconds: 77, ratingRange });
    for (const range of [[], [1500], [1000, 1500, 2000], [1800, 1200]]) expect(refused(await seek(range)), JSON.stringify(range)).not.toBeNull();
    expect((await seek([1200, 1200])).status).toBe(201);
  });

  it('answers a method an export does not take with 405 and its Allow, with a token or without', async () => {
    const anna = await client.player('Anna');
    for (const path of ['/v1/games/export', `/v1/players/${anna.playerId}/games/export`]) {
      for (const method of ['delete', 'post', 'put', 'patch'] as const) {
        for (const auth of [anna.auth, {}]) {
          const res = await service.http[method](path).set(auth);
          expectProblem(res, 405, 'METHOD_NOT_ALLOWED');
          expect(res.headers.allow, `${method} ${path}`).toBe('GET, HEAD, OPTIONS');
        }
      }
    }
    // The game routes beside it are untouched: a game id is still a game id.
    expectProblem(await service.http.delete(`/v1/games/${crypto.randomUUID()}`).set(anna.auth), 404, 'GAME_NOT_FOUND');
  });
});
