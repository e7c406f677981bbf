// Control characters and lone surrogates in every text field of the account and player requests
// (fast-check): refused at the schema with 400 VALIDATION_FAILED before anything reaches the
// database (Postgres refuses NUL in text: that was a 500), never a 5xx, and nothing changes.
// Passwords compared with a stored one (sign-in, the current password) refuse only NUL: any other
// character is a wrong password like any other. Run on PGlite and, with DATABASE_URL, on Postgres.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from '../support/db.ts';
import { expectProblem } from '../support/problems.ts';
import { startTestService, type TestService } from '../support/service.ts';

const PASSWORD = 'correct horse battery staple';

/** One character no stored text may hold: C0, DEL, C1, or half of a surrogate pair alone. */
const badChar = fc.oneof(
  fc.integer({ min: 0x00, max: 0x1f }),
  fc.constant(0x7f),
  fc.integer({ min: 0x80, max: 0x9f }),
  fc.integer({ min: 0xd800, max: 0xdfff }),
).map((code) => String.fromCharCode(code));

/** `valid` with `bad` put inside it (not at an end, where a name's trimming could take it off). */
const spoil = (valid: string, bad: string, at: number) => {
  const i = 1 + (at % (valid.length - 1));
  return valid.slice(0, i) + bad + valid.slice(i);
};

describe(`control characters in request texts (${testDriver})`, () => {
  let service: TestService;
  let owner: { username: string; auth: { Authorization: string } };
  let guest: { playerId: string; auth: { Authorization: string } };
  beforeAll(async () => {
    service = await startTestService();
    const made = (await service.http.post('/v1/accounts').send({ username: 'owner_1', password: PASSWORD, name: 'Owner' }).expect(201)).body;
    owner = { username: made.username, auth: { Authorization: `Bearer ${made.token}` } };
    const g = (await service.http.post('/v1/players').send({ name: 'Gast' }).expect(201)).body;
    guest = { playerId: g.playerId, auth: { Authorization: `Bearer ${g.token}` } };
  });
  afterAll(() => service?.close());

  /** Everything these requests could change: players and their names, accounts and their hashes, tokens, kept answers. */
  const state = async () =>
    (
      await service.database.query(`select
        (select coalesce(string_agg(id::text || ':' || name, ',' order by id), '') from players) as players,
        (select coalesce(string_agg(player_id::text || ':' || username || ':' || password_hash, ',' order by player_id), '') from accounts) as accounts,
        (select count(*)::int from access_tokens) as tokens,
        (select count(*)::int from create_answers) as answers`)
    )[0];

  type Target = { field: string; send: (bad: string, at: number) => ReturnType<TestService['http']['post']>; otherwise?: [number, string] };
  const TARGETS: Target[] = [
    { field: 'POST /v1/accounts username', send: (b, at) => service.http.post('/v1/accounts').send({ username: spoil('new_user', b, at), password: PASSWORD }) },
    { field: 'POST /v1/accounts password', send: (b, at) => service.http.post('/v1/accounts').send({ username: 'new_user', password: spoil(PASSWORD, b, at) }) },
    { field: 'POST /v1/accounts name', send: (b, at) => service.http.post('/v1/accounts').send({ username: 'new_user', password: PASSWORD, name: spoil('Anna K', b, at) }) },
    { field: 'POST /v1/sessions username', send: (b, at) => service.http.post('/v1/sessions').send({ username: spoil(owner.username, b, at), password: PASSWORD }) },
    {
      field: 'POST /v1/sessions password',
      send: (b, at) => service.http.post('/v1/sessions').send({ username: owner.username, password: spoil(PASSWORD, b, at) }),
      otherwise: [401, 'INVALID_CREDENTIALS'],
    },
    { field: 'POST /v1/players name', send: (b, at) => service.http.post('/v1/players').send({ name: spoil('Anna K', b, at) }) },
    { field: 'POST /v1/players/me/account username', send: (b, at) => service.http.post('/v1/players/me/account').set(guest.auth).send({ username: spoil('new_user', b, at), password: PASSWORD }) },
    { field: 'POST /v1/players/me/account password', send: (b, at) => service.http.post('/v1/players/me/account').set(guest.auth).send({ username: 'new_user', password: spoil(PASSWORD, b, at) }) },
    { field: 'POST /v1/players/me/tokens name', send: (b, at) => service.http.post('/v1/players/me/tokens').set(owner.auth).send({ name: spoil('my bot', b, at) }) },
    {
      field: 'PUT /v1/players/me/password currentPassword',
      send: (b, at) => service.http.put('/v1/players/me/password').set(owner.auth).send({ currentPassword: spoil(PASSWORD, b, at), newPassword: 'a new and longer passphrase' }),
      otherwise: [403, 'WRONG_PASSWORD'],
    },
    {
      field: 'PUT /v1/players/me/password newPassword',
      send: (b, at) => service.http.put('/v1/players/me/password').set(owner.auth).send({ currentPassword: PASSWORD, newPassword: spoil('a new and longer passphrase', b, at) }),
    },
    { field: 'Idempotency-Key (a tab: the one control character HTTP lets through)', send: (_b, at) => service.http.post('/v1/players').set('Idempotency-Key', spoil('key-1', '\t', at)).send({ name: 'Gast' }) },
  ];

  it('refuses each with 400 VALIDATION_FAILED (a compared password: only NUL), never a 5xx, and changes nothing', async () => {
    const before = await state();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TARGETS), badChar, fc.nat(), async (target, bad, at) => {
        const res = await target.send(bad, at);
        expect(res.status, target.field).toBeLessThan(500);
        const [status, code] = target.otherwise && bad !== '\u0000' ? target.otherwise : [400, 'VALIDATION_FAILED'];
        const body = expectProblem(res, status, code);
        if (code === 'VALIDATION_FAILED') expect(body.errors.length, target.field).toBeGreaterThan(0);
      }),
      // NUL in every field first: the character of the 500s.
      { seed: 20_240_229, numRuns: 200, examples: TARGETS.map((t) => [t, '\u0000', 3] as [Target, string, number]) },
    );
    expect(await state()).toEqual(before);
    // And the account still signs in with its password; the guest is still a guest.
    await service.http.post('/v1/sessions').send({ username: owner.username, password: PASSWORD }).expect(201);
    expect((await service.http.get('/v1/players/me').set(guest.auth).expect(200)).body.username).toBeNull();
  });

  it('the document carries the rule: every text of a request has a pattern that refuses NUL', async () => {
    const doc = (await service.http.get('/openapi.json').expect(200)).body;
    const schemas = doc.components.schemas as Record<string, Record<string, unknown>>;
    const texts: string[] = [];
    const walk = (s: Record<string, unknown> | undefined, where: string, seen: Set<string>) => {
      if (!s) return;
      const ref = s.$ref as string | undefined;
      if (ref) {
        const name = ref.split('/').pop() as string;
        if (!seen.has(name)) walk(schemas[name], where, new Set([...seen, name]));
        return;
      }
      for (const k of ['anyOf', 'oneOf', 'allOf']) for (const sub of (s[k] as Record<string, unknown>[] | undefined) ?? []) walk(sub, where, seen);
      for (const [k, v] of Object.entries((s.properties as Record<string, Record<string, unknown>> | undefined) ?? {})) walk(v, `${where}.${k}`, seen);
      if (s.items) walk(s.items as Record<string, unknown>, `${where}[]`, seen);
      const types = ([] as unknown[]).concat(s.type);
      // A string of a fixed set, or a date-time, holds no control character; any other needs a pattern that refuses NUL.
      if (types.includes('string') && !s.enum && s.const === undefined && s.format !== 'date-time') {
        texts.push(where);
        expect(typeof s.pattern === 'string' && !new RegExp(s.pattern).test('a\u0000b'), `${where}: a pattern that refuses NUL`).toBe(true);
      }
    };
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Record<string, any>>>)) {
      for (const [method, op] of Object.entries(item)) {
        const at = `${method.toUpperCase()} ${path}`;
        // Prefer is parsed for its preference, never stored or looked up; a cursor is decoded and
        // its values checked (ids by their pattern, times by a round trip) before any query sees them.
        for (const p of op.parameters ?? []) if (p.name !== 'prefer' && !/cursor$/i.test(p.name)) walk(p.schema, `${at} ${p.in}:${p.name}`, new Set());
        walk(op.requestBody?.content?.['application/json']?.schema, `${at} body`, new Set());
      }
    }
    expect(texts.length).toBeGreaterThan(40);
  });
});
