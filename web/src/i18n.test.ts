import { describe, expect, it } from 'vitest';
import { cardName, MESSAGES, pickLanguage, translator } from './i18n.ts';

describe('the language', () => {
  it('follows the browser: the first preferred language that is German or English', () => {
    expect(pickLanguage(null, ['de-DE', 'en-US'])).toBe('de');
    expect(pickLanguage(null, ['de-AT'])).toBe('de');
    expect(pickLanguage(null, ['fr-FR', 'en-GB', 'de'])).toBe('en');
    expect(pickLanguage(null, ['fr', 'DE_ch'])).toBe('de');
    expect(pickLanguage(undefined, ['nl', 'fr'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });

  it('the player’s own pick wins; a stored value that is no language is ignored', () => {
    expect(pickLanguage('en', ['de-DE'])).toBe('en');
    expect(pickLanguage('de', ['en-US'])).toBe('de');
    expect(pickLanguage('fr', ['de-DE'])).toBe('de');
  });
});

describe('the labels', () => {
  it('German and English have the same keys, none empty, the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(MESSAGES.de).sort()).toEqual(Object.keys(MESSAGES.en).sort());
    for (const key of Object.keys(MESSAGES.en) as (keyof typeof MESSAGES.en)[]) {
      expect(MESSAGES.de[key], key).not.toBe('');
      expect(placeholders(MESSAGES.de[key]), key).toEqual(placeholders(MESSAGES.en[key]));
    }
  });

  it('German says none of the English words that used to leak onto German pages, and no raw code', () => {
    const leaks = [/\bonline\b/i, /\bSeed\b/, /WebCrypto/, /\b(costly|mistake|provisional)\b/i, /\bon (Linux|Windows|macOS|Android|iOS)\b/, /[A-Z]{2,}_[A-Z_]+/];
    for (const [key, text] of Object.entries(MESSAGES.de)) for (const leak of leaks) expect(text, key).not.toMatch(leak);
  });

  it('the game’s terms in both languages', () => {
    const de = translator('de');
    const en = translator('en');
    for (const term of ['kontra', 're', 'schneider', 'schwarz', 'game_ramsch'] as const) {
      expect(de(term)).toMatch(/^(Kontra|Re|Schneider|Schwarz|Ramsch)$/);
      expect(en(term)).toBe(de(term));
    }
    expect(de('game_clubs')).toBe('Kreuz');
    expect(en('game_clubs')).toBe('Clubs');
    expect(de('forehand')).toBe('Vorhand');
    expect(de('dealer')).toBe('Geber');
  });

  it('fills placeholders and names cards', () => {
    expect(translator('en')('points', { n: 31 })).toBe('31 points');
    expect(translator('de')('points', { n: 31 })).toBe('31 Augen');
    expect(translator('en')('points')).toBe('{n} points');
    expect(cardName(translator('de'), 'CJ')).toBe('Kreuz Bube');
    expect(cardName(translator('en'), 'HT')).toBe('Ten of Hearts');
  });
});
