// The verification's words on the replay page (issue 22: "8 dealt batch(es)"): what held is said
// in the reader's language, with the count's plural form, never a "(es)".
import { describe, expect, it } from 'vitest';
import { verifyRecord } from '../../src/record/index.ts';
import { translator } from './i18n.ts';
import { playedRecord } from '../../test/support/test-record.ts';
import { checkLines, commitmentFormula, verifyInBrowser } from './verify.ts';

const en = translator('en');
const de = translator('de');

describe('the verification in words', () => {
  it('picks the plural form of a count by the language’s rules', () => {
    expect(en('verify_deal', { n: 1, cut: 12 })).toBe('1 packet dealt, each as the deck recomputed from the seed and cut at 12 gives it');
    expect(en('verify_deal', { n: 8, cut: 12 })).toMatch(/^8 packets dealt, /);
    expect(en('verify_moves', { n: 1 })).toMatch(/^1 move replayed/);
    expect(en('verify_moves', { n: 0 })).toMatch(/^0 moves replayed/);
    expect(de('verify_moves', { n: 1 })).toMatch(/^1 Zug aus dem Protokoll/);
    expect(de('verify_moves', { n: 23 })).toMatch(/^23 Züge aus dem Protokoll/);
    expect(de('verify_deal', { n: 8, cut: 5 })).toMatch(/^8 Päckchen gegeben, .* bei 5 abgehobene/);
  });

  it('says what held in each language, with no raw "(es)" or "batch"', async () => {
    const record = playedRecord('classic', 3);
    const outcome = await verifyInBrowser(record);
    expect(outcome.ok).toBe(true);
    const deal = outcome.checks.find((c) => c.name === 'deal')!;
    const moves = outcome.checks.find((c) => c.name === 'moves')!;
    expect(outcome.counts.dealt).toBeGreaterThan(1);
    expect(checkLines(deal, outcome, en)).toEqual([`${outcome.counts.dealt} packets dealt, each as the deck recomputed from the seed and cut at ${record.cut} gives it`]);
    expect(checkLines(deal, outcome, de)[0]).toMatch(new RegExp(`^${outcome.counts.dealt} Päckchen gegeben`));
    expect(checkLines(moves, outcome, de)[0]).toMatch(new RegExp(`^${outcome.counts.moves} Züge`));
    for (const t of [en, de])
      for (const c of outcome.checks)
        for (const line of checkLines(c, outcome, t)) {
          expect(line).not.toMatch(/\((e?s)\)/);
          expect(line).not.toMatch(/batch/i);
          expect(line).not.toMatch(/\{\w+(\|[^}]*)?\}/);
        }
  });

  it('the seed commitment in words (no “Seed”, no “WebCrypto” in German), the formula kept beside them', async () => {
    const record = playedRecord('classic', 4);
    const outcome = await verifyInBrowser(record);
    const commitment = outcome.checks.find((c) => c.name === 'commitment')!;
    expect(commitment.ok).toBe(true);
    const [line] = checkLines(commitment, outcome, de);
    expect(line).toMatch(/Fingerabdruck \(SHA-256\).*Startwert/);
    for (const label of [line, de('check_commitment'), de('check_commitmentNoble'), de('check_deal'), de('verified'), de('practiceSeed')]) {
      expect(label).not.toMatch(/\bSeed\b|WebCrypto/);
    }
    expect(checkLines(commitment, outcome, en)[0]).toMatch(/fingerprint \(SHA-256\).*the seed/);
    expect(commitmentFormula(commitment)).toBe(`SHA-256(serverSeed) = ${record.seedCommitment} = seedCommitment`);
    // A failed check has no formula to show: its own sentence says what went wrong.
    expect(commitmentFormula({ ...commitment, ok: false })).toBeNull();
  });

  it('the verifier’s own sentences (the command line) count in English without "(es)"', () => {
    const v = verifyRecord(playedRecord('bidding', 5));
    expect(v.ok).toBe(true);
    expect(v.passed.find((l) => l.startsWith('deal:'))).toMatch(/^deal: \d+ packets dealt, each as the deck recomputed/);
    expect(v.passed.join('\n')).not.toMatch(/\((e?s)\)/);
  });
});
