// Trick winners and following suit, per game: tables of two-card tricks (led card first).
import { describe, expect, it } from 'vitest';
import { cards } from '../../test/support/testkit.ts';
import { followers, trickRules, trickWinnerIndex } from './trumps.ts';
import type { Card, GameType, RamschTrumps } from './types.ts';

type Row = [game: GameType, led: Card, second: Card, winner: Card, why: string];

const rulesOf = (game: GameType, ramschTrumps: RamschTrumps = 'jacks') => trickRules(game, ramschTrumps);
const winnerOf = (game: GameType, led: Card, second: Card, ramschTrumps: RamschTrumps = 'jacks') =>
  trickWinnerIndex(game, ramschTrumps, led, second) === 0 ? led : second;

describe('who wins a trick', () => {
  const table: Row[] = [
    // grand: the four jacks are the only trumps
    ['grand', 'SA', 'DJ', 'DJ', 'the lowest jack is trump, the ace is not'],
    ['grand', 'CJ', 'SJ', 'CJ', 'CJ SJ HJ DJ'],
    ['grand', 'DJ', 'HJ', 'HJ', 'CJ SJ HJ DJ'],
    ['grand', 'HT', 'HA', 'HA', 'plain suit: A over T'],
    ['grand', 'HT', 'HK', 'HT', 'plain suit: T over K'],
    ['grand', 'H7', 'SA', 'H7', 'a card of another plain suit never wins'],
    ['grand', 'HQ', 'H9', 'HQ', 'A T K Q 9 8 7'],
    // suit games: jacks, then A T K Q 9 8 7 of the trump suit
    ['clubs', 'CA', 'DJ', 'DJ', 'every jack is above the trump ace'],
    ['clubs', 'CT', 'CA', 'CA', 'trump A over T'],
    ['clubs', 'CK', 'CT', 'CT', 'trump T over K'],
    ['clubs', 'C9', 'CQ', 'CQ', 'trump Q over 9'],
    ['clubs', 'C7', 'C8', 'C8', 'trump 8 over 7'],
    ['hearts', 'SA', 'H7', 'H7', 'a void player trumps a plain suit'],
    ['hearts', 'SA', 'SJ', 'SJ', 'SJ is a trump, not a spade: it trumps the spade ace'],
    ['hearts', 'SJ', 'SA', 'SJ', 'a trump led is not beaten by a plain card'],
    ['hearts', 'HJ', 'HA', 'HJ', 'HJ is above the trump ace'],
    ['spades', 'D7', 'DA', 'DA', 'plain suit: follow and win with the ace'],
    ['spades', 'DA', 'CA', 'DA', 'a plain card of another suit does not win'],
    ['diamonds', 'DJ', 'DA', 'DJ', 'DJ is the lowest jack but above the ace'],
    // ramsch: like grand, or with no trumps at all
    ['ramsch', 'CA', 'DJ', 'DJ', 'ramsch trumps are the jacks'],
    ['ramsch', 'HJ', 'SJ', 'SJ', 'CJ SJ HJ DJ'],
    // null: A K Q J T 9 8 7 per suit, no trumps
    ['null', 'HT', 'HJ', 'HJ', 'in null the jack is between queen and ten'],
    ['null', 'HJ', 'HQ', 'HQ', 'Q over J'],
    ['null', 'HT', 'H9', 'HT', 'T over 9: the ten ranks low'],
    ['null', 'HK', 'HT', 'HK', 'K over T'],
    ['null', 'SA', 'CJ', 'SA', 'no trumps: a jack of another suit does not win'],
    ['null', 'S7', 'DA', 'S7', 'another suit never wins'],
  ];
  it.each(table)('%s: %s led, %s played → %s wins (%s)', (game, led, second, winner) => {
    expect(winnerOf(game, led, second)).toBe(winner);
  });

  const noTrumps: [Card, Card, Card, string][] = [
    ['HA', 'HJ', 'HA', 'ramsch without trumps: A T K Q J 9 8 7'],
    ['HQ', 'HJ', 'HQ', 'Q over J'],
    ['HJ', 'H9', 'HJ', 'J over 9'],
    ['HT', 'HK', 'HT', 'T over K'],
    ['SA', 'CJ', 'SA', 'a jack is a plain card of its suit'],
    ['DJ', 'CJ', 'DJ', 'jacks of two suits: the led one wins'],
  ];
  it.each(noTrumps)('ramsch (ramschTrumps none): %s led, %s played → %s wins (%s)', (led, second, winner) => {
    expect(winnerOf('ramsch', led, second, 'none')).toBe(winner);
  });
});

describe('the whole order', () => {
  /** Sort cards of one class by the winner relation: each beats the next when led after it. */
  const order = (game: GameType, cs: Card[], ramschTrumps: RamschTrumps = 'jacks') => {
    return [...cs].sort((a, b) => (trickWinnerIndex(game, ramschTrumps, b, a) === 1 ? -1 : 1));
  };

  it('suit game: CJ SJ HJ DJ, then A T K Q 9 8 7 of the trump suit', () => {
    const trumps = cards('S7 HJ SA S8 DJ SQ S9 CJ ST SK SJ');
    expect(order('spades', trumps)).toEqual(cards('CJ SJ HJ DJ SA ST SK SQ S9 S8 S7'));
  });

  it('plain suit: A T K Q 9 8 7', () => {
    expect(order('grand', cards('H7 HK HA H9 HT H8 HQ'))).toEqual(cards('HA HT HK HQ H9 H8 H7'));
  });

  it('null: A K Q J T 9 8 7', () => {
    expect(order('null', cards('D7 DT DA DJ D9 DK D8 DQ'))).toEqual(cards('DA DK DQ DJ DT D9 D8 D7'));
  });

  it('ramsch without trumps: A T K Q J 9 8 7', () => {
    expect(order('ramsch', cards('C7 CJ CA C9 CT C8 CQ CK'), 'none')).toEqual(cards('CA CT CK CQ CJ C9 C8 C7'));
  });
});

describe('following suit', () => {
  type FollowRow = [game: GameType, led: Card, playable: string, mayPlay: string, why: string];
  const table: FollowRow[] = [
    ['grand', 'SA', 'SJ S7 D7', 'S7', 'SJ is a trump in grand, not a spade'],
    ['grand', 'SA', 'SJ D7', 'SJ D7', 'no spade: any card (the jack does not count as one)'],
    ['grand', 'HJ', 'SJ H7 D7', 'SJ', 'a jack led asks for a jack'],
    ['grand', 'HJ', 'H7 HA D7', 'H7 HA D7', 'no jack: any card, hearts are not trumps'],
    ['hearts', 'H7', 'CJ SA HA', 'CJ HA', 'trump led: the jacks and hearts follow'],
    ['hearts', 'HA', 'S7 D7', 'S7 D7', 'no trump: any card'],
    ['hearts', 'SA', 'SJ H7 S7', 'S7', 'SJ is a trump, not a spade'],
    ['hearts', 'SA', 'SJ H7', 'SJ H7', 'void in spades: free to trump or not'],
    ['clubs', 'CJ', 'CA D7', 'CA', 'a jack led is trump: the trump suit follows'],
    ['ramsch', 'DA', 'DJ D7 CA', 'D7', 'ramsch: DJ is a trump'],
    ['ramsch', 'CJ', 'C7 DJ', 'DJ', 'ramsch: jacks follow jacks'],
    ['null', 'DA', 'DJ CA', 'DJ', 'null: the jack follows its own suit'],
    ['null', 'DJ', 'D7 SJ', 'D7', 'null: a jack led asks for its suit, not for jacks'],
  ];
  it.each(table)('%s: %s led, holding %s → may play %s (%s)', (game, led, playable, mayPlay) => {
    expect(followers(rulesOf(game), led, cards(playable))).toEqual(cards(mayPlay));
  });

  it('ramsch without trumps: a jack follows its printed suit', () => {
    expect(followers(rulesOf('ramsch', 'none'), 'DA', cards('DJ CJ C7'))).toEqual(cards('DJ'));
    expect(followers(rulesOf('ramsch', 'none'), 'CJ', cards('DJ C7'))).toEqual(cards('C7'));
  });
});
