// Every list's cursor is checked whole before it reaches the database: a forged one (a date
// Postgres reads otherwise or not at all, an impossible date, a value of the wrong type, a tuple
// of the wrong length, a text the database cannot hold) is 400 INVALID_CURSOR, never a 500.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { startTestService, type TestService } from '../support/service.ts';

let service: TestService;
let token: string;
beforeAll(async () => {
  service = await startTestService();
  token = (await service.http.post('/v1/players').send({ name: 'Cursor' }).expect(201)).body.token;
});
afterAll(() => service?.close());

const b64 = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');
const ID = '00000000-0000-0000-0000-000000000000';
const AT = '2026-01-01T00:00:00.000Z';

/** Forged for any list: not a tuple, or a tuple of the wrong length or of the wrong types. */
const ANY = [b64([]), b64({}), b64('x'), b64(1), b64(null), b64([AT]), b64([AT, ID, 1, 2]), b64([null, null]), b64([true, false]), b64([{}, []])];

/** Forged for a (timestamp, id) list: what the issue sent ("2026") and its kin. */
const STAMPED = [
  b64(['2026', ID]),
  b64(['2026-02-31T00:00:00.000Z', ID]),
  b64(['2026-13-01T00:00:00.000Z', ID]),
  b64(['2026-01-01T24:00:00.000Z', ID]),
  b64(['2026-01-01', ID]),
  b64(['2026-01-01T00:00:00Z', ID]),
  b64(['2026-01-01 00:00:00+00', ID]),
  b64(['Thu, 01 Jan 2026 00:00:00 GMT', ID]),
  b64(['infinity', ID]),
  b64(['epoch', ID]),
  b64(['now', ID]),
  b64(['0000-01-01T00:00:00.000Z', ID]),
  b64(['+275760-09-13T00:00:00.000Z', ID]),
  b64([1767225600000, ID]),
  b64([AT, 1]),
  b64([AT, '']),
  b64([AT, 'a\u0000b']),
  b64([AT, 'x'.repeat(65)]),
  b64([AT, "'; select 1 --"]),
  b64([ID, AT]),
];

/** Forged for the player search's (name key, id). */
const SEARCH = [b64(['a\u0000b', ID]), b64(['\u0007', ID]), b64(['\ud800', ID]), b64([1, ID]), b64([null, ID]), b64(['anna', 'a b'])];

/** Forged for a leaderboard's (rating, id, rank). */
const BOARD = [
  b64([1500, ID, 1e300]),
  b64([1500, ID, 2 ** 53]),
  b64([1500, ID, -1]),
  b64([1500, ID, 1.5]),
  b64([1500, ID, '0']),
  b64(['1500', ID, 0]),
  b64([null, ID, 0]),
  b64([1500, 'a\u0000', 0]),
  b64([1500, ID]),
];

const LISTS: { path: string; forged: string[]; auth?: boolean }[] = [
  { path: '/v1/games', forged: STAMPED },
  { path: '/v1/games?status=finished', forged: STAMPED },
  { path: '/v1/matches', forged: STAMPED },
  { path: '/v1/seeks', forged: STAMPED },
  { path: '/v1/players/me/games', forged: STAMPED, auth: true },
  { path: '/v1/tournaments', forged: STAMPED },
  { path: '/v1/tournaments?status=running', forged: STAMPED },
  { path: '/v1/tournaments?status=finished', forged: STAMPED },
  { path: '/v1/players?name=a', forged: SEARCH },
  { path: '/v1/leaderboards/halfOpen', forged: BOARD },
];

describe('a forged cursor', () => {
  it.each(LISTS)('$path → 400 INVALID_CURSOR', async ({ path, forged, auth }) => {
    for (const cursor of [...ANY, ...forged]) {
      const req = service.http.get(`${path}${path.includes('?') ? '&' : '?'}cursor=${cursor}`);
      const res = await (auth ? req.set('Authorization', `Bearer ${token}`) : req);
      try {
        expectProblem(res, 400, 'INVALID_CURSOR');
      } catch (e) {
        throw new Error(`${path} with ${Buffer.from(cursor, 'base64url').toString()}: ${res.status} ${JSON.stringify(res.body)}`, { cause: e });
      }
    }
  });
});
