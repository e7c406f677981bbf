// What makes the document good to read and to generate clients from: every operation named,
// summarised, described and secured; every body and answer with a valid, real example; the
// events and problem codes typed from their single sources; nulls where the service sends them
// and nowhere else; a name pattern that works in JSON Schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, initialState, type EventType, type GameEvent, type Seat, decide, evolve, legalMoves, viewEvent } from '../../src/engine/index.ts';
import { PROBLEMS } from '../../src/app/problems.ts';
import { EVENT_TYPES } from '../../src/games/index.ts';
import { CreatePlayerSchema } from '../../src/players/index.ts';
import { renderOpenApi } from '../../src/app/spec.ts';
import { escapeMember, schemaErrors, streamMessageMismatchOf } from '../support/openapi.ts';
import { Client, rng, startTestService, type TestService } from '../support/service.ts';

type Schema = Record<string, unknown>;
type MediaType = { schema?: Schema; example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
};
const doc = JSON.parse(renderOpenApi()) as {
  servers?: { url: string }[];
  info: { license?: { name: string } };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([m]) => METHODS.includes(m))
    .map(([method, op]) => ({ method, path, op, name: `${method.toUpperCase()} ${path}`, pointer: `/paths/${escapeMember(path)}/${method}` })),
);

describe('every operation', () => {
  it('has a unique camelCase operationId, a one-line summary and a description', () => {
    const wrong: string[] = [];
    const ids = new Map<string, string>();
    for (const o of operations) {
      const id = o.op.operationId;
      if (!id || !/^[a-z][a-zA-Z0-9]*$/.test(id)) wrong.push(`${o.name}: operationId ${JSON.stringify(id)} is not camelCase`);
      else if (ids.has(id)) wrong.push(`${o.name}: operationId ${id} is also ${ids.get(id)}'s`);
      else ids.set(id, o.name);
      if (!o.op.summary || o.op.summary.includes('\n') || o.op.summary.length > 100) wrong.push(`${o.name}: the summary is not one short line`);
      if (!o.op.description || o.op.description === o.op.summary) wrong.push(`${o.name}: no description beyond the summary`);
    }
    expect(wrong).toEqual([]);
  });

  it('states its security: [] when it is public, the bearer scheme (or an optional one) when not', () => {
    for (const o of operations) {
      expect(o.op.security, o.name).toBeDefined();
      const schemes = o.op.security!.flatMap((r) => Object.keys(r));
      // The metrics have their own token (METRICS_TOKEN), not a player's.
      expect(schemes.every((s) => s === (o.op.operationId === 'getMetrics' ? 'metricsToken' : 'bearerAuth')), o.name).toBe(true);
    }
    const publicOps = operations.filter((o) => o.op.security!.length === 0).map((o) => o.op.operationId);
    expect(publicOps.sort()).toEqual([
      'createPlayer',
      'findPlayers',
      'getAnalysis',
      'getGameRecord',
      'getHealth',
      'getJwks',
      'getLeaderboard',
      'getOAuthMetadata',
      'getPlayer',
      'getRatingHistory',
      'getReadiness',
      'getSeek',
      'listGames',
      'listMatches',
      'listOnlineBots',
      'listSeeks',
      'listTournaments',
      'oauthDeviceCode',
      'oauthRevoke',
      'oauthToken',
      'requestAnalysis',
      'signIn',
      'signUp',
    ]);
  });

  it('is served from a relative server, under a named licence', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.info.license?.name).toBeTruthy();
  });
});

// ------------------------------------------------------------------ examples

/** Every example in the document: where it is, the schema it must match, and its value. */
function allExamples() {
  const out: { where: string; schema: string; value: unknown }[] = [];
  const ofMedia = (where: string, pointer: string, media: MediaType) => {
    const schema = `${pointer}/schema`;
    if ('example' in media) out.push({ where, schema, value: media.example });
    for (const [name, e] of Object.entries(media.examples ?? {})) out.push({ where: `${where} (${name})`, schema, value: e.value });
  };
  for (const o of operations) {
    for (const [type, media] of Object.entries(o.op.requestBody?.content ?? {}))
      ofMedia(`${o.name} request ${type}`, `${o.pointer}/requestBody/content/${escapeMember(type)}`, media);
    for (const [status, response] of Object.entries(o.op.responses))
      for (const [type, media] of Object.entries(response.content ?? {}))
        ofMedia(`${o.name} ${status} ${type}`, `${o.pointer}/responses/${status}/content/${escapeMember(type)}`, media);
    (o.op.parameters ?? []).forEach((p, i) => {
      if ('example' in p.schema) out.push({ where: `${o.name} parameter ${p.name}`, schema: `${o.pointer}/parameters/${i}/schema`, value: p.schema.example });
    });
  }
  // Examples inside schemas, wherever they are.
  const walk = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${pointer}/${i}`));
    const schema = node as Schema;
    if ('example' in schema && !('content' in schema)) out.push({ where: `schema ${pointer}`, schema: pointer, value: schema.example });
    for (const [k, v] of Object.entries(schema)) if (k !== 'example' && k !== 'examples') walk(v, `${pointer}/${escapeMember(k)}`);
  };
  walk(doc.components.schemas, '/components/schemas');
  return out;
}

describe('the examples', () => {
  const examples = allExamples();

  it('are on every request body and every answer with a body', () => {
    const missing: string[] = [];
    for (const o of operations) {
      for (const [type, media] of Object.entries(o.op.requestBody?.content ?? {}))
        if (!('example' in media) && !media.examples) missing.push(`${o.name} request ${type}`);
      for (const [status, response] of Object.entries(o.op.responses))
        for (const [type, media] of Object.entries(response.content ?? {}))
          if (!('example' in media) && !media.examples) missing.push(`${o.name} ${status} ${type}`);
    }
    expect(missing).toEqual([]);
    expect(examples.length).toBeGreaterThan(100);
  });

  it('each match their schema', () => {
    const invalid = examples.flatMap((e) => {
      const wrong = schemaErrors(e.schema, e.value);
      return wrong ? [`${e.where}: ${wrong}`] : [];
    });
    expect(invalid).toEqual([]);
  });

  it('show every problem with its own code and status, and no problem with a whole view but a version conflict', () => {
    for (const o of operations) {
      for (const [status, response] of Object.entries(o.op.responses)) {
        const media = response.content?.['application/problem+json'];
        if (!media) continue;
        const codes = Object.keys(media.examples ?? {});
        expect(codes.length, `${o.name} ${status}`).toBeGreaterThan(0);
        for (const code of codes) {
          const value = media.examples![code].value as { code: string; status: number; view?: unknown };
          expect(value.code).toBe(code);
          expect(String(value.status)).toBe(status);
          expect(PROBLEMS[code as keyof typeof PROBLEMS].status).toBe(Number(status));
          if (code !== 'VERSION_CONFLICT') expect(value.view, `${o.name} ${code}`).toBeUndefined();
        }
      }
    }
  });

  it('of event streams are messages of the documented message schema', () => {
    for (const path of ['/v1/games/{gameId}/stream', '/v1/matches/{matchId}/stream']) {
      const text = doc.paths[path].get.responses['200'].content!['text/event-stream'].example as string;
      const blocks = text.split('\n\n').filter(Boolean);
      expect(blocks.length).toBeGreaterThan(1);
      for (const block of blocks) {
        const fields = Object.fromEntries(block.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
        expect(streamMessageMismatchOf(`http://x${path.replace(/\{\w+\}/, 'id')}`, fields)).toBeNull();
      }
    }
  });
});

describe('the examples against the service', () => {
  let service: TestService;
  let client: Client;
  beforeAll(async () => {
    service = await startTestService();
    client = new Client(service.http);
  });
  afterAll(() => service?.close());

  it('the move example is a move the service accepts in the situation the example view shows (version 2 of a fresh game)', async () => {
    const body = doc.paths['/v1/games/{gameId}/moves'].post.requestBody!.content['application/json'].example as { expectedVersion: number };
    const { gameId, forehand, view } = await client.startedGame();
    expect(view.version).toBe(body.expectedVersion);
    const res = await service.http.post(`/v1/games/${gameId}/moves`).set(forehand.auth).send(body);
    expect(res.status, res.text).toBe(200);
    const shown = doc.paths['/v1/games/{gameId}/moves'].post.responses['200'].content!['application/json'].example as { version: number; view: { status: string } };
    expect(res.body.version).toBe(shown.version);
    expect(res.body.view.status).toBe(shown.view.status);
  });

  it('the other request examples are accepted too', async () => {
    const example = (path: string) => doc.paths[path].post.requestBody!.content['application/json'].example as object;
    const anna = await client.player();
    await service.http.post('/v1/players').send(example('/v1/players')).expect(201);
    await service.http.post('/v1/games').set(anna.auth).send(example('/v1/games')).expect(201);
    await service.http.post('/v1/matches').set(anna.auth).send(example('/v1/matches')).expect(201);
  });
});

// ------------------------------------------------------------------ typed from their sources

/** The engine's event types, as a record its type checks: a new engine event fails to compile here. */
const ENGINE_EVENT_TYPES: Record<EventType, true> = {
  seated: true,
  cut: true,
  dealt: true,
  declared: true,
  kontra: true,
  re: true,
  passed: true,
  bid: true,
  held: true,
  stockPickedUp: true,
  discarded: true,
  played: true,
  trickTaken: true,
  turned: true,
  resigned: true,
  timedOut: true,
  finished: true,
  cancelled: true,
};

describe('GameEvent', () => {
  const union = doc.components.schemas.GameEvent as { oneOf?: { $ref: string }[]; anyOf?: { $ref: string }[] };
  const documentedTypes = (union.oneOf ?? union.anyOf ?? []).map((r) => {
    const event = doc.components.schemas[r.$ref.split('/').at(-1)!] as { properties: { type: { enum: string[] } } };
    return event.properties.type.enum[0];
  });

  it('is a union of every event type of the engine, each with its fields', () => {
    expect([...documentedTypes].sort()).toEqual(Object.keys(ENGINE_EVENT_TYPES).sort());
    expect([...EVENT_TYPES].sort()).toEqual(Object.keys(ENGINE_EVENT_TYPES).sort());
  });

  it('matches every event of random engine games, whole and as each reader sees it', () => {
    const pick = rng(7);
    const seen = new Set<string>();
    for (let g = 0; g < 30; g++) {
      const variant = (['classic', 'halfOpen', 'bidding'] as const)[g % 3];
      let state = initialState({ ...DEFAULT_CONFIG, variant, kontra: g % 2 === 0 }, (g + 1).toString(16).padStart(64, '0'));
      const events: GameEvent[] = [
        { type: 'seated', seat: 'forehand', playerId: 'a' },
        { type: 'seated', seat: 'dealer', playerId: 'b' },
      ];
      for (const e of events) state = evolve(state, e);
      for (let n = 0; state.phase !== 'finished' && n < 200; n++) {
        const seat = state.toMove as Seat;
        const moves = legalMoves(state, seat).filter((m) => m.type !== 'resign' || pick(20) === 0);
        const decision = decide(state, seat, moves.length ? moves[pick(moves.length)] : { type: 'resign' });
        if (!decision.ok) throw new Error(decision.error.detail);
        for (const e of decision.events) {
          events.push(e);
          state = evolve(state, e);
        }
      }
      for (const e of events) {
        for (const reader of ['forehand', 'dealer', 'spectator'] as const) {
          const shown = viewEvent(e, reader, false);
          seen.add(shown.type);
          const wrong = schemaErrors('/components/schemas/GameEvent', JSON.parse(JSON.stringify(shown)));
          expect(wrong, JSON.stringify(shown)).toBeNull();
        }
      }
    }
    expect(seen.size).toBeGreaterThan(12);
  });
});

describe('Problem.code', () => {
  it('is an enum of every code of the catalogue', () => {
    const problem = doc.components.schemas.Problem as { properties: { code: { $ref: string } } };
    const codes = doc.components.schemas[problem.properties.code.$ref.split('/').at(-1)!] as { enum: string[] };
    expect([...codes.enum].sort()).toEqual(Object.keys(PROBLEMS).sort());
  });
});

// ------------------------------------------------------------------ what the service does

describe('nulls', () => {
  it('are never added inside an allOf (it cannot widen the schema it refines)', () => {
    const wrong: string[] = [];
    const walk = (node: unknown, pointer: string) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${pointer}/${i}`));
      const schema = node as Schema;
      for (const member of (schema.allOf as Schema[] | undefined) ?? []) {
        const type = member.type;
        if (type === 'null' || (Array.isArray(type) && type.includes('null'))) wrong.push(pointer);
      }
      for (const [k, v] of Object.entries(schema)) walk(v, `${pointer}/${k}`);
    };
    walk(doc, '#');
    expect(wrong).toEqual([]);
  });

  it('are no value of the named enums the service refuses null for', () => {
    for (const name of ['Seat', 'GameType', 'Card', 'GameStatus', 'GameEnd', 'ProblemCode']) {
      const schema = doc.components.schemas[name] as { type: unknown; enum: unknown[] };
      expect(schema.type, name).toBe('string');
      expect(schema.enum, name).not.toContain(null);
    }
  });
});

describe('the player name', () => {
  const schema = doc.components.schemas.CreatePlayer as { properties: { name: { pattern: string; maxLength: number; description: string } } };
  const GOOD = ['Anna', 'Cäcilie', 'Søren Kierkegaard', '李雷', "O'Brien", 'Zoë-Ünal', 'Skat 🃏', 'pcs', ' Anna ', 'x'.repeat(40), '🃏'.repeat(40), '\u200BAnna', 'A\u3164B', '\u2800x', 'عمر\u200F'];
  const BAD = ['', '   ', '\t\n', 'An\u0000na', 'tab\there', 'new\nline', 'nel\u0085', 'del\u007f', 'lone \ud800 surrogate', 'x'.repeat(41)];
  // Names that show nothing, and bidi controls (which turn the text around a name) anywhere.
  BAD.push('\u200B', '\u3164', '\u2800', '\uFEFF\u200D\u2060', '\u00A0\u3164 ', '\u202E', '\u202EAnna', 'An\u202Dna', 'Anna\u2066', '\u2069x');

  it('is a pattern without flags that works with and without the Unicode flag', () => {
    const { pattern } = schema.properties.name;
    expect(pattern).not.toMatch(/\/[a-z]*$/);
    for (const flags of ['', 'u']) {
      const re = new RegExp(pattern, flags);
      for (const name of GOOD) expect(re.test(name), `${JSON.stringify(name)} /${flags}`).toBe(true);
      for (const name of BAD.filter((n) => n.length <= 40)) expect(re.test(name), `${JSON.stringify(name)} /${flags}`).toBe(false);
    }
    expect(schema.properties.name.description).toMatch(/only whitespace/);
  });

  it('is refused by the document exactly where the service refuses it', () => {
    for (const name of GOOD) {
      expect(schemaErrors('/components/schemas/CreatePlayer', { name }), JSON.stringify(name)).toBeNull();
      expect(CreatePlayerSchema.safeParse({ name }).success, JSON.stringify(name)).toBe(true);
    }
    for (const name of BAD) {
      expect(schemaErrors('/components/schemas/CreatePlayer', { name }), JSON.stringify(name)).not.toBeNull();
      expect(CreatePlayerSchema.safeParse({ name }).success, JSON.stringify(name)).toBe(false);
    }
  });
});
