// A real HTTP server over a fresh test database (PGlite, or the server of DATABASE_URL), and a
// small client for the tests: players, games, moves. Every answer it receives is checked against
// openapi/openapi.json (test/support/openapi.ts).
import request from 'supertest';
import { loadConfig, type AppConfig } from '../../src/app/config.ts';
import { openDatabase, type Database } from '../../src/platform/db/client.ts';
import type { Logger } from '../../src/platform/log.ts';
import type { ScryptParams } from '../../src/accounts/password.ts';
import { startService, type RunningService, type ServiceOptions } from '../../src/app/server.ts';
import type { Move, Seat } from '../../src/engine/index.ts';
import { createScratchDatabase, openTestDatabase, testDriver } from './db.ts';
import { unwatchOrigin, validated, watchOrigin } from './openapi.ts';

export interface TestService extends RunningService {
  http: ReturnType<typeof request>;
  database: Database;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // No rate limits: the suites make many requests from one address (test/http/limits.test.ts sets its own).
  // No analysis threads: the analysis suites (test/analysis/) start their own.
  // Every suite's tournaments come from one address (test/tournaments/caps.test.ts sets the cap it tests).
  // No house bots (on by default on the embedded database): a suite that wants them starts them.
  // No rest between an arena's games (test/tournaments/rest-pause.test.ts sets the rest it tests).
  const env = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: 'memory://', RATE_LIMIT_PLAYER: '0', RATE_LIMIT_ANONYMOUS: '0', RATE_LIMIT_SIGNUP: '0', RATE_LIMIT_AUTH_FAILURES: '0', RATE_LIMIT_PAGES: '0', RATE_LIMIT_SIGNIN: '0', RATE_LIMIT_SIGNIN_ADDRESS: '0', RATE_LIMIT_SIGNIN_USERNAME_ADDRESS: '0', RATE_LIMIT_OAUTH: '0', RATE_LIMIT_USER_CODES: '0', RATE_LIMIT_EXPORT: '0', ANALYSIS_WORKERS: '0', TOURNAMENT_MAX_PER_ADDRESS: '100000', HOUSE_BOTS: 'off', TOURNAMENT_REST_MS: '0' };
  return { ...loadConfig(env), ...overrides };
}

/**
 * A test service's log: quiet, except for the service's own failures (an answer 500 and the like),
 * which go to stderr so that a failing run says what went wrong inside.
 */
export const testLogger: Logger = {
  info() {},
  error(fields) {
    console.error(`[test service] ${JSON.stringify(fields)}`);
  },
};

/**
 * Password hashes at a cost of 2^10 instead of 2^15 (about 1 ms of a core instead of 50–100): the
 * suites sign up and in hundreds of times. The production parameters are tested on their own
 * (test/accounts/password.test.ts), and a deployment cannot lower them.
 */
export const TEST_PASSWORD_HASHING: ScryptParams = { logN: 10, r: 8, p: 1 };

/** Starts the service on a port of its own; `database` may be shared between two instances. */
export async function startTestService(
  options: ServiceOptions & { config?: Partial<AppConfig>; database?: Database; log?: Logger } = {},
): Promise<TestService> {
  const ownDatabase = !options.database;
  const database = options.database ?? (await openTestDatabase());
  const service = await startService(testConfig(options.config), { log: testLogger, passwordHashing: TEST_PASSWORD_HASHING, ...options, database });
  watchOrigin(service.url);
  return {
    ...service,
    database,
    http: validated(request(service.url)),
    async close() {
      unwatchOrigin(service.url);
      await service.close();
      if (ownDatabase) await database.close();
    },
  };
}

export interface TestPlayer {
  playerId: string;
  name: string;
  token: string;
  auth: { Authorization: string };
}

export class Client {
  constructor(readonly http: ReturnType<typeof request>) {}

  async player(name = 'Anna'): Promise<TestPlayer> {
    const res = await this.http.post('/v1/players').send({ name }).expect(201);
    return { ...res.body, auth: { Authorization: `Bearer ${res.body.token}` } };
  }

  async createGame(p: TestPlayer, body: Record<string, unknown> = {}) {
    const res = await this.http.post('/v1/games').set(p.auth).send(body);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** Two players at one started game; returns them by seat. */
  async startedGame(body: Record<string, unknown> = {}) {
    const a = await this.player('Anna');
    const b = await this.player('Bert');
    const created = await this.createGame(a, { seat: 'forehand', ...body });
    const joined = await this.http.post(`/v1/games/${created.id}/join`).set(b.auth).expect(200);
    return { gameId: created.id as string, forehand: a, dealer: b, view: joined.body, bySeat: { forehand: a, dealer: b } as Record<Seat, TestPlayer> };
  }

  move(gameId: string, p: TestPlayer, move: Move | Record<string, unknown>, extra: Record<string, unknown> = {}) {
    return this.http.post(`/v1/games/${gameId}/moves`).set(p.auth).send({ move, ...extra });
  }

  view(gameId: string, p?: TestPlayer) {
    const r = this.http.get(`/v1/games/${gameId}`);
    return p ? r.set(p.auth) : r;
  }
}

/** Reproducible random play in tests: the bots' own random source. */
export { rng } from '../../src/bots/rng.ts';

/**
 * Two instances of the service on one database, as two processes would be: on the Postgres
 * server each with connections of its own (a scratch database, dropped at close); on PGlite both
 * on the one embedded database.
 */
export async function twoInstances(options: Parameters<typeof startTestService>[0] = {}) {
  let dbs: Database[];
  let drop: (() => Promise<void>) | undefined;
  if (testDriver === 'postgres') {
    const scratch = await createScratchDatabase({ migrated: true });
    drop = scratch.drop;
    dbs = [await openDatabase(scratch.url, { poolSize: 4, ...scratch.options }), await openDatabase(scratch.url, { poolSize: 4, ...scratch.options })];
  } else {
    dbs = [await openTestDatabase()];
  }
  const a = await startTestService({ ...options, database: dbs[0] });
  const b = await startTestService({ ...options, database: dbs[1] ?? dbs[0] });
  return {
    a,
    b,
    dbs,
    async close() {
      await a.close();
      await b.close();
      for (const d of dbs) await d.close();
      await drop?.();
    },
  };
}
