// TokenService remembers own tokens it has verified (an Ed25519 check per request is most of
// auth's cost). A remembered token must be answered exactly as a first-time check would be.
import { describe, expect, it } from 'vitest';
import { T0, service } from './fixtures.ts';

describe('verified-token cache', () => {
  it('answers like a fresh check at every second around expiry', async () => {
    let now = T0;
    const warm = await service({ now: () => now, ttlSeconds: 60 });
    const { token } = await warm.issue('p');
    expect(await warm.verify(token)).toMatchObject({ ok: true, principal: { kind: 'guest', playerId: 'p' } });
    for (let s = 55; s <= 70; s++) {
      const at = new Date(T0.getTime() + s * 1000 + 500);
      const fresh = await service({ now: () => at, ttlSeconds: 60 });
      now = at;
      const [cached, uncached] = [await warm.verify(token), await fresh.verify(token)];
      expect({ s, ...cached }).toEqual({ s, ...uncached });
    }
  });

  it('never answers for a token it has not verified (another signature, another player)', async () => {
    const tokens = await service();
    const { token } = await tokens.issue('anna');
    expect((await tokens.verify(token)).ok).toBe(true);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'mallory' })).toString('base64url')}.${signature}`;
    expect(await tokens.verify(forged)).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await tokens.verify(flipped)).toMatchObject({ ok: false });
  });
});
