import { describe, expect, it } from 'vitest';
import { DECK } from '../../src/engine/index.ts';
import { cardSprite, cardSymbol } from './cards.ts';

describe('the card pictures', () => {
  it('one symbol per card and a back, each id once, French suits as the API names them', () => {
    const sprite = cardSprite('en');
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((id) => id.startsWith('card-'))).toEqual([...DECK.map((c) => `card-${c}`), 'card-back']);
    expect(ids.filter((id) => id.startsWith('suit-')).sort()).toEqual(['suit-C', 'suit-D', 'suit-H', 'suit-S']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('number cards show their count of pips; every face its suit and its index', () => {
    const pips = (card: (typeof DECK)[number]) => cardSymbol(card, 'en').split('</g>').at(-1)!; // after the index
    for (const card of DECK) {
      const symbol = cardSymbol(card, 'en');
      expect(symbol).toContain(`href="#suit-${card[0]}"`);
      const rank = card[1];
      const expected = { '7': 7, '8': 8, '9': 9, T: 10 }[rank as '7'];
      if (expected) expect(symbol.split('<g class="index"')[0].match(/<use /g)).toHaveLength(expected);
      expect(pips(card)).toBe('</symbol>');
    }
  });

  it('the index in the language’s letters (Bube, Dame, König in German)', () => {
    expect(cardSymbol('CJ', 'de')).toContain('>B</text>');
    expect(cardSymbol('CJ', 'en')).toContain('>J</text>');
    expect(cardSymbol('SQ', 'de')).toContain('>D</text>');
    expect(cardSymbol('HT', 'de')).toContain('>10</text>');
  });
});
