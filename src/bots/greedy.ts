// `greedy`: a handful of plain rules (the figures are tuned against `random` by self-play):
//   - Fixing the game: each game is rated on the cards the bot can see (open cards and hand):
//     a jack counts 3, a trump ace or ten 2, another trump 1.5, a plain ace 1, a plain ten 0.5
//     (grand: jacks 3, aces 1.5, tens 0.5). The best-rated suit or grand is declared; never null,
//     never ramsch (self-play: ramsch at most breaks even, so any suit game does better).
//   - Bidding: it bids (and holds) up to the value of its best game — (matadors visibly held
//     from CJ down, at least 1, + 1) × base value — when that game has at least half of the
//     visible cards as trumps (grand: 3 jacks, or 2 jacks and 2 aces); else it passes. As
//     declarer it picks up the stock and lays away the two plain cards that score best (tens
//     and kings of short suits; never aces or trumps).
//   - Kontra / re: when at least half of its visible cards are trumps of the declared game
//     (kontra also needs a jack or a trump ace/ten).
//   - Play (suit and grand): following, it wins with a plain card whenever it can (the one
//     banking the most points), ruffs with its lowest trump only a trick worth 3+ points,
//     otherwise throws its cheapest card. Leading, it plays a sure winner — the highest card
//     still out in its class, in a class the opponent must follow — richest first (trumps
//     first as declarer, to draw the opponent's), else its cheapest card.
//   - Ramsch and null (as declarer): it ducks under the led card with its highest-point (null:
//     highest) card that loses, leads its lowest. Null defender: plays low to let the
//     declarer win.
// biome-ignore-all lint/style/noNonNullAssertion: a strategy picks among the view's legalMoves and reads what its phase guarantees (`you` when seated, `contract` once declared); a move it has just seen listed is there
import { DECK, POINTS, beats, trickRules, type Card, type GameType } from '../engine/index.ts';
import { ownCards, type ApiMove, type BotView, type Memory, type Strategy } from './strategy.ts';

// ---------------------------------------------------------------- greedy

const SUIT_OF_GAME: Partial<Record<GameType, string>> = { clubs: 'C', spades: 'S', hearts: 'H', diamonds: 'D' };
const BASE: Partial<Record<GameType, number>> = { clubs: 12, spades: 11, hearts: 10, diamonds: 9, grand: 24 };
const JACKS: Card[] = ['CJ', 'SJ', 'HJ', 'DJ'];

const isJack = (c: Card) => c[1] === 'J';
const isTrump = (game: GameType, c: Card) =>
  game !== 'null' && game !== 'ramsch' ? isJack(c) || c[0] === SUIT_OF_GAME[game] : game === 'ramsch' && isJack(c);

/** How good `cards` are for declaring `game` (see the header). */
export function rate(game: GameType, cards: readonly Card[]): number {
  let r = 0;
  for (const c of cards) {
    const rank = c[1];
    if (game === 'grand') r += isJack(c) ? 3 : rank === 'A' ? 1.5 : rank === 'T' ? 0.5 : 0;
    else if (isTrump(game, c)) r += isJack(c) ? 3 : rank === 'A' || rank === 'T' ? 2 : 1.5;
    else r += rank === 'A' ? 1 : rank === 'T' ? 0.5 : 0;
  }
  return r;
}

const count = (cards: readonly Card[], f: (c: Card) => boolean) => cards.reduce((n, c) => n + (f(c) ? 1 : 0), 0);

/** The suit or grand game the cards rate best at, and whether it is strong enough to bid for. */
export function bestGame(cards: readonly Card[], allowed?: readonly GameType[]): { game: GameType; rating: number; strong: boolean } {
  const games = (allowed ?? ['clubs', 'spades', 'hearts', 'diamonds', 'grand']).filter((g) => g in BASE);
  let best = { game: games[0], rating: -1 };
  for (const g of games) {
    // Grand needs jacks; weigh it down a little so a long suit wins the tie.
    const r = rate(g, cards) - (g === 'grand' ? 1 : 0);
    if (r > best.rating || (r === best.rating && BASE[g]! > BASE[best.game]!)) best = { game: g, rating: r };
  }
  const jacks = count(cards, isJack);
  const strong =
    best.game === 'grand'
      ? jacks >= 3 || (jacks >= 2 && count(cards, (c) => c[1] === 'A') >= 2)
      : count(cards, (c) => isTrump(best.game, c)) * 2 >= cards.length;
  return { ...best, strong };
}

/** The least the game is worth: matadors visibly held from CJ down (at least 1), + 1, × base. */
function safeValue(game: GameType, cards: readonly Card[]): number {
  let run = 0;
  while (run < 4 && cards.includes(JACKS[run])) run++;
  return (Math.max(run, 1) + 1) * BASE[game]!;
}

const byMin = <T>(xs: readonly T[], key: (x: T) => number): T => {
  let best = xs[0];
  let k = key(best);
  for (const x of xs.slice(1)) {
    const kx = key(x);
    if (kx < k) [best, k] = [x, kx];
  }
  return best;
};

export const greedy: Strategy = (view, memory, pick) => {
  const moves = view.legalMoves;
  if (moves.length === 0) throw new Error('no legal move');
  const type = moves[0].type;
  const mine = ownCards(view);
  const find = (t: ApiMove['type']) => moves.find((m) => m.type === t);

  if (type === 'cut') return moves[pick(moves.length)];

  if (type === 'play') return play(view, memory);

  if (type === 'kontra' || type === 're') {
    const game = view.contract!.game!;
    const trumps = count(mine, (c) => isTrump(game, c));
    const high = count(mine, (c) => isTrump(game, c) && (isJack(c) || c[1] === 'A' || c[1] === 'T'));
    const say = trumps * 2 >= mine.length && (type === 're' || high > 0);
    return say ? find(type)! : find('pass')!;
  }

  if (type === 'bid' || type === 'hold' || (type === 'pass' && view.bidding)) {
    const best = bestGame(mine);
    const limit = best.strong ? safeValue(best.game, mine) : 0;
    const bid = moves.find((m) => m.type === 'bid');
    if (bid && bid.type === 'bid') return bid.value <= limit ? bid : find('pass')!;
    if (find('hold')) return view.bidding!.value <= limit ? find('hold')! : find('pass')!;
    return find('pass')!;
  }

  if (find('pickUpStock')) return find('pickUpStock')!;

  if (type === 'discard') {
    const { game } = bestGame(mine);
    const suitCount = (c: Card) => count(mine, (x) => x[0] === c[0] && !isTrump(game, x));
    // Lay away points that are likely lost in play: tens and kings of short plain suits.
    const worth = (c: Card) => (isTrump(game, c) || c[1] === 'A' ? -100 : POINTS[c] + 6 / suitCount(c));
    const rank = (m: ApiMove) => (m.type === 'discard' ? -(worth(m.cards[0] as Card) + worth(m.cards[1] as Card)) : 0);
    return byMin(moves, rank);
  }

  if (type === 'declare') {
    const declares = moves.filter((m): m is Extract<ApiMove, { type: 'declare' }> => m.type === 'declare');
    // Plain declarations only (no hand announcements; the stock was picked up).
    const plain = declares.filter((m) => !m.schneider && !m.schwarz);
    const games = plain.map((m) => m.game!);
    const best = bestGame(mine, games);
    return plain.find((m) => m.game === best.game)!;
  }

  return moves[pick(moves.length)];
};

function play(view: BotView, memory: Memory): ApiMove {
  const game = view.contract!.game!;
  const me = view.you!;
  const rules = trickRules(game, view.config.ramschTrumps);
  const legal = view.legalMoves.map((m) => (m as { card: Card }).card);
  const mine = ownCards(view);
  const declarer = view.contract!.declarer === me;
  const trump = (c: Card) => rules.cls[c] === 'trump';
  const cheap = (c: Card) => POINTS[c] * 10 + (trump(c) ? 100 : 0) + rules.power[c];
  const playCard = (card: Card): ApiMove => view.legalMoves.find((m) => m.type === 'play' && m.card === card)!;
  const avoid = game === 'ramsch' || (game === 'null' && declarer);

  if (view.trick.length === 1) {
    const led = view.trick[0].card;
    const wins = (c: Card) => beats(game, view.config.ramschTrumps, led, c);
    const winners = legal.filter(wins);
    const losers = legal.filter((c) => !wins(c));
    if (avoid) {
      // Duck, shedding what hurts most; when forced to win, take as little as possible.
      if (losers.length) return playCard(byMin(losers, (c) => (game === 'null' ? -rules.power[c] : -POINTS[c] * 100 - rules.power[c])));
      return playCard(byMin(winners, (c) => POINTS[c] * 100 - rules.power[c]));
    }
    if (game === 'null') return playCard(byMin(losers.length ? losers : legal, (c) => rules.power[c]));
    const plainWinners = winners.filter((c) => !trump(c));
    if (plainWinners.length) return playCard(byMin(plainWinners, (c) => -POINTS[c] * 100 + rules.power[c]));
    if (winners.length && POINTS[led] >= 3) return playCard(byMin(winners, (c) => rules.power[c]));
    return playCard(byMin(legal, cheap));
  }

  // Leading.
  if (avoid || game === 'null') return playCard(byMin(legal, (c) => rules.power[c] + (trump(c) ? 100 : 0)));
  const known = new Set<Card>([...mine, ...memory.played]);
  const opponent = view.table[me === 'forehand' ? 'dealer' : 'forehand'];
  const opponentOpen = opponent.stacks.map((s) => s.open).filter((c): c is Card => c !== null);
  const sure = legal.filter((c) => {
    const cls = rules.cls[c];
    const higherOut = DECK.some((x) => rules.cls[x] === cls && rules.power[x] > rules.power[c] && !known.has(x));
    if (higherOut) return false;
    // The opponent can't ruff a class it must follow, and nobody ruffs a trump.
    return cls === 'trump' || opponentOpen.some((x) => rules.cls[x] === cls);
  });
  if (sure.length) {
    const pullTrumps = declarer && sure.some(trump);
    return playCard(byMin(pullTrumps ? sure.filter(trump) : sure, (c) => -POINTS[c] * 100 - rules.power[c]));
  }
  return playCard(byMin(legal, cheap));
}
