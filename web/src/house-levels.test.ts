// The house bots as the web client shows them: weakest first, then the other bots by name; a house
// bot's name in the reader's words, from its level or from the name the service stored.
import { describe, expect, it } from 'vitest';
import { byStrength, shownBotName } from './house-levels.ts';
import { translator } from './i18n.ts';

describe('the house levels in the web client', () => {
  it('orders house bots weakest first, then the other bots by name', () => {
    const bots = [
      { name: 'Zed', houseLevel: null },
      { name: 'Computer (expert)', houseLevel: 'star' },
      { name: 'Anna bot', houseLevel: null },
      { name: 'Computer (beginner)', houseLevel: 'random' },
      { name: 'Computer (strong)', houseLevel: 'pimc' },
    ];
    expect(byStrength(bots).map((b) => b.name)).toEqual(['Computer (beginner)', 'Computer (strong)', 'Computer (expert)', 'Anna bot', 'Zed']);
  });

  it('names a house bot in the reader’s language; a person or another bot keeps its name', () => {
    const de = translator('de');
    expect(shownBotName(de, { name: 'Computer (easy)', bot: true, houseLevel: 'greedy' })).toBe('Computer (leicht)');
    expect(shownBotName(de, { name: 'Computer (expert)', bot: true })).toBe('Computer (Experte)');
    expect(shownBotName(translator('en'), { name: 'Computer (strong)', bot: true })).toBe('Computer (strong)');
    expect(shownBotName(de, { name: 'Computer (easy)', bot: false })).toBe('Computer (easy)');
    expect(shownBotName(de, { name: 'Forever bot', bot: true, houseLevel: null })).toBe('Forever bot');
  });
});
