// The card pictures: 32 French-suited faces and a back, drawn here as SVG symbols (one sprite in
// the page; each card on the table is a <use> of its symbol). The suits are shapes, not font
// glyphs, so they look the same everywhere. Colours are the tournament deck's four (clubs black,
// spades green, hearts red, diamonds orange): at phone size the suit is told by colour at a
// glance. The corner index is large (it is what a small card shows), in the language's letters.
import type { Card } from '@offiziersskat/client';
import { DECK } from '../../src/engine/cards.ts';
import { RANK_INDEX, type Language } from './i18n.ts';

export const CARD_WIDTH = 60;
export const CARD_HEIGHT = 84;

export const SUIT_COLOURS: Record<string, string> = { C: '#1f2328', S: '#1a7f37', H: '#cf222e', D: '#c2570c' };

/** The suits in a 100×100 box. */
const SUIT_PATHS: Record<string, string> = {
  C:
    'M50 4a21 21 0 0 1 17 33.5a21 21 0 1 1-12 37.5c1 9 5 16 13 21H32c8-5 12-12 13-21a21 21 0 1 1-12-37.5A21 21 0 0 1 50 4z',
  S: 'M50 3C64 22 95 38 95 60c0 14-10 23-22 23c-8 0-14-4-18-9c1 10 5 17 13 23H32c8-6 12-13 13-23c-4 5-10 9-18 9C15 83 5 74 5 60C5 38 36 22 50 3z',
  H: 'M50 94C30 76 4 58 4 32C4 15 16 5 29 5c10 0 17 6 21 14c4-8 11-14 21-14c13 0 25 10 25 27c0 26-26 44-46 62z',
  D: 'M50 2L88 50L50 98L12 50z',
};

/** Pip centres for the number cards, in the card's 60×84 box: columns L, C, R. */
const L = 23.5;
const C = 30;
const R = 36.5;
const PIPS: Record<string, [number, number][]> = {
  '7': [[L, 16], [R, 16], [C, 29], [L, 42], [R, 42], [L, 68], [R, 68]],
  '8': [[L, 16], [R, 16], [C, 29], [L, 42], [R, 42], [C, 55], [L, 68], [R, 68]],
  '9': [[L, 16], [R, 16], [L, 32], [R, 32], [C, 42], [L, 52], [R, 52], [L, 68], [R, 68]],
  T: [[L, 16], [R, 16], [C, 24], [L, 32], [R, 32], [L, 52], [R, 52], [C, 60], [L, 68], [R, 68]],
};

/** Headwear of the court cards, over a head at (30, 40): a cap, a tiara, a crown. */
const HEADWEAR: Record<string, string> = {
  J: 'M20 35Q21 22 33 23Q42 24 41 35z M38 25q6-8 9-14q-2 9-6 15z',
  Q: 'M21 34L22 25L26 30L30 22L34 30L38 25L39 34z',
  K: 'M20 34L20 22L25 28L30 19L35 28L40 22L40 34z',
};

const use = (id: string, x: number, y: number, size: number, extra = '') =>
  `<use href="#${id}" x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}"${extra}/>`;

/** The corner index (rank over suit), drawn again upside down in the opposite corner. */
function index(card: Card, language: Language): string {
  const rank = RANK_INDEX[language][card[1]];
  const colour = SUIT_COLOURS[card[0]];
  const text =
    rank.length > 1
      ? `<text x="2.5" y="15" font-size="13" textLength="14" lengthAdjust="spacingAndGlyphs" fill="${colour}">${rank}</text>`
      : `<text x="9.5" y="15.5" font-size="15" text-anchor="middle" fill="${colour}">${rank}</text>`;
  const corner = `${text}${use(`suit-${card[0]}`, 9.5, 23, 11)}`;
  return `<g class="index" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-weight="700">${corner}<g transform="rotate(180 30 42)">${corner}</g></g>`;
}

function body(card: Card): string {
  const suit = `suit-${card[0]}`;
  const rank = card[1];
  const colour = SUIT_COLOURS[card[0]];
  if (rank === 'A') return use(suit, 30, 42, 30);
  if (rank in PIPS)
    return PIPS[rank].map(([x, y]) => use(suit, x, y, 10, y > 42 ? ` transform="rotate(180 ${x} ${y})"` : '')).join('');
  // A court card: a framed panel, the suit above a figure (head, headwear, shoulders).
  const jack = rank === 'J';
  return [
    `<rect x="14" y="7" width="32" height="70" rx="2.5" fill="${colour}" fill-opacity="0.09" stroke="${colour}" stroke-width="${jack ? 1.6 : 0.8}"/>`,
    use(suit, 30, 15, 9),
    `<path d="${HEADWEAR[rank]}" fill="${colour}"/>`,
    `<circle cx="30" cy="40" r="6.5" fill="#f6dcc0" stroke="#6b4f3a" stroke-width="0.7"/>`,
    `<path d="M17 66Q17 51 30 49Q43 51 43 66z" fill="${colour}"/>`,
    use(suit, 30, 71, 7),
  ].join('');
}

/** The symbol of one card face. */
export function cardSymbol(card: Card, language: Language): string {
  return (
    `<symbol id="card-${card}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">` +
    `<rect x="0.5" y="0.5" width="59" height="83" rx="4.5" fill="#fff" stroke="#8c959f"/>` +
    body(card) +
    index(card, language) +
    `</symbol>`
  );
}

const BACK =
  `<symbol id="card-back" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">` +
  `<rect x="0.5" y="0.5" width="59" height="83" rx="4.5" fill="#fff" stroke="#8c959f"/>` +
  `<rect x="4" y="4" width="52" height="76" rx="2.5" fill="#1e40af"/>` +
  `<rect x="4" y="4" width="52" height="76" rx="2.5" fill="url(#back-lattice)"/>` +
  `<rect x="9" y="9" width="42" height="66" rx="2" fill="none" stroke="#bfdbfe" stroke-width="1"/>` +
  `<path d="M30 30L40 42L30 54L20 42z" fill="#bfdbfe"/>` +
  `</symbol>`;

/** The whole sprite: suit shapes, 32 faces, the back. Inserted once into the page. */
export function cardSprite(language: Language): string {
  const suits = Object.entries(SUIT_PATHS)
    .map(([s, d]) => `<symbol id="suit-${s}" viewBox="0 0 100 100"><path d="${d}" fill="${SUIT_COLOURS[s]}"/></symbol>`)
    .join('');
  const lattice =
    '<pattern id="back-lattice" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
    '<path d="M0 0H6M0 0V6" stroke="#3b82f6" stroke-width="1.2"/></pattern>';
  return `<defs>${lattice}</defs>${suits}${DECK.map((c) => cardSymbol(c, language)).join('')}${BACK}`;
}
