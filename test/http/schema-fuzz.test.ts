// A schema fuzzer: every operation of the committed openapi/openapi.json, called with requests
// made from the document itself (its parameters' and bodies' JSON Schemas, test/support/json-
// schema-arbitrary.ts), valid ones and broken ones, as nobody, with a broken token, as a guest,
// as an account and with a read-only token. Path parameters name real games, matches, seeks,
// tokens and players made for the run (with the caller in them), or random and broken ids.
//
// Every answer must be in the document: a status it documents for the operation, a content type
// and a body its schema takes (test/support/openapi.ts checks each one, and the service checks
// its own under VALIDATE_RESPONSES=1). Never a 5xx, but a 503 of capacity with Retry-After where
// documented. And the document must say what is refused: a request it takes is never refused as
// VALIDATION_FAILED, MALFORMED_JSON or 415, and one it refuses is never answered 2xx (each
// request is judged by the document's own validator, ajv, whatever the generator meant it to be).
// A run is valid throughout, broken in one part, or broken anywhere. Streams are left after their
// head, long polls wait 100 ms. Then every method a path does not document (405 and its Allow),
// and a few runs against the rate limits of a default configuration (their 429s).
//
// Deterministic per seed: FUZZ_SEED (default below), one seed per operation derived from it, named
// on failure with the command that repeats the run. FUZZ_RUNS scales the runs per operation.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config.ts';
import { PROBLEMS } from '../../src/app/problems.ts';
import type { ProblemCode } from '../../src/platform/http/problems.ts';
import { hugeString, invalidArbitrary, type JsonSchema, resolverOf, validArbitrary } from '../support/json-schema-arbitrary.ts';
import { escapeMember, schemaErrors } from '../support/openapi.ts';
import { startTestService, type TestService } from '../support/service.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

// ------------------------------------------------------------------ the document's operations

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: (Parameter & { pointer: string })[];
  body: { schema: JsonSchema; required: boolean; pointer: string } | null;
  security: 'public' | 'required' | 'optional';
  responses: Record<string, unknown>;
}

const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Record<string, unknown>>>;
};
const resolve = resolverOf(doc);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const OPERATIONS: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => {
      const at = `/paths/${escapeMember(path)}/${method}`;
      const security = (op.security ?? []) as Record<string, unknown>[];
      const json = (op.requestBody as { required?: boolean; content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.['application/json'];
      return {
        method,
        path,
        operationId: op.operationId as string,
        parameters: ((op.parameters ?? []) as Parameter[]).map((p, i) => ({ ...p, pointer: `${at}/parameters/${i}/schema` })),
        body: json ? { schema: json.schema, required: !!(op.requestBody as { required?: boolean }).required, pointer: `${at}/requestBody/content/application~1json/schema` } : null,
        security: security.length === 0 ? 'public' : security.some((s) => Object.keys(s).length === 0) ? 'optional' : 'required',
        responses: op.responses as Record<string, unknown>,
      };
    }),
);

// ------------------------------------------------------------------ what a run sends

type Principal = 'none' | 'garbage' | 'guest' | 'account' | 'read';
/** A path parameter: a resource made for the run, or a value of the fuzzer's. */
type PathValue = { real: string } | { value: string };
/** A query or header parameter as sent (undefined: left out). */
type ParamText = string | undefined;
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; type: string }
  | { kind: 'raw'; text: string; type: string }
  | { kind: 'huge' }
  /** A move the game's view offers the caller now (makeMove), the `pick`-th of them. */
  | { kind: 'legal'; pick: number; expectedVersion: boolean };
interface Plan {
  principal: Principal;
  garbageToken: string;
  path: Record<string, PathValue>;
  params: Record<string, ParamText>;
  body: Body;
  /** A query parameter the document does not name, or a named one sent twice. */
  extra: 'none' | 'unknown' | 'repeated';
  /** A body's `opponent` replaced by a player that exists. */
  realOpponent: boolean;
}

/** Resources a path parameter can name, made for the run by the fixtures below. */
const REAL: Record<string, readonly string[]> = {
  gameId: ['waiting', 'open', 'challenge', 'started', 'finished', 'bidding'],
  matchId: ['waiting', 'challenge', 'playing'],
  seekId: ['own', 'other'],
  tokenId: ['own'],
  playerId: ['self', 'other'],
};

/** Where an operation does its work more often than not: a game being played, one finished. */
const KINDS: Record<string, Record<string, readonly string[]>> = {
  makeMove: { gameId: ['started', 'started', 'bidding', 'finished', 'waiting'] },
  getGameRecord: { gameId: ['finished', 'finished', 'started'] },
  createRematch: { gameId: ['finished', 'finished', 'started'] },
};

/** Calls that end the caller's identity or tokens: each run gets identities of its own. */
const DESTRUCTIVE = new Set(['deleteMe', 'revokeAllMyTokens', 'changeMyPassword', 'claimAccount']);
/** Calls that hash a password (scrypt, ~50–100 ms of a core each): fewer runs. */
const HASHING = new Set(['signUp', 'signIn', 'claimAccount', 'changeMyPassword', 'deleteMe', 'revokeAllMyTokens']);

const ACCOUNT = { username: 'fuzz-account', password: 'correct horse battery staple 42' };
const GARBAGE_TOKENS = ['Bearer x', 'Bearer a.b.c', 'Basic dXNlcjpwdw==', 'bearer  ', `Bearer ${'A'.repeat(3000)}`, 'Bearer eyJhbGciOiJub25lIn0.e30.'];
const RAW_BODIES = ['{', '{"a":', 'nul', '[1,]', '{"a":1,}', "{'a':1}", '\uFEFF{}', `${'['.repeat(3000)}${']'.repeat(3000)}`, '{"__proto__":{"polluted":1}}', '"just a string"', ''];
const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON'];
/** Ids that are no id, and words a route might take for one. */
const ODD_IDS = ['me', 'export', 'null', '__proto__', 'constructor', 'x'.repeat(64), 'x'.repeat(65), '%', ' ', 'a/b', 'ü', '\u0000', '-'];

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
/** "." and ".." are path segments of their own to a URL parser: they would name another path. */
const notDots = (v: string) => !/^\.*$/.test(v);

/** A path parameter as the operation wants it: mostly a resource made for the run. */
const validPath = (op: Operation, p: Parameter): fc.Arbitrary<PathValue> => {
  const real = KINDS[op.operationId]?.[p.name] ?? REAL[p.name];
  if (!real) return validArbitrary(p.schema, resolve).map((v) => ({ value: text(v) }));
  return fc.oneof({ arbitrary: fc.constantFrom(...real).map((r) => ({ real: r })), weight: 5 }, { arbitrary: fc.uuid().map((value) => ({ value })), weight: 1 });
};
/** One that names nothing, or breaks the schema. */
const brokenPath = (p: Parameter): fc.Arbitrary<PathValue> =>
  fc
    .oneof(fc.uuid(), validArbitrary(p.schema, resolve).map(text), invalidArbitrary(p.schema, resolve).map(text), fc.constantFrom(...ODD_IDS))
    .filter(notDots)
    .map((value) => ({ value }));

/** A date as a cursor holds one (toISOString), and its near misses: dates Postgres reads otherwise or not at all. */
const CURSOR_STAMP = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('2026', '2026-02-31T00:00:00.000Z', '2026-01-01', '2026-01-01 00:00:00+00', 'infinity', 'now', '0000-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z'),
);
/** Any other value of a cursor's tuple: ids, odd numbers, texts the database cannot hold. */
const CURSOR_VALUE = fc.oneof(CURSOR_STAMP, fc.uuid(), fc.constantFrom('', '\u0000', '\ud800', 1e300, 2 ** 53, -1, 1.5, 0, 1500, null, true), fc.jsonValue({ maxDepth: 1 }));
/**
 * A cursor made as the service makes its own (base64url of a JSON tuple: a (time, id), a search's
 * (text, id), a leaderboard's (rating, id, rank)), mostly one it never handed out: 400
 * INVALID_CURSOR, never a 5xx.
 */
const forgedCursor = fc
  .oneof(fc.tuple(CURSOR_STAMP, fc.uuid()), fc.tuple(CURSOR_VALUE, fc.uuid()), fc.tuple(CURSOR_VALUE, fc.uuid(), CURSOR_VALUE), fc.array(CURSOR_VALUE, { maxLength: 4 }))
  .map((tuple) => Buffer.from(JSON.stringify(tuple)).toString('base64url'));

const validParam = (p: Parameter): fc.Arbitrary<ParamText> => {
  const random = validArbitrary(p.schema, resolve, { header: p.in === 'header' }).map(text);
  // The preference the description names (a move answered 204), which random text never is; a
  // cursor shaped as the service's are, which random text never is either.
  const value =
    p.name === 'prefer' ? fc.oneof(random, fc.constant('return=minimal')) : p.name === 'cursor' ? fc.oneof({ arbitrary: random, weight: 1 }, { arbitrary: forgedCursor, weight: 4 }) : random;
  return p.required ? value : fc.option(value, { nil: undefined, freq: 2 });
};
const brokenParam = (p: Parameter): fc.Arbitrary<ParamText> => {
  const header = p.in === 'header';
  const raw = header
    ? fc.constantFrom('', 'x', '0', '-1', '99999999999', '1.5', 'return=minimal', 'return=representation', '*')
    : fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('', ' ', '-0', '05', '+5', '1e3', 'NaN', 'Infinity', '%00', 'true'), hugeString().map((s) => s.slice(0, 3000)));
  return fc.oneof(
    { arbitrary: invalidArbitrary(p.schema, resolve, { header }).map(text), weight: 3 },
    { arbitrary: raw, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: p.required ? 1 : 0 },
  );
};

const validBody = (op: Operation): fc.Arbitrary<Body> => {
  if (!op.body) return fc.constant({ kind: 'none' });
  const json: fc.Arbitrary<Body> = fc.record({ kind: fc.constant('json' as const), value: validArbitrary(op.body.schema, resolve), type: fc.constantFrom(...JSON_TYPES) });
  // Where random values rarely go: the account's own password, a move the game takes. (A claim of
  // a timeout is never won here: the shortest turn is 5 s.)
  const known = (value: unknown) => fc.oneof({ arbitrary: json, weight: 2 }, { arbitrary: fc.constant<Body>({ kind: 'json', value, type: 'application/json' }), weight: 1 });
  if (op.operationId === 'signIn') return known(ACCOUNT);
  if (op.operationId === 'changeMyPassword') return known({ currentPassword: ACCOUNT.password, newPassword: `${ACCOUNT.password} and more` });
  if (op.operationId === 'makeMove') return fc.oneof({ arbitrary: json, weight: 1 }, { arbitrary: fc.record({ kind: fc.constant('legal' as const), pick: fc.nat(), expectedVersion: fc.boolean() }), weight: 2 });
  return op.body.required ? json : fc.oneof({ arbitrary: json, weight: 4 }, { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 });
};
const brokenBody = (op: Operation): fc.Arbitrary<Body> => {
  const type = fc.constantFrom(...JSON_TYPES);
  if (!op.body)
    // No body documented: one anyway.
    return fc.oneof(
      fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue({ maxDepth: 2 }), type }),
      fc.record({ kind: fc.constant('raw' as const), text: fc.constantFrom(...RAW_BODIES), type: fc.constantFrom('application/json', 'text/plain') }),
      fc.constant<Body>({ kind: 'huge' }),
    );
  const { schema } = op.body;
  return fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('json' as const), value: invalidArbitrary(schema, resolve), type }), weight: 6 },
    { arbitrary: fc.record({ kind: fc.constant('raw' as const), text: fc.constantFrom(...RAW_BODIES), type: fc.constant('application/json') }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('raw' as const), text: validArbitrary(schema, resolve).map((v) => JSON.stringify(v)), type: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'json') }), weight: 1 },
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: op.body.required ? 1 : 0 },
    { arbitrary: fc.constant<Body>({ kind: 'huge' }), weight: 1 },
  );
};

/** Who calls as the operation wants it (a read-only token reads). */
const validPrincipal = (op: Operation): fc.Arbitrary<Principal> =>
  op.security === 'public' ? fc.constantFrom<Principal>('none', 'none', 'guest', 'account') : fc.constantFrom<Principal>('guest', 'account', ...(op.method === 'get' ? ['read' as const] : []));
/** Who should not: a broken token, no token where one is needed, a read-only one for a write. */
const brokenPrincipal = (op: Operation): fc.Arbitrary<Principal> =>
  fc.constantFrom<Principal>('garbage', ...(op.security === 'required' ? ['none' as const] : []), ...(op.security !== 'public' && op.method !== 'get' ? ['read' as const] : []));

const pathParams = (op: Operation) => op.parameters.filter((p) => p.in === 'path');
const otherParams = (op: Operation) => op.parameters.filter((p) => p.in !== 'path');

/** Every part as the document wants it. */
const validPlan = (op: Operation): fc.Arbitrary<Plan> =>
  fc.record({
    principal: validPrincipal(op),
    garbageToken: fc.constantFrom(...GARBAGE_TOKENS),
    path: fc.record(Object.fromEntries(pathParams(op).map((p) => [p.name, validPath(op, p)]))),
    params: fc.record(Object.fromEntries(otherParams(op).map((p) => [p.name, validParam(p)]))) as fc.Arbitrary<Record<string, ParamText>>,
    body: validBody(op),
    extra: fc.constant<Plan['extra']>('none'),
    realOpponent: fc.boolean(),
  });

/** All valid but one part: the principal, one parameter, the body or the query's extras. */
const oneFaultPlan = (op: Operation): fc.Arbitrary<Plan> => {
  type Fault = (plan: Plan) => fc.Arbitrary<Plan>;
  const faults: Fault[] = [
    (plan) => brokenPrincipal(op).map((principal) => ({ ...plan, principal })),
    ...pathParams(op).map((p): Fault => (plan) => brokenPath(p).map((v) => ({ ...plan, path: { ...plan.path, [p.name]: v } }))),
    ...otherParams(op).map((p): Fault => (plan) => brokenParam(p).map((v) => ({ ...plan, params: { ...plan.params, [p.name]: v } }))),
    ...(op.method === 'get' ? [] : [(plan: Plan) => brokenBody(op).map((body) => ({ ...plan, body }))]),
    (plan) => fc.constantFrom<Plan['extra']>('unknown', 'repeated').map((extra) => ({ ...plan, extra })),
  ];
  return fc.tuple(validPlan(op), fc.nat(faults.length - 1)).chain(([plan, i]) => faults[i](plan));
};

/** Each part valid or broken, independently. */
const chaosPlan = (op: Operation): fc.Arbitrary<Plan> =>
  fc.record({
    principal: fc.oneof(validPrincipal(op), brokenPrincipal(op)),
    garbageToken: fc.constantFrom(...GARBAGE_TOKENS),
    path: fc.record(Object.fromEntries(pathParams(op).map((p) => [p.name, fc.oneof(validPath(op, p), brokenPath(p))]))),
    params: fc.record(Object.fromEntries(otherParams(op).map((p) => [p.name, fc.oneof(validParam(p), brokenParam(p))]))) as fc.Arbitrary<Record<string, ParamText>>,
    body: op.method === 'get' ? validBody(op) : fc.oneof(validBody(op), brokenBody(op)),
    extra: fc.constantFrom<Plan['extra']>('none', 'none', 'unknown', 'repeated'),
    realOpponent: fc.boolean(),
  });

const planArbitrary = (op: Operation): fc.Arbitrary<Plan> =>
  fc.oneof({ arbitrary: validPlan(op), weight: 4 }, { arbitrary: oneFaultPlan(op), weight: 4 }, { arbitrary: chaosPlan(op), weight: 2 });

// ------------------------------------------------------------------ what the document says of it

/** Lone surrogates as U+FFFD (String.prototype.toWellFormed, which the compiler's lib does not know yet). */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

type Label = 'valid' | 'invalid' | 'unknown';
const worst = (labels: Label[]): Label => (labels.includes('invalid') ? 'invalid' : labels.includes('unknown') ? 'unknown' : 'valid');

const flat = (s: JsonSchema): JsonSchema => (typeof s.$ref === 'string' ? flat(resolve(s.$ref)) : Array.isArray(s.allOf) ? flat(s.allOf[0] as JsonSchema) : s);

/** A parameter's text as the value the document describes: an integer is read back only when written plainly. */
function paramLabel(p: Parameter & { pointer: string }, text: string | undefined): Label {
  if (text === undefined) return p.required ? 'invalid' : 'valid';
  // fetch strips a header value's leading and trailing blanks: the service sees what is left.
  const value = p.in === 'header' ? text.replace(/^[ \t]+|[ \t]+$/g, '') : text;
  let typed: unknown = value;
  if (flat(p.schema).type === 'integer') {
    if (/^(0|-?[1-9]\d*)$/.test(value)) typed = Number(value);
    // "05", "-0", "+5", "1e3", " 5": integers to some readers and not to others.
    else if (/^\s*[+-]?\.?\d/.test(value)) return 'unknown';
  }
  return schemaErrors(p.pointer, typed) ? 'invalid' : 'valid';
}

function bodyLabel(op: Operation, body: Exclude<Body, { kind: 'legal' }>): Label {
  if (!op.body) return body.kind === 'none' ? 'valid' : 'unknown';
  switch (body.kind) {
    case 'none':
      return op.body.required ? 'invalid' : 'valid';
    case 'huge':
      return 'invalid';
    case 'json': {
      const text = JSON.stringify(body.value);
      if (text === undefined) return op.body.required ? 'invalid' : 'valid';
      return schemaErrors(op.body.pointer, JSON.parse(text)) ? 'invalid' : 'valid';
    }
    case 'raw': {
      if (body.type.split(';')[0].trim().toLowerCase() !== 'application/json') return 'invalid';
      // RFC 8259 lets a parser ignore a byte order mark.
      if (body.text.startsWith('\uFEFF')) return 'unknown';
      if (body.text === '') return op.body.required ? 'invalid' : 'unknown';
      try {
        return schemaErrors(op.body.pointer, JSON.parse(body.text)) ? 'invalid' : 'valid';
      } catch {
        return 'invalid';
      }
    }
  }
}

// ------------------------------------------------------------------ the services and the fixtures

interface Identity {
  playerId: string;
  /** A token of scope play. */
  token: string;
}
interface Who {
  authorization: string | null;
  /** The player behind the token, for the fixtures (null: nobody, or a broken token). */
  player: Identity | null;
}

let main: TestService;
let limited: TestService;
let guest: Identity;
let account: Identity;
let readToken: string;

/** A call the fixtures make (on the main service): its status and JSON body. */
async function call(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${main.url}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function made(method: string, path: string, token: string | null, body: unknown, status: number): Promise<any> {
  const res = await call(method, path, token, body);
  if (res.status !== status) throw new Error(`fixture ${method} ${path} answered ${res.status}, not ${status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

const newGuest = async (name = 'Fuzz'): Promise<Identity> => {
  const body = await made('POST', '/v1/players', null, { name }, 201);
  return { playerId: body.playerId, token: body.token };
};
let accounts = 0;
const newAccount = async (username = `fuzz-${process.pid}-${accounts++}`, password = ACCOUNT.password): Promise<Identity> => {
  const body = await made('POST', '/v1/accounts', null, { username, password }, 201);
  return { playerId: body.playerId, token: body.token };
};
const readTokenOf = async (who: Identity) => (await made('POST', '/v1/players/me/tokens', who.token, { name: 'read only', scopes: ['read'] }, 201)).token as string;

/** Seeks of the fixtures: each in a pool of its own (a turn length nobody else seeks), so none pairs. */
let seekSeconds = 20_000;

/** One run's identities and resources, and what to call off after it (the waiting caps stay clear). */
class Run {
  private readonly cleanups: (() => Promise<unknown>)[] = [];
  who!: Who;
  /** The player the run's resources are made for: the caller, or a stand-in when the caller is nobody. */
  me!: Identity;

  constructor(private readonly op: Operation) {}

  async begin(plan: Plan): Promise<void> {
    const fresh = DESTRUCTIVE.has(this.op.operationId);
    switch (plan.principal) {
      case 'none':
      case 'garbage':
        this.who = { authorization: plan.principal === 'none' ? null : plan.garbageToken, player: null };
        break;
      case 'guest': {
        const player = fresh ? await newGuest() : guest;
        this.who = { authorization: `Bearer ${player.token}`, player };
        break;
      }
      case 'account': {
        const player = fresh ? await newAccount() : account;
        this.who = { authorization: `Bearer ${player.token}`, player };
        break;
      }
      case 'read': {
        const player = fresh ? await newAccount() : account;
        this.who = { authorization: `Bearer ${fresh ? await readTokenOf(player) : readToken}`, player };
        break;
      }
    }
    this.me = this.who.player ?? (await this.other());
  }

  /** A new guest for the other side of a game or match. */
  private other(): Promise<Identity> {
    return newGuest('Other');
  }

  /** Calls a waiting resource off after the run (whatever happened to it meanwhile). */
  later(method: string, path: string, token: string): void {
    this.cleanups.push(() => call(method, path, token));
  }

  async real(param: string, kind: string): Promise<string> {
    const me = this.me;
    switch (`${param}:${kind}`) {
      case 'gameId:waiting': {
        const game = await made('POST', '/v1/games', me.token, { seat: 'forehand' }, 201);
        this.later('DELETE', `/v1/games/${game.id}`, me.token);
        return game.id;
      }
      case 'gameId:open': {
        const other = await this.other();
        const game = await made('POST', '/v1/games', other.token, {}, 201);
        this.later('DELETE', `/v1/games/${game.id}`, other.token);
        return game.id;
      }
      case 'gameId:challenge': {
        const other = await this.other();
        const game = await made('POST', '/v1/games', other.token, { opponent: me.playerId }, 201);
        this.later('DELETE', `/v1/games/${game.id}`, other.token);
        return game.id;
      }
      case 'gameId:started':
      case 'gameId:finished':
      case 'gameId:bidding': {
        const other = await this.other();
        const options = kind === 'bidding' ? { variant: 'bidding', seat: 'forehand' } : { seat: 'forehand', turnSeconds: 5 };
        const game = await made('POST', '/v1/games', me.token, options, 201);
        await made('POST', `/v1/games/${game.id}/join`, other.token, undefined, 200);
        if (kind === 'finished') await made('POST', `/v1/games/${game.id}/moves`, me.token, { move: { type: 'resign' } }, 200);
        return game.id;
      }
      case 'matchId:waiting': {
        const match = await made('POST', '/v1/matches', me.token, { games: 2 }, 201);
        this.later('DELETE', `/v1/matches/${match.id}`, me.token);
        return match.id;
      }
      case 'matchId:challenge': {
        const other = await this.other();
        const match = await made('POST', '/v1/matches', other.token, { games: 2, opponent: me.playerId }, 201);
        this.later('DELETE', `/v1/matches/${match.id}`, other.token);
        return match.id;
      }
      case 'matchId:playing': {
        const other = await this.other();
        const match = await made('POST', '/v1/matches', me.token, { games: 2 }, 201);
        await made('POST', `/v1/matches/${match.id}/join`, other.token, undefined, 200);
        return match.id;
      }
      case 'seekId:own':
      case 'seekId:other': {
        const by = kind === 'own' ? me : await this.other();
        const seek = await made('POST', '/v1/seeks', by.token, { variant: 'classic', turnSeconds: seekSeconds++ }, 201);
        this.later('DELETE', `/v1/seeks/${seek.seekId}`, by.token);
        return seek.seekId;
      }
      case 'tokenId:own':
        return (await made('POST', '/v1/players/me/tokens', me.token, { name: 'to revoke' }, 201)).tokenId;
      case 'playerId:self':
        return me.playerId;
      case 'playerId:other':
        return (await this.other()).playerId;
      default:
        throw new Error(`no fixture for ${param}:${kind}`);
    }
  }

  /** The body to send: a legal move read from the game's view, a real opponent put in. */
  async body(plan: Plan, path: string): Promise<Exclude<Body, { kind: 'legal' }>> {
    const { body } = plan;
    if (body.kind === 'legal') {
      const game = path.split('/')[3];
      const seen = await call('GET', `/v1/games/${game}`, this.who.player?.token ?? null);
      const moves = (seen.status === 200 ? seen.body.legalMoves : []) as unknown[];
      const move = moves.length > 0 ? moves[body.pick % moves.length] : { type: 'resign' };
      return { kind: 'json', value: { move, ...(body.expectedVersion && seen.status === 200 ? { expectedVersion: seen.body.version } : {}) }, type: 'application/json' };
    }
    const value = body.kind === 'json' ? (body.value as Record<string, unknown> | null) : null;
    if (plan.realOpponent && value && typeof value === 'object' && typeof value.opponent === 'string')
      return { ...body, value: { ...value, opponent: (await this.other()).playerId } } as Body & { kind: 'json' };
    return body;
  }

  /** What a create call of the fuzzer left waiting is called off too. */
  created(status: number, body: any, authorization: string | null): void {
    if (status >= 300 || !body || !authorization?.startsWith('Bearer ')) return;
    const token = authorization.slice('Bearer '.length);
    const id = this.op.operationId;
    if ((id === 'createGame' || id === 'createRematch') && body.status === 'waiting') this.later('DELETE', `/v1/games/${body.id}`, token);
    if (id === 'createMatch' && body.status === 'waiting') this.later('DELETE', `/v1/matches/${body.id}`, token);
    if (id === 'createSeek' && body.status === 'waiting') this.later('DELETE', `/v1/seeks/${body.seekId}`, token);
  }

  async end(): Promise<void> {
    for (const cleanup of this.cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  }
}

// ------------------------------------------------------------------ one run

/**
 * What the service refuses that JSON Schema cannot say (the operation's description says it): a
 * body the document takes but that does this is judged neither way.
 */
const UNSAYABLE: Record<string, (body: any) => boolean> = {
  // ratingRange is [min, max]: min ≤ max.
  createSeek: (body) => Array.isArray(body?.ratingRange) && body.ratingRange[0] > body.ratingRange[1],
};

/** A 503 a client may meet from a working service: capacity, with Retry-After. */
const CAPACITY = new Set(['TOO_MANY_WAITERS']);
/** What a request the document takes is never answered with. */
const SCHEMA_REFUSALS = new Set(['VALIDATION_FAILED', 'MALFORMED_JSON', 'UNSUPPORTED_MEDIA_TYPE']);

async function exercise(op: Operation, plan: Plan, target: TestService): Promise<void> {
  const run = new Run(op);
  try {
    await run.begin(plan);
    const labels: Label[] = [];

    let path = op.path;
    for (const p of op.parameters.filter((x) => x.in === 'path')) {
      const given = plan.path[p.name];
      // A lone surrogate has no UTF-8: it travels as U+FFFD, which is what the service sees.
      const value = 'real' in given ? await run.real(p.name, given.real) : wellFormed(given.value);
      labels.push('real' in given ? 'valid' : schemaErrors(p.pointer, value) ? 'invalid' : 'valid');
      path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    }

    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    for (const p of op.parameters.filter((x) => x.in !== 'path')) {
      const text = plan.params[p.name];
      labels.push(paramLabel(p, text));
      if (text === undefined) continue;
      if (p.in === 'query') query.append(p.name, text);
      else headers[p.name] = text;
    }
    const queried = op.parameters.find((p) => p.in === 'query' && plan.params[p.name] !== undefined);
    if (plan.extra === 'unknown') query.append('fuzz', 'x');
    if (plan.extra === 'repeated' && queried) {
      query.append(queried.name, plan.params[queried.name] as string);
      labels.push('unknown');
    }

    let body: string | undefined;
    const planned = await run.body(plan, path);
    if (planned.kind === 'json' && JSON.stringify(planned.value) !== undefined) {
      body = JSON.stringify(planned.value);
      headers['Content-Type'] = planned.type;
    } else if (planned.kind === 'raw') {
      body = planned.text;
      headers['Content-Type'] = planned.type;
    } else if (planned.kind === 'huge') {
      body = JSON.stringify({ pad: 'x'.repeat(20 * 1024) });
      headers['Content-Type'] = 'application/json';
    }
    labels.push(bodyLabel(op, planned));
    if (run.who.authorization) headers.Authorization = run.who.authorization;

    if (planned.kind === 'json' && UNSAYABLE[op.operationId]?.(planned.value)) labels.push('unknown');
    const label = worst(labels);
    const url = `${target.url}${path}${query.size > 0 ? `?${query}` : ''}`;
    const what = `${op.method.toUpperCase()} ${url.slice(target.url.length, target.url.length + 300)} as ${plan.principal} (${label})`;
    let res: Response;
    try {
      // The global fetch checks the answer against the document (test/support/setup.ts) and throws on a mismatch.
      res = await fetch(url, { method: op.method.toUpperCase(), headers, body, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      throw new Error(`${what}: ${(error as Error).message}`);
    }
    const type = res.headers.get('content-type') ?? '';
    let answer: any = null;
    if (type.startsWith('text/event-stream')) await res.body?.cancel();
    else {
      const text = await res.text();
      // One JSON value (not the exports' ndjson): what the judging below reads, the code of a problem.
      if (/^application\/(problem\+)?json/.test(type) && text) answer = JSON.parse(text);
    }
    const code: string | undefined = answer?.code;
    const key = `${op.operationId} ${label} ${plan.principal} ${res.status} ${code ?? ''}`;
    STATS.set(key, (STATS.get(key) ?? 0) + 1);
    if (code === 'RATE_LIMITED') rateLimited++;
    const seen = `${what} → ${res.status} ${code ?? type}: ${JSON.stringify(answer)?.slice(0, 400)}`;

    if (res.status >= 500) {
      const capacity = res.status === 503 && String(res.status) in op.responses && res.headers.has('retry-after') && (CAPACITY.has(code ?? '') || op.operationId === 'getReadiness');
      if (!capacity) throw new Error(`a server error: ${seen}`);
    }
    // The headers promised: every one the document lists for a success, Retry-After where a refusal says when to retry.
    const promised = res.status < 300 ? Object.keys((op.responses[String(res.status)] as { headers?: object } | undefined)?.headers ?? {}) : [];
    for (const name of promised) if (!res.headers.has(name)) throw new Error(`no ${name} header: ${seen}`);
    const retry = res.status === 503 || code === 'RATE_LIMITED' || (code !== undefined && PROBLEMS[code as ProblemCode]?.retryAfter !== undefined);
    if (retry && !/^\d+$/.test(res.headers.get('retry-after') ?? '')) throw new Error(`no Retry-After: ${seen}`);
    if (label === 'valid' && SCHEMA_REFUSALS.has(code ?? '')) throw new Error(`the document takes this request, the service refuses it: ${seen}`);
    if (label === 'invalid' && res.status < 300) throw new Error(`the document refuses this request, the service answers ${res.status}: ${seen}`);
    run.created(res.status, answer, run.who.authorization);
  } finally {
    await run.end();
  }
}

// ------------------------------------------------------------------ the runs

/** Each operation's own seed, from FUZZ_SEED and its id: one operation's runs repeat alone. */
const seedOf = (operationId: string) => SEED ^ createHash('sha256').update(operationId).digest().readInt32BE(0);

async function fuzz(op: Operation, target: TestService, numRuns: number, offset = 0): Promise<void> {
  const seed = seedOf(op.operationId) + offset;
  try {
    await fc.assert(
      fc.asyncProperty(planArbitrary(op), (plan) => exercise(op, plan, target)),
      // No shrinking: each run changes the service's state, so a smaller run is no smaller case.
      { seed, numRuns, endOnFailure: true },
    );
  } catch (error) {
    // What went wrong first, then fast-check's report (the plan; its huge strings cut short).
    const cause = (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : '';
    const report = (error as Error).message.replace(/(.)\1{200,}/g, (run, c: string) => `${c.repeat(20)}…(${run.length} × ${JSON.stringify(c)})`);
    throw new Error(`${cause}\nFUZZ_SEED=${SEED} (this operation's seed ${seed}): npx vitest run test/http/schema-fuzz.test.ts -t '${op.operationId}'\n${report}`);
  }
}

const runsOf = (op: Operation) => Math.max(4, HASHING.has(op.operationId) ? Math.ceil(RUNS / 2) : RUNS);

beforeAll(async () => {
  // Every limit off (the suite's test config), metrics on: no 429 hides an answer, and /metrics answers 200.
  main = await startTestService({ config: { metrics: { enabled: true, token: null } }, timing: { longPollMs: 100, heartbeatMs: 50 } });
  // The same database behind the limits of a default configuration.
  limited = await startTestService({ database: main.database, config: { limits: loadConfig({ DATABASE_URL: 'memory://' }).limits }, timing: { longPollMs: 100, heartbeatMs: 50 } });
  guest = await newGuest('Guest');
  account = await newAccount(ACCOUNT.username, ACCOUNT.password);
  readToken = await readTokenOf(account);
});
/** How the runs were answered: operation, label, caller, status, code (FUZZ_STATS=1 prints them). */
const STATS = new Map<string, number>();
let rateLimited = 0;
afterAll(async () => {
  if (process.env.FUZZ_STATS) console.log([...STATS].sort().map(([k, n]) => `${k}: ${n}`).join('\n'));
  await limited?.close();
  await main?.close();
});

describe('the generators', () => {
  it('make values each schema takes, and values nearly all of which it refuses', () => {
    const wrong: string[] = [];
    for (const op of OPERATIONS) {
      const schemas = [...op.parameters.map((p) => ({ ...p, header: p.in === 'header' })), ...(op.body ? [{ ...op.body, name: 'body', header: false }] : [])];
      for (const { name, schema, pointer, header } of schemas) {
        const judge = (v: unknown) => schemaErrors(pointer, JSON.parse(JSON.stringify(v) ?? 'null'));
        const taken = fc.sample(validArbitrary(schema, resolve, { header }), { numRuns: 50, seed: SEED }).filter((v) => judge(v) === null).length;
        const refused = fc.sample(invalidArbitrary(schema, resolve, { header }), { numRuns: 50, seed: SEED }).filter((v) => v !== undefined && judge(v) !== null).length;
        if (taken < 50 || refused < 45) wrong.push(`${op.operationId} ${name}: ${taken}/50 valid ones taken, ${refused}/50 broken ones refused`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe(`every operation of the document (FUZZ_SEED=${SEED})`, () => {
  it('covers every operation', () => {
    expect(OPERATIONS.length).toBeGreaterThan(40);
    expect(new Set(OPERATIONS.map((o) => o.operationId)).size).toBe(OPERATIONS.length);
  });
  for (const op of OPERATIONS) {
    it(`${op.operationId}: ${op.method.toUpperCase()} ${op.path}`, () => fuzz(op, main, runsOf(op)));
  }
});

describe('the methods the document does not list', () => {
  it('are answered 405 on every path, with an Allow that names exactly the documented ones', async () => {
    const wrong: string[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      const documented = Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => m.toUpperCase());
      const allow = [...new Set([...documented, ...(documented.includes('GET') ? ['HEAD'] : []), 'OPTIONS'])].sort().join(', ');
      const path = template.replace(/\{[^}]+\}/g, () => crypto.randomUUID());
      for (const method of METHODS.map((m) => m.toUpperCase()).filter((m) => !documented.includes(m))) {
        const res = await fetch(`${main.url}${path}`, { method, headers: { Authorization: `Bearer ${guest.token}` } });
        const body = await res.text();
        if (res.status !== 405 || res.headers.get('allow') !== allow) wrong.push(`${method} ${template} → ${res.status} Allow: ${res.headers.get('allow')} (documented: ${allow}) ${body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('with the rate limits of a default configuration', () => {
  it('every operation, a few runs each: a 429 is documented and says when to retry', async () => {
    for (const op of OPERATIONS) await fuzz(op, limited, 2, 1);
    // Then past two budgets, so that the runs meet 429s: the exports' (10 a minute) and that of the
    // failed tokens (30 a minute per address, which then refuses every token of the address).
    for (let i = 0; i < 11; i++) await (await fetch(`${limited.url}/v1/games/export`)).text();
    for (let i = 0; i < 31; i++) await (await fetch(`${limited.url}/v1/players/me`, { headers: { Authorization: 'Bearer x' } })).text();
    const before = rateLimited;
    for (const op of OPERATIONS) await fuzz(op, limited, 2, 2);
    expect(rateLimited - before).toBeGreaterThan(5);
  });
});
