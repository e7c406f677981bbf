import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { AuthError } from '../../src/platform/auth/errors.ts';
import { authenticate, requirePlayer, type AuthVariables } from '../../src/platform/auth/middleware.ts';
import type { Principal } from '../../src/platform/auth/principal.ts';
import { PLATFORM_PROBLEMS } from '../../src/platform/http/problems.ts';
import { clock, service } from './fixtures.ts';

const KNOWN = new Map([['p1', 'Alice']]);

async function resolvePlayer(principal: Principal) {
  if (principal.kind !== 'guest') return null;
  const name = KNOWN.get(principal.playerId);
  return name ? { playerId: principal.playerId, name } : null;
}

/** A tiny app: `/me` echoes the player, `/act` requires one; errors are captured for inspection. */
async function setup(now?: () => Date) {
  const tokens = await service({ now, ttlSeconds: 60 });
  const errors: unknown[] = [];
  const app = new Hono<{ Variables: AuthVariables }>();
  app.use(authenticate({ tokens, resolvePlayer }));
  app.get('/me', (c) => c.json({ player: c.var.player }));
  app.post('/act', (c) => c.json({ actingAs: requirePlayer(c).playerId }));
  app.onError((error, c) => {
    errors.push(error);
    // As the service's edge does: the status comes from the problem catalogue.
    return error instanceof AuthError ? c.json({ code: error.code, detail: error.message }, PLATFORM_PROBLEMS[error.code].status) : c.text('boom', 500);
  });
  const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
  return { app, tokens, errors, bearer };
}

describe('authenticate', () => {
  it('treats a request without Authorization as an anonymous spectator', async () => {
    const { app, errors } = await setup();
    const res = await app.request('/me');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ player: null });
    expect(errors).toEqual([]);
  });

  it('sets the player for a good token, with the scheme matched case-insensitively', async () => {
    const { app, tokens } = await setup();
    const { token } = await tokens.issue('p1');
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await app.request('/me', { headers: { Authorization: `${scheme} ${token}` } });
      expect(await res.json()).toMatchObject({ player: { playerId: 'p1', name: 'Alice', grant: { scopes: ['play', 'read', 'account'] } } });
    }
  });

  it('throws AuthError for malformed headers', async () => {
    const { app, errors, tokens } = await setup();
    const { token } = await tokens.issue('p1');
    for (const header of ['', 'Bearer', 'Bearer ', `Basic ${token}`, `Token ${token}`, `Bearer ${token} extra`, `Bearer\t${token}`]) {
      const res = await app.request('/me', { headers: { Authorization: header } });
      expect(res.status, JSON.stringify(header)).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    }
    expect(errors.every((e) => e instanceof AuthError)).toBe(true);
  });

  it('throws AuthError for a bad token, without the token in the detail', async () => {
    const { app, errors, bearer } = await setup();
    const res = await app.request('/me', bearer('abc.def.ghi'));
    expect(res.status).toBe(401);
    expect(errors[0]).toBeInstanceOf(AuthError);
    expect((errors[0] as AuthError).code).toBe('INVALID_TOKEN');
    expect((errors[0] as AuthError).message).not.toContain('abc.def.ghi');
  });

  it('reports an expired token as TOKEN_EXPIRED', async () => {
    const time = clock();
    const { app, tokens, bearer } = await setup(time.now);
    const { token } = await tokens.issue('p1');
    time.advance(3600);
    const res = await app.request('/me', bearer(token));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('rejects a valid token whose player the app does not know', async () => {
    const { app, tokens, bearer } = await setup();
    const { token } = await tokens.issue('deleted-player');
    const res = await app.request('/me', bearer(token));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('does not call resolvePlayer for anonymous or invalid requests', async () => {
    const tokens = await service();
    const spy = vi.fn(resolvePlayer);
    const app = new Hono<{ Variables: AuthVariables }>();
    app.use(authenticate({ tokens, resolvePlayer: spy }));
    app.get('/', (c) => c.text('ok'));
    app.onError((_e, c) => c.text('no', 401));
    await app.request('/');
    await app.request('/', { headers: { Authorization: 'Bearer nope' } });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('requirePlayer', () => {
  it('returns the player when authenticated', async () => {
    const { app, tokens, bearer } = await setup();
    const { token } = await tokens.issue('p1');
    const res = await app.request('/act', { method: 'POST', ...bearer(token) });
    expect(await res.json()).toEqual({ actingAs: 'p1' });
  });

  it('throws AuthError for an anonymous caller', async () => {
    const { app, errors } = await setup();
    const res = await app.request('/act', { method: 'POST' });
    expect(res.status).toBe(401);
    expect(errors[0]).toBeInstanceOf(AuthError);
    expect(errors[0]).toMatchObject({ code: 'INVALID_TOKEN', message: 'this call needs a bearer token' });
    // The error carries no HTTP status of its own; the catalogue answers INVALID_TOKEN with 401.
    expect(PLATFORM_PROBLEMS[(errors[0] as AuthError).code].status).toBe(401);
  });
});
