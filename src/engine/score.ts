// The result of a game and what is written on the score sheet (docs/rules.md, "Result and
// scoring" and "Ending early").
// biome-ignore-all lint/style/noNonNullAssertion: a game is scored once declared (contract, game, bid in bidding) or resigned (the quitter is known); the phase says which
import { cardIndex, pointsOf } from './cards.ts';
import { DEAL_STAGES, TRICK_COUNT } from './deal.ts';
import { trumpSuitOf } from './trumps.ts';
import { completedTricks, cutDeckCard, ofSeat, other, withSeat, type Contract, type State } from './state.ts';
import { SEATS, SUITS, type BySeat, type Card, type Config, type GameType, type Result, type Seat, type Suit } from './types.ts';

export const BASE_VALUE: Record<Exclude<GameType, 'ramsch' | 'null'>, number> = {
  clubs: 12,
  spades: 11,
  hearts: 10,
  diamonds: 9,
  grand: 24,
};
export const NULL_VALUE = 23;
export const NULL_HAND_VALUE = 35;

const JACKS: Card[] = ['CJ', 'SJ', 'HJ', 'DJ'];
const SUIT_TOP_DOWN = ['A', 'T', 'K', 'Q', '9', '8', '7'];

/** The matador order as card indices: the jacks, then (with spitzen) the trump suit top down. */
const JACK_ORDER = JACKS.map(cardIndex);
const SPITZEN_ORDER = Object.fromEntries(
  SUITS.map((suit) => [suit, [...JACKS, ...SUIT_TOP_DOWN.map((r) => `${suit}${r}` as Card)].map(cardIndex)]),
) as Record<Suit, number[]>;

/**
 * Matadors: the unbroken run of trumps from CJ down that `cards` hold ("with", positive) or
 * lack ("without", negative). Jacks only unless `spitzen`, which runs on through the trump suit.
 */
export function matadors(game: GameType, cards: readonly Card[], spitzen: boolean): number {
  const suit = trumpSuitOf(game);
  const order = spitzen && suit ? SPITZEN_ORDER[suit] : JACK_ORDER;
  let held = 0; // bit i: the card of index i is among `cards`
  for (const c of cards) held |= 1 << cardIndex(c);
  const withTop = (held >>> order[0]) & 1;
  let run = 0;
  while (run < order.length && ((held >>> order[run]) & 1) === withTop) run++;
  return withTop ? run : -run;
}

/** Every card the seat received in the deal (plus the stock in the bidding variant). */
export function cardsOfDeal(state: State, seat: Seat): Card[] {
  const out: Card[] = [];
  for (const stage of DEAL_STAGES[state.config.variant])
    for (const b of stage) {
      if (b.seat !== seat && b.seat !== null) continue;
      for (let i = b.from; i < b.from + b.count; i++) out.push(cutDeckCard(state, i));
    }
  return out;
}

/** The declarer's card points: tricks, plus the stock or the discards (bidding). */
export function declarerCardPoints(state: State, declarer: Seat): number {
  return state.points[declarer] + pointsOf(state.stockPickedUp ? state.discards : state.stock);
}

/** How the game ends, as `decide` sees it: `seat` is who resigned or let the deadline pass. */
export type Ending =
  | { kind: 'played' }
  | { kind: 'resigned'; seat: Seat }
  | { kind: 'timedOut'; seat: Seat }
  | { kind: 'passedIn' };

const bySeat = (f: (s: Seat) => number): BySeat<number> => ({ forehand: f('forehand'), dealer: f('dealer') });

function emptyResult(state: State, ending: Ending): Result {
  return {
    declarer: null,
    game: null,
    won: false,
    draw: false,
    end: ending.kind,
    declarerPoints: 0,
    defenderPoints: 0,
    schneider: false,
    schwarz: false,
    matadors: 0,
    multiplier: 0,
    value: 0,
    kontra: state.contract?.kontra ?? false,
    re: state.contract?.re ?? false,
    overbid: false,
    durchmarsch: false,
    passedIn: ending.kind === 'passedIn',
    resigned: ending.kind === 'resigned' ? ending.seat : null,
    timedOut: ending.kind === 'timedOut' ? ending.seat : null,
    scores: { forehand: 0, dealer: 0 },
  };
}

/** Who gave up (resigned or ran out of time): one rule for both. */
const quitterOf = (ending: Ending): Seat | null =>
  ending.kind === 'resigned' || ending.kind === 'timedOut' ? ending.seat : null;

/** The result of the game in `state` (after its last event but `finished`), ended as `ending`. */
export function finalResult(state: State, ending: Ending): Result {
  // One result object, filled in (spreading the wide object at each step costs more).
  const result = emptyResult(state, ending);
  if (ending.kind === 'passedIn') return result;
  const quitter = quitterOf(ending);
  const contract = state.contract;
  if (!contract || contract.game === null) {
    // Nobody fixed a game yet: scored like a lost ramsch of the quitter with 60 points.
    result.scores = quitterScores(state.config, quitter!);
    return result;
  }
  const declarer = contract.declarer;
  const asPlayed = tallyAsPlayed(state, declarer);
  const tally = quitter === null ? asPlayed : handOver(state, asPlayed, contract.game, quitter);
  result.declarer = declarer;
  result.game = contract.game;
  result.declarerPoints = tally.points[declarer];
  result.defenderPoints = 120 - tally.points[declarer];
  if (contract.game === 'ramsch') return Object.assign(result, ramschResult(state.config, declarer, tally, quitter));
  if (contract.game === 'null') return Object.assign(result, nullResult(state.config, contract, tally));
  return Object.assign(result, suitResult(state, contract, tally));
}

// ---------------------------------------------------------------- the cards at the end

/**
 * What each seat has at the end: card points and tricks. The declarer's card points include
 * the stock (hand game) or the discards (bidding), which count for it however the game ends.
 */
interface Tally {
  points: BySeat<number>;
  tricks: BySeat<number>;
}

function tallyAsPlayed(state: State, declarer: Seat): Tally {
  return { points: withSeat(state.points, declarer, declarerCardPoints(state, declarer)), tricks: state.tricks };
}

/**
 * A seat gave up: the game is scored as its worst continuation, so giving up is never cheaper
 * than playing on. Every card not in a completed trick (not yet dealt, on the stacks, covered,
 * in the hands, in the trick in progress) goes to one side together with every trick still to
 * come (at least one). In suit and grand games that is the other side. In ramsch, where tricks
 * cost, it is the quitter; in null too: a quitting declarer takes a trick and loses, a quitting
 * defender takes the rest and leaves the declarer without one. The stock or the discards stay
 * the declarer's: no way of playing on could give them to the defender.
 */
function handOver(state: State, asPlayed: Tally, game: GameType, quitter: Seat): Tally {
  const taker = game === 'ramsch' || game === 'null' ? quitter : other(quitter);
  const rest = 120 - asPlayed.points.forehand - asPlayed.points.dealer;
  const tricksLeft = Math.max(1, TRICK_COUNT[state.config.variant] - completedTricks(state));
  return {
    points: withSeat(asPlayed.points, taker, ofSeat(asPlayed.points, taker) + rest),
    tricks: withSeat(asPlayed.tricks, taker, ofSeat(asPlayed.tricks, taker) + tricksLeft),
  };
}

// ---------------------------------------------------------------- scoring

function quitterScores(config: Config, loser: Seat): BySeat<number> {
  return config.scoring === 'standard'
    ? bySeat((s) => (s === loser ? -60 : 0))
    : bySeat((s) => (s === loser ? 0 : 2));
}

const kontraFactor = (c: Contract) => (c.re ? 4 : c.kontra ? 2 : 1);

function ramschResult(config: Config, chooser: Seat, t: Tally, quitter: Seat | null): Partial<Result> {
  const pts = t.points;
  const standard = config.scoring === 'standard';
  // A durchmarsch must be played: the quitter took the rest by giving up, not by winning tricks.
  const durch = quitter ? undefined : SEATS.find((s) => t.tricks[other(s)] === 0 && t.tricks[s] > 0);
  if (durch) {
    return {
      won: durch === chooser,
      durchmarsch: true,
      schwarz: true,
      multiplier: 1,
      value: standard ? 120 : 4,
      scores: bySeat((s) => (s === durch ? (standard ? 120 : 4) : 0)),
    };
  }
  // Fewer card points wins; 60:60 goes against the player who chose ramsch; a quitter loses.
  const loser: Seat = quitter ?? (pts[chooser] >= pts[other(chooser)] ? chooser : other(chooser));
  return {
    won: loser !== chooser,
    multiplier: 1,
    value: standard ? pts[loser] : 2,
    scores: standard ? bySeat((s) => (s === loser ? -pts[loser] : 0)) : bySeat((s) => (s === loser ? 0 : 2)),
  };
}

function nullResult(config: Config, c: Contract, t: Tally): Partial<Result> {
  const gameValue = c.hand ? NULL_HAND_VALUE : NULL_VALUE;
  const overbid = c.bid !== null && gameValue < c.bid;
  const value = overbid ? Math.ceil(c.bid! / gameValue) * gameValue : gameValue;
  const won = t.tricks[c.declarer] === 0 && !overbid;
  return {
    won,
    overbid: overbid && !won,
    multiplier: 1,
    value,
    scores: written(config, c.declarer, won, value, kontraFactor(c), 2),
  };
}

function suitResult(state: State, c: Contract, t: Tally): Partial<Result> {
  const game = c.game as keyof typeof BASE_VALUE;
  const declarer = c.declarer;
  const declarerPoints = t.points[declarer];
  const baseValue = BASE_VALUE[game];
  const mat = matadors(game, cardsOfDeal(state, declarer), state.config.spitzen);
  const madeIt = declarerPoints >= 61;
  // Schneider and schwarz are the marks of the side that lost on card points, whoever loses
  // the game in the end (a missed announcement or an overbid loses with 61 or more).
  const schneider = madeIt ? 120 - declarerPoints <= 30 : declarerPoints <= 30;
  const schwarz = t.tricks[madeIt ? other(declarer) : declarer] === 0;
  // An announcement counts at its level, reached or not; a level reached counts once.
  const schneiderLevel = schneider || c.schneider;
  const schwarzLevel = schwarz || c.schwarz;
  const multiplier =
    Math.abs(mat) +
    1 +
    (c.hand ? 1 : 0) +
    (schneiderLevel ? 1 : 0) +
    (c.schneider ? 1 : 0) +
    (schwarzLevel ? 1 : 0) +
    (c.schwarz ? 1 : 0);
  const announcedMissed = (c.schneider && !(madeIt && schneider)) || (c.schwarz && !(madeIt && schwarz));
  let value = multiplier * baseValue;
  const overbid = c.bid !== null && value < c.bid;
  if (overbid) value = Math.ceil(c.bid! / baseValue) * baseValue;
  // Simple scoring: 60:60 is a draw, unless the game is lost anyway (announced, or overbid).
  const draw = state.config.scoring === 'simple' && declarerPoints === 60 && !overbid && !c.schneider;
  const won = draw ? null : madeIt && !announcedMissed && !overbid;
  const simplePoints = schwarzLevel ? 4 : schneiderLevel ? 3 : 2;
  const scores = draw
    ? bySeat(() => kontraFactor(c))
    : written(state.config, declarer, won!, value, kontraFactor(c), simplePoints);
  return { won, draw, schneider, schwarz, matadors: mat, multiplier, value, overbid: overbid && !won, scores };
}

/** The figures written for a won or lost game of the declarer, in either scoring. */
function written(
  config: Config,
  declarer: Seat,
  won: boolean,
  value: number,
  factor: number,
  simplePoints: number,
): BySeat<number> {
  if (config.scoring === 'standard') {
    const figure = (won ? value : -2 * value) * factor;
    return bySeat((s) => (s === declarer ? figure : 0));
  }
  const winner = won ? declarer : other(declarer);
  return bySeat((s) => (s === winner ? simplePoints * factor : 0));
}
