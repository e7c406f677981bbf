// How a game's figure came about, from the result the service sent: matadors and the other
// multiplier terms, the base value, an overbid, lost (× −2), kontra and re. The steps are
// derived from the result's own fields and shown only where they reproduce its figures exactly
// (the service's scoring is the truth; if it ever counts differently, the page shows the figures
// without a derivation rather than a wrong one).
import { BASE_VALUE, type BySeat, type Config, type ContractView, type Result } from '../../src/engine/index.ts';
import { gameName, type MessageKey, type Translate } from './i18n.ts';
import type { RuleTopic } from './i18n-rules.ts';

export type Term = 'matadorsWith' | 'matadorsWithout' | 'game' | 'hand' | 'schneider' | 'schneiderAnnounced' | 'schwarz' | 'schwarzAnnounced';

export type Arithmetic =
  | { kind: 'passedIn' }
  | { kind: 'unfixed' } // given up before a game was fixed
  | { kind: 'suit'; terms: [Term, number][]; multiplier: number; base: number; value: number; overbidTo: number | null; lost: boolean; factor: number; figure: number; simple: number | null }
  | { kind: 'null'; value: number; lost: boolean; factor: number; figure: number; simple: number | null }
  | { kind: 'ramsch'; durchmarsch: boolean; value: number; simple: number | null }
  /** The figures alone: the result's fields do not add up the way this page knows. */
  | { kind: 'plain' };

const factorOf = (r: Result) => (r.re ? 4 : r.kontra ? 2 : 1);

export function arithmetic(result: Result, contract: ContractView | null, config: Pick<Config, 'scoring'>): Arithmetic {
  if (result.passedIn || result.end === 'passedIn') return { kind: 'passedIn' };
  // A 60:60 suit or grand game in simple scoring: no winner to derive a figure for.
  if (result.draw) return { kind: 'plain' };
  if (result.declarer === null || result.game === null) return { kind: 'unfixed' };
  const declarer = result.declarer;
  const written = result.scores[declarer];
  const factor = factorOf(result);
  const simple = config.scoring === 'simple';
  const winnerPoints = simple ? Math.max(result.scores.forehand, result.scores.dealer) : null;

  if (result.game === 'ramsch') return { kind: 'ramsch', durchmarsch: result.durchmarsch, value: result.value, simple: winnerPoints };

  if (result.game === 'null') {
    const figure = (result.won ? result.value : -2 * result.value) * factor;
    if (!simple && figure !== written) return { kind: 'plain' };
    return { kind: 'null', value: result.value, lost: !result.won, factor, figure, simple: winnerPoints };
  }

  const hand = contract?.hand ?? false;
  const terms: [Term, number][] = [[result.matadors >= 0 ? 'matadorsWith' : 'matadorsWithout', Math.abs(result.matadors)], ['game', 1]];
  if (hand) terms.push(['hand', 1]);
  if (result.schneider) terms.push(['schneider', 1]);
  if (contract?.schneider) terms.push(['schneiderAnnounced', 1]);
  if (result.schwarz) terms.push(['schwarz', 1]);
  if (contract?.schwarz) terms.push(['schwarzAnnounced', 1]);
  const multiplier = terms.reduce((n, [, k]) => n + k, 0);
  const base = BASE_VALUE[result.game];
  const plainValue = multiplier * base;
  const overbidTo = result.value !== plainValue ? result.value : null;
  const figure = (result.won ? result.value : -2 * result.value) * factor;
  const consistent =
    multiplier === result.multiplier &&
    (overbidTo === null || (contract?.bid != null && plainValue < contract.bid && overbidTo % base === 0)) &&
    (simple ? winnerPoints !== null && winnerPoints % factor === 0 : figure === written);
  if (!consistent) return { kind: 'plain' };
  return { kind: 'suit', terms, multiplier, base, value: result.value, overbidTo, lost: !result.won, factor, figure, simple: simple ? winnerPoints! / factor : null };
}

/** A signed figure with a true minus sign (−84, never -84): the result and the score sheet alike. */
export const signedFigure = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
const sign = signedFigure;

/** The result as lines for the page: who won and why, the arithmetic, each player's figure. */
export function describeResult(
  result: Result,
  contract: ContractView | null,
  config: Pick<Config, 'scoring'>,
  names: BySeat<string>,
  t: Translate,
): { headline: string; lines: string[]; scores: string[]; terms: [string, RuleTopic][] } {
  const a = arithmetic(result, contract, config);
  const lines: string[] = [];
  // The words of the rules used in the lines, each with its section of /rules (the page links them).
  const terms: [string, RuleTopic][] = [];
  const term = (text: string, topic: RuleTopic) => (terms.some(([x]) => x === text) || terms.push([text, topic]), text);
  let headline: string;
  if (a.kind === 'passedIn') headline = t('passedIn');
  // Given up before a game was declared: how it ended is the headline, said once.
  else if (result.declarer === null)
    headline = result.timedOut ? t('timedOutBy', { name: names[result.timedOut] }) : t('resignedBy', { name: names[result.resigned ?? 'forehand'] });
  else {
    const game = gameName(t, result.game!);
    const who = names[result.declarer];
    headline = result.draw ? `${game}: ${t('drawnGame')}` : `${game}: ${t(result.won ? 'won' : 'lost', { name: who })}`;
    // Ramsch has no declarer and defender: each player by name.
    if (result.declarerPoints + result.defenderPoints > 0)
      lines.push(
        result.game === 'ramsch'
          ? t('cardPointsRamsch', { a: who, x: result.declarerPoints, b: names[result.declarer === 'forehand' ? 'dealer' : 'forehand'], y: result.defenderPoints })
          : t('cardPoints', { a: result.declarerPoints, b: result.defenderPoints }),
      );
  }
  if (result.resigned && result.declarer !== null) lines.push(t('resignedBy', { name: names[result.resigned] }));
  if (result.timedOut && result.declarer !== null) lines.push(t('timedOutBy', { name: names[result.timedOut] }));

  const kontra = () => term(t('kontraDouble'), 'kontra');
  const re = () => term(t('reAgain'), 're');
  const lost = () => term(t('lostDouble'), 'lost');
  const doubles = (factor: number) => (factor === 4 ? [kontra(), re()] : factor === 2 ? [kontra()] : []);
  const topicOf: Record<Exclude<Term, 'matadorsWith' | 'matadorsWithout' | 'game'>, RuleTopic> = {
    hand: 'hand',
    schneider: 'schneider',
    schneiderAnnounced: 'announced',
    schwarz: 'schwarz',
    schwarzAnnounced: 'announced',
  };
  if (a.kind === 'suit') {
    const words = a.terms.map(([which, n]) =>
      which === 'matadorsWith' || which === 'matadorsWithout'
        ? term(t(which, { n }), 'matadors')
        : which === 'game'
          ? `${t('term_game')} ${n}`
          : `${term(t(`term_${which}` as MessageKey), topicOf[which])} ${n}`,
    );
    lines.push(`${words.join(' + ')} = ${term(t('multiplier', { n: a.multiplier }), 'multiplier')}`);
    if (a.simple !== null) {
      lines.push(term(t('simpleWinner', { n: a.simple }), 'simple'));
      let points = a.simple;
      for (const d of doubles(a.factor)) lines.push(`${d} = ${(points *= 2)}`);
    } else {
      lines.push(`${t('multiplier', { n: a.multiplier })} × ${t('baseValue', { n: a.base })} = ${a.multiplier * a.base}`);
      if (a.overbidTo !== null) lines.push(`${term(t('overbid', { n: contract!.bid! }), 'overbid')} → ${a.overbidTo}`);
      let running = a.value;
      if (a.lost) lines.push(`${lost()} = ${sign((running = -2 * running))}`);
      if (a.factor >= 2) lines.push(`${kontra()} = ${sign((running *= 2))}`);
      if (a.factor === 4) lines.push(`${re()} = ${sign((running *= 2))}`);
    }
  } else if (a.kind === 'null') {
    lines.push(t('nullValue', { n: a.value }));
    if (a.simple !== null) {
      let points = a.simple / a.factor;
      lines.push(term(t('simpleWinner', { n: points }), 'simple'));
      for (const d of doubles(a.factor)) lines.push(`${d} = ${(points *= 2)}`);
    }
    else {
      let running = a.value;
      if (a.lost) lines.push(`${lost()} = ${sign((running = -2 * running))}`);
      if (a.factor >= 2) lines.push(`${kontra()} = ${sign((running *= 2))}`);
      if (a.factor === 4) lines.push(`${re()} = ${sign((running *= 2))}`);
    }
  } else if (a.kind === 'ramsch') {
    lines.push(a.durchmarsch ? term(t('durchmarsch'), 'ramsch') : a.simple !== null ? term(t('simpleWinner', { n: a.simple }), 'simple') : term(t('ramschLoser'), 'ramsch'));
  }
  const scores = (['forehand', 'dealer'] as const).map((s) => t('scoreOf', { name: names[s], n: sign(result.scores[s]) }));
  return { headline, lines, scores, terms };
}
