// A sign-in token's device said in the page's language, from the service's neutral name.
import { describe, expect, it } from 'vitest';
import { deviceName } from '../../src/accounts/user-agent.ts';
import { translator } from './i18n.ts';
import { tokenName } from './device-name.ts';

const en = translator('en');
const de = translator('de');

describe('a token’s name on the account page', () => {
  it('says the browser and system of a sign-in in the page’s language', () => {
    const linuxChrome = deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')!;
    expect(linuxChrome).toBe('Chrome on Linux');
    expect(tokenName(en, linuxChrome)).toBe('Chrome on Linux');
    expect(tokenName(de, linuxChrome)).toBe('Chrome unter Linux');
    expect(tokenName(de, 'Samsung Internet on Android')).toBe('Samsung Internet unter Android');
  });

  it('every browser and system the service names reads in German without “on”', () => {
    const agents = [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 OPR/105.0',
    ];
    for (const agent of agents) {
      const name = deviceName(agent)!;
      expect(name).toMatch(/ on /);
      expect(tokenName(de, name)).toMatch(/ unter /);
      expect(tokenName(de, name)).not.toMatch(/ on /);
    }
  });

  it('a nameless sign-in gets the page’s word; a name the person gave stays as written', () => {
    expect(tokenName(de, 'sign-in')).toBe(de('tokenSignIn'));
    expect(tokenName(de, 'my bot on the server')).toBe('my bot on the server');
    expect(tokenName(de, 'Chrome')).toBe('Chrome');
  });
});
