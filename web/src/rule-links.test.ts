// The result's words of the rules link to their explanation on /rules: each term the result's
// lines use is split out with its section, and /rules has every section in both languages.
import { describe, expect, it } from 'vitest';
import type { ContractView, Result } from '../../src/engine/index.ts';
import { MESSAGES, translator } from './i18n.ts';
import { RULE_TOPICS } from './i18n-rules.ts';
import { describeResult } from './result.ts';
import { splitTerms } from './rule-links.ts';

const result = (over: Partial<Result>): Result => ({
  declarer: 'forehand',
  game: 'spades',
  won: false,
  draw: false,
  end: 'played',
  declarerPoints: 95,
  defenderPoints: 25,
  schneider: true,
  schwarz: false,
  matadors: -1,
  multiplier: 4,
  value: 44,
  kontra: true,
  re: true,
  overbid: false,
  durchmarsch: false,
  passedIn: false,
  resigned: null,
  timedOut: null,
  scores: { forehand: -352, dealer: 0 },
  ...over,
});
const contract: ContractView = { declarer: 'forehand', game: 'spades', hand: true, schneider: false, schwarz: false, bid: null, kontra: true, re: true };
const names = { forehand: 'Anna', dealer: 'Bert' };

describe('the result’s terms', () => {
  it('“without 1”, Hand, Schneider, the multiplier, a lost game, Kontra and Re each link to their section', () => {
    for (const [language, words] of [
      ['en', ['without 1', 'hand', 'schneider', 'multiplier 4', 'lost: × −2', 'Kontra × 2', 'Re × 2']],
      ['de', ['ohne 1', 'Hand', 'Schneider', '4 Stufen', 'verloren: × −2', 'Kontra × 2', 'Re × 2']],
    ] as const) {
      const d = describeResult(result({}), contract, { scoring: 'standard' }, names, translator(language));
      const linked = d.lines.flatMap((l) => splitTerms(l, d.terms)).filter((p) => typeof p !== 'string');
      expect(linked.map((p) => p.text)).toEqual(expect.arrayContaining([...words]));
      expect(Object.fromEntries(linked.map((p) => [p.topic, true]))).toMatchObject({ matadors: true, hand: true, schneider: true, multiplier: true, lost: true, kontra: true, re: true });
      // Split and joined again, every line reads as before.
      for (const l of d.lines) expect(splitTerms(l, d.terms).map((p) => (typeof p === 'string' ? p : p.text)).join('')).toBe(l);
    }
  });

  it('prefers the longer term where two start at the same place; plain text stays plain', () => {
    const terms: [string, 'schneider' | 'announced'][] = [['schneider', 'schneider'], ['schneider announced', 'announced']];
    expect(splitTerms('x + schneider announced 1 + schneider 1', terms)).toEqual([
      'x + ',
      { text: 'schneider announced', topic: 'announced' },
      ' 1 + ',
      { text: 'schneider', topic: 'schneider' },
      ' 1',
    ]);
    expect(splitTerms('nothing here', terms)).toEqual(['nothing here']);
  });

  it('/rules has every section, titled and explained, in English and German', () => {
    for (const topic of RULE_TOPICS)
      for (const language of ['en', 'de'] as const) {
        const table = MESSAGES[language] as Record<string, string>;
        expect(table[`rule_${topic}_title`], `${language} ${topic}`).toBeTruthy();
        expect(table[`rule_${topic}_text`], `${language} ${topic}`).toBeTruthy();
      }
  });
});
