// Revoking a token while the revocation list is long: `tsx bench/revocations.ts`.
//
// The service in this process (startService) on in-memory PGlite, or on a scratch database of the
// server DATABASE_URL names (made and dropped). One account; BENCH_REVOKED (8,000) of its tokens
// revoked and not expired (ten-year tokens, revoked over the last hours: written in one statement,
// then analyzed and read once); then BENCH_CYCLES (200) times: make a token (POST /v1/players/me/tokens) and
// revoke it (DELETE …/tokens/{tokenId}), timing the revocation (its answer waits for this
// process's refresh of the list). Prints the revocation's median and p90, and a refresh's alone.
// Prints numbers; nothing here passes or fails.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { startService } from '../src/app/server.ts';
import { loadConfig } from '../src/app/config.ts';

const env = process.env;
const REVOKED = Number(env.BENCH_REVOKED ?? 8000);
const CYCLES = Number(env.BENCH_CYCLES ?? 200);
const serverUrl = env.DATABASE_URL?.startsWith('postgres') ? env.DATABASE_URL : undefined;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

async function scratch(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) return { url: 'memory://', drop: async () => {} };
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await sql.unsafe(statement);
    await sql.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

const db = await scratch();
const limits = Object.fromEntries(['PLAYER', 'ANONYMOUS', 'SIGNUP', 'AUTH_FAILURES', 'PAGES', 'SIGNIN', 'SIGNIN_ADDRESS', 'EXPORT'].map((l) => [`RATE_LIMIT_${l}`, '0']));
const service = await startService(loadConfig({ ...limits, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: db.url, LOG_LEVEL: 'silent' }));
try {
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${service.url}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : ((await res.json()) as { playerId: string; token: string; tokenId: string });
  };
  const account = await call('POST', '/v1/accounts', undefined, { username: 'revoker', password: 'correct horse battery staple' });
  if (!account) throw new Error('no account');
  const t0 = performance.now();
  await service.parts.database.query(
    `insert into access_tokens (id, player_id, name, scopes, key_id, created_at, expires_at, revoked_at)
     select 'old-' || i, t.player_id, 'old', t.scopes, t.key_id, now() - make_interval(secs => 2 * i), now() + interval '10 years', now() - make_interval(secs => i)
     from access_tokens t, generate_series(1, $2::int) i where t.id = $1`,
    [account.tokenId, REVOKED],
  );
  // The planner's statistics, as autovacuum keeps them for a table that grew over time (a bulk
  // insert is not analyzed for up to a minute, and reads along the index look dear until it is).
  await service.parts.database.query('analyze access_tokens');
  await service.parts.revocations.refresh();
  console.log(`${REVOKED} revoked tokens written and read in ${((performance.now() - t0) / 1000).toFixed(1)} s (${serverUrl ? 'Postgres' : 'PGlite'})`);

  const revokes: number[] = [];
  for (let i = 0; i < CYCLES; i++) {
    const made = await call('POST', '/v1/players/me/tokens', account.token, { name: `cycle ${i}` });
    const t = performance.now();
    await call('DELETE', `/v1/players/me/tokens/${made?.tokenId}`, account.token);
    revokes.push(performance.now() - t);
  }
  const refreshes: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await service.parts.revocations.refresh();
    refreshes.push(performance.now() - t);
  }
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(`revoke (DELETE, ${CYCLES} times, ${REVOKED}+ revoked in the list): median ${ms(quantile(revokes, 0.5))}, p90 ${ms(quantile(revokes, 0.9))}`);
  console.log(`a refresh of the list alone (50 times): median ${ms(quantile(refreshes, 0.5))}, p90 ${ms(quantile(refreshes, 0.9))}`);
} finally {
  await service.close();
  await db.drop();
}
