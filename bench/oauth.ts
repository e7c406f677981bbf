// An app's token exchange, and a flood of bad codes from one address: `tsx bench/oauth.ts`.
//
// The service in this process (startService) on in-memory PGlite (or DATABASE_URL's server, as
// given). One account approves BENCH_EXCHANGES (200) requests; each code is exchanged at
// POST /oauth/token (the code's lookup under its row lock, the grant and refresh token written,
// an access token signed) and timed, and so is a refresh. Then BENCH_FLOOD (300) made-up codes from
// one address, as fast as one connection sends them, with the default RATE_LIMIT_OAUTH: how many
// are answered invalid_grant, how many 429, and how long a refusal takes. Prints numbers only.
import { createHash, randomBytes } from 'node:crypto';
import { startService } from '../src/app/server.ts';
import { loadConfig } from '../src/app/config.ts';

const env = process.env;
const EXCHANGES = Number(env.BENCH_EXCHANGES ?? 200);
const FLOOD = Number(env.BENCH_FLOOD ?? 300);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (xs: number[]) => `median ${quantile(xs, 0.5).toFixed(2)} ms, p90 ${quantile(xs, 0.9).toFixed(2)} ms, p99 ${quantile(xs, 0.99).toFixed(2)} ms`;

// Every budget off but the one of the apps' endpoints, left at its default for the flood.
const limits = Object.fromEntries(['PLAYER', 'ANONYMOUS', 'SIGNUP', 'AUTH_FAILURES', 'PAGES', 'SIGNIN', 'SIGNIN_ADDRESS', 'SIGNIN_USERNAME_ADDRESS', 'EXPORT'].map((l) => [`RATE_LIMIT_${l}`, '0']));
const service = await startService(loadConfig({ ...limits, RATE_LIMIT_OAUTH: '0', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: env.DATABASE_URL ?? 'memory://', LOG_LEVEL: 'silent' }));
const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
try {
  const up = await (await fetch(`${service.url}/v1/accounts`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'bench_oauth', password: 'correct horse battery staple' }) })).json();
  const auth = { Authorization: `Bearer ${up.token}`, 'Content-Type': 'application/json' };
  const redirectUri = 'http://127.0.0.1:8400/cb';
  const exchange: number[] = [];
  const refresh: number[] = [];
  // Timed without the budget (RATE_LIMIT_OAUTH=0 here); the flood below has it.
  for (let i = 0; i < EXCHANGES; i++) {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const approval = await (await fetch(`${service.url}/v1/oauth/approvals`, { method: 'POST', headers: auth, body: JSON.stringify({ clientId: 'bench', redirectUri, scope: 'read play', codeChallenge: challenge, codeChallengeMethod: 'S256', approve: true }) })).json();
    const code = new URL(approval.redirectTo).searchParams.get('code') ?? '';
    let t = performance.now();
    const res = await fetch(`${service.url}/oauth/token`, form({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri, client_id: 'bench' }));
    const tokens = await res.json();
    if (res.status === 429) break;
    exchange.push(performance.now() - t);
    t = performance.now();
    const renewed = await fetch(`${service.url}/oauth/token`, form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'bench' }));
    await renewed.text();
    if (renewed.status === 429) break;
    refresh.push(performance.now() - t);
  }
  console.log(`code exchange (${exchange.length}): ${ms(exchange)}`);
  console.log(`refresh (${refresh.length}): ${ms(refresh)}`);
  // The exchanges above spent this address's budget for the minute: a new service for the flood.
} finally {
  await service.close();
}

const flooded = await startService(loadConfig({ ...limits, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: env.DATABASE_URL ?? 'memory://', LOG_LEVEL: 'silent' }));
try {
  const counts: Record<number, number> = {};
  const times: Record<number, number[]> = {};
  const started = performance.now();
  for (let i = 0; i < FLOOD; i++) {
    const t = performance.now();
    const res = await fetch(`${flooded.url}/oauth/token`, form({ grant_type: 'authorization_code', code: randomBytes(32).toString('base64url'), code_verifier: randomBytes(32).toString('base64url'), redirect_uri: 'http://127.0.0.1:8400/cb', client_id: 'flood' }));
    await res.text();
    counts[res.status] = (counts[res.status] ?? 0) + 1;
    (times[res.status] ??= []).push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`flood of ${FLOOD} bad codes from one address in ${seconds.toFixed(1)} s: ${Object.entries(counts).map(([s, n]) => `${n} × ${s}`).join(', ')}`);
  for (const [status, xs] of Object.entries(times)) console.log(`  ${status}: ${ms(xs)}`);
} finally {
  await flooded.close();
}
